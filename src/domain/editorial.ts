/**
 * Editorial collection entries ("Collection entry") as the slider, decouvrir and
 * index widgets read them: checked field by field, so a widget never renders a missing title or
 * links to an unsafe URL. Also the localized paths of the collection index pages.
 */
import type { Locale } from './types'
import type { EditorialCollection } from './editorial-constants'
import { safeUrl } from './safe-url'
import { isRecord } from './is-record'
import { trimmedText } from './trimmed-text'

export const REGION_LEVELS = ['region', 'subregion', 'village'] as const
export type RegionLevel = (typeof REGION_LEVELS)[number]

/** The collection index page is `/{locale}/{collection name, lowercase, no accents}`. */
export const COLLECTION_PATHS: Record<EditorialCollection, Record<Locale, string>> = {
  regions: { en: 'regions', fr: 'regions', nl: 'regios' },
  grapes: { en: 'grapes', fr: 'cepages', nl: 'druiven' },
  estates: { en: 'estates', fr: 'domaines', nl: 'domeinen' },
  bundles: { en: 'bundles', fr: 'coffrets', nl: 'pakketten' },
  articles: { en: 'articles', fr: 'articles', nl: 'artikels' },
}

/** The collection index page of a collection, e.g. `/nl/regios`. */
export function collectionIndexUrl(collection: EditorialCollection, locale: Locale): string {
  return `/${locale}/${COLLECTION_PATHS[collection][locale]}`
}

export interface EditorialEntry {
  title: string
  /** The entry page; "" when missing or unsafe (the title is then shown without a link). */
  url: string
  /** The hero image; "" when the entry has none. */
  hero: string
  metaDescription: string
  intro: string
  /** Regions only: region, subregion or village. */
  level: RegionLevel | null
}

function levelOf(value: unknown): RegionLevel | null {
  const key = isRecord(value) ? value.key : value
  return (REGION_LEVELS as readonly unknown[]).includes(key) ? (key as RegionLevel) : null
}

/**
 * The usable entries, in the given order (the API layer sorts by title): entries without a
 * title are dropped. Positions in this list are the indices `slider:select` carries, so the
 * decouvrir list and the sliders of one collection agree on them.
 */
export function editorialEntries(raw: readonly unknown[]): EditorialEntry[] {
  return raw.flatMap((item) => {
    if (!isRecord(item)) return []
    const title = trimmedText(item.title)
    if (!title) return []
    return [
      {
        title,
        url: safeUrl(item.url),
        hero: isRecord(item.hero) ? safeUrl(item.hero.url) : '',
        metaDescription: trimmedText(item.meta_description),
        intro: trimmedText(item.intro),
        level: levelOf(item.level),
      },
    ]
  })
}
