import type { Locale } from '../src/domain/types'
import type { AnyWidgetDefinition } from '../src/props/schema'
import { hasTextFile, loadNamespaces, loadTextFile } from '../src/i18n/i18n'
import { textBundleOf } from './bundles'

/**
 * The mark of the text a crashed widget shows in its place (`common.crashed`), from either
 * renderer; wine-widgets.css (mount/reserve.css) gives it its look, so both look the same.
 */
export const FALLBACK_ATTRIBUTE = 'data-widget-fallback'

/**
 * Loads a widget's code and its texts in parallel: its text file (mount/bundles.ts; the build
 * puts there every namespace the widget's code names), or for a widget the build has no file for
 * (a test's own definition) every namespace. For both renderers (React: ./root; DOM: ./dom-root).
 */
export async function loadCodeAndTexts(definition: AnyWidgetDefinition, locale: Locale) {
  const file = textBundleOf(definition.name)
  const [module, texts] = await Promise.all([
    definition.load(),
    hasTextFile(file) ? loadTextFile(locale, file) : loadNamespaces(locale),
  ])
  return { module, texts }
}
