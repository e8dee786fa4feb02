import { onTestFinished } from 'vitest'
import { render, type RenderResult } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import type { AnyWidgetDefinition, DomWidget } from '../src/props/schema'
import { loadCodeAndTexts } from '../mount/widget-code'
import { domTexts } from '../src/i18n/text-files'
import { parseProps } from '../src/props/parse'
import type { Locale } from '../src/domain/types'
import { WidgetTree, loadWidget } from '../mount/root'
import type { PlacedWidgets } from '../src/ui/widget-tag/WidgetTag'

export interface RenderWidgetOptions {
  locale?: Locale
  /** The tag's attributes, e.g. `{ 'data-collection': 'regions' }`. */
  attributes?: Record<string, string>
  /** A QueryClient to share between several widgets of one test. */
  client?: QueryClient
  /** What the runtime would answer about other widgets (default: none exists). */
  widgets?: PlacedWidgets
}

export type RenderedWidget = RenderResult & { element: HTMLElement; client: QueryClient }

/** A QueryClient like the page's, without retries, so failures show at once in tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 5 * 60_000 },
      mutations: { retry: false },
    },
  })
}

/** A tag for `definition` with `attributes` in the page, and its props as the runtime parses them. */
function placeTag(definition: AnyWidgetDefinition, attributes: Record<string, string>) {
  const element = document.createElement('div')
  element.setAttribute('data-widget', definition.name)
  for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, v)
  document.body.appendChild(element)
  return { element, props: parseProps(definition.props, element.dataset) }
}

/**
 * Render a widget the way the mount runtime does: its tag's attributes go through the widget's
 * prop schema, and it renders inside the same providers and error boundary as on a page.
 * Throws the runtime's PropError for bad attributes.
 */
export async function renderWidget(
  definition: AnyWidgetDefinition,
  {
    locale = 'fr',
    attributes = {},
    client = createTestQueryClient(),
    widgets,
  }: RenderWidgetOptions = {},
): Promise<RenderedWidget> {
  const { element, props } = placeTag(definition, attributes)
  const { Widget, i18n } = await loadWidget(definition, locale)
  const result = render(
    <WidgetTree
      client={client}
      i18n={i18n}
      locale={locale}
      name={definition.name}
      Widget={Widget}
      props={props}
      element={element}
      widgets={widgets}
    />,
    { container: element },
  )
  return Object.assign(result, { element, client })
}

/** A widget drawn without React (`defineDomWidget`) as the runtime mounts it. */
export interface RenderedDomWidget {
  element: HTMLElement
  client: QueryClient
  unmount(): void
}

/**
 * Mounts a widget drawn without React (`defineDomWidget`, e.g. quotes) in a fresh tag, with its
 * texts and a test QueryClient, as `mount/dom-root.ts` does in a page.
 */
export async function renderDomWidget(
  definition: AnyWidgetDefinition,
  {
    locale = 'fr',
    attributes = {},
    client = createTestQueryClient(),
  }: Omit<RenderWidgetOptions, 'widgets'> = {},
): Promise<RenderedDomWidget> {
  const { element, props } = placeTag(definition, attributes)
  const { module, texts } = await loadCodeAndTexts(definition, locale, domTexts)
  // A DOM definition's module is a DomWidget; the props went through its own schema.
  const draw = module.default as DomWidget<Record<string, unknown>>
  const mounted = draw({
    element,
    props,
    locale,
    textsFor: (namespace) => texts[namespace],
    client,
  })
  let mountedNow = true
  const unmount = () => {
    if (!mountedNow) return
    mountedNow = false
    mounted.unmount()
    element.remove()
  }
  // As Testing Library unmounts React roots after each test: no widget outlives its test.
  onTestFinished(unmount)
  return { element, client, unmount }
}
