/**
 * The renderer of a widget drawn without React (`defineDomWidget`, e.g. quotes): its code and
 * its texts load in parallel (./widget-code), then it draws into its tag. No React, no page services: a page
 * whose widgets are all drawn this way downloads neither (the quotes-only page). In the page base
 * chunk (vite.config.ts `PAGE_BASE`), which every widget page loads anyway.
 */
// Before any widget's styles, whichever renderer or widget loads first: the host-proof baseline
// and the theme's properties (docs/theming.md), in the page base chunk's stylesheet.
import './baseline.css'
import type { DomWidget } from '../src/props/schema'
import { getPageQueryClient } from '../src/api/query-client'
import { reportError } from '../src/report/report'
import { checkAttributes } from '../src/props/tag-hints'
import { domTexts } from '../src/i18n/text-files'
import { FALLBACK_ATTRIBUTE, loadCodeAndTexts } from './widget-code'
import type { Renderer } from './runtime'

export const render: Renderer = async ({ element, definition, props, locale }) => {
  // A misspelt attribute the runtime let through (it is not required): a "did you mean" warning.
  checkAttributes(element, definition)
  const { module, texts } = await loadCodeAndTexts(definition, locale, domTexts)
  // A DOM definition's module is a DomWidget (defineDomWidget's type); the runtime parsed
  // `props` through the same definition's schema, so widening them is sound.
  const draw = module.default as DomWidget<Record<string, unknown>>
  try {
    return draw({
      element,
      props,
      locale,
      textsFor: (namespace) => texts[namespace],
      client: getPageQueryClient(),
    })
  } catch (error) {
    // As a React widget's error boundary would: the failure is reported, the tag says so.
    reportError({
      widget: definition.name,
      area: 'widget',
      message: `${definition.name}: uncaught error`,
      error,
    })
    const message = element.ownerDocument.createElement('p')
    message.setAttribute('role', 'status')
    message.setAttribute(FALLBACK_ATTRIBUTE, '')
    message.textContent = texts.common.crashed
    element.replaceChildren(message)
    return { unmount: () => element.replaceChildren() }
  }
}
