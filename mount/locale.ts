import { LOCALES, isLocale, type Locale } from '../src/domain/types'
import { PropError } from '../src/props/parse'

export const DEFAULT_LOCALE: Locale = 'fr'

/**
 * Locale of a widget element (docs/architecture.md): `data-locale` on the element, else the nearest
 * `lang` attribute, else the `/{locale}/` URL prefix, else `fr`. Region subtags are ignored
 * (`lang="nl-BE"` is Dutch). A `lang` of another language falls through to the next rule.
 */
export function resolveLocale(el: Element, pathname: string): Locale {
  // An SVG or other non-HTML element may carry no dataset.
  const explicit = 'dataset' in el ? (el as HTMLElement).dataset.locale : undefined
  if (explicit !== undefined) {
    if (isLocale(explicit)) return explicit
    throw new PropError(
      'data-locale',
      `data-locale="${explicit}" must be one of: ${LOCALES.join(', ')}`,
    )
  }
  const lang = el.closest('[lang]')?.getAttribute('lang')?.toLowerCase().split('-')[0]
  if (isLocale(lang)) return lang
  const prefix = /^\/([a-z]{2})(\/|$)/.exec(pathname)?.[1]
  if (isLocale(prefix)) return prefix
  return DEFAULT_LOCALE
}
