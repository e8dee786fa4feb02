import type { Locale } from '../src/domain/types'
import type { AnyWidgetDefinition } from '../src/props/schema'
import { hasTextFile } from '../src/i18n/text-files'
import { textBundleOf } from './bundles'

/**
 * The mark of the text a crashed widget shows in its place (`common.crashed`), from either
 * renderer; wine-widgets.css (mount/reserve.css) gives it its look, so both look the same.
 */
export const FALLBACK_ATTRIBUTE = 'data-widget-fallback'

/** How a renderer loads texts: one text file, or (a widget the build has no file for) all. */
export interface TextsLoader<T> {
  file(locale: Locale, file: string): Promise<T>
  all(locale: Locale): Promise<T>
}

/**
 * Loads a widget's code and its texts in parallel: its text file (mount/bundles.ts; the build
 * puts there every namespace the widget's code names), or for a widget the build has no file for
 * (a test's own definition) every namespace. The loader is the renderer's: i18next for a React
 * root (./root), the file as it is for a widget drawn without React (./dom-root), whose page
 * then loads no i18next.
 */
export async function loadCodeAndTexts<T>(
  definition: AnyWidgetDefinition,
  locale: Locale,
  texts: TextsLoader<T>,
) {
  const file = textBundleOf(definition.name)
  const [module, loaded] = await Promise.all([
    definition.load(),
    hasTextFile(file) ? texts.file(locale, file) : texts.all(locale),
  ])
  return { module, texts: loaded }
}
