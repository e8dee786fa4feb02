/**
 * CMS collections (spec section 7): `GET /api/collections/{collection}/entries` with
 * `limit=1000`, `filter[site]={locale}` and the `fields` a widget needs. The answer is the CMS's
 * `{ data, links, meta }` page; the entries come back in the CMS's order and are sorted by title
 * here (entries without a title, such as quotes, keep the server's order).
 *
 * Shared by the editorial widgets (quotes, slider, decouvrir, index). React Query dedupes: one
 * request per collection + locale + field set per page, whatever the number of widgets. The
 * slider, decouvrir and index widgets all ask for the same field set (`EDITORIAL_FIELDS`, the union
 * of what each needs), so they share ONE request per collection and locale (issue 6).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../domain/types'
import { editorialEntries, type EditorialEntry } from '../domain/editorial'
import { HttpError, getJson } from '../http/http'

/** Spec section 9: "Collection fetch limit 1000" (the API's default page size is 25). */
export const COLLECTION_LIMIT = 1000

/** Every entry has an id; the other fields are the ones asked for. */
export interface CollectionEntryBase {
  id?: string
  title?: string
}

interface CollectionPage {
  data: unknown
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The fields in a canonical order: the same set always gives the same request and cache key. */
function canonicalFields(fields: readonly string[]): string[] {
  return [...new Set(fields)].sort()
}

/** The entries URL, e.g. `/api/collections/quotes/entries?limit=1000&filter[site]=fr&fields=author,id,quote`. */
export function collectionEntriesUrl(
  collection: string,
  locale: Locale,
  fields: readonly string[],
): string {
  const query = [
    `limit=${COLLECTION_LIMIT}`,
    `filter[site]=${encodeURIComponent(locale)}`,
    `fields=${canonicalFields(fields).map(encodeURIComponent).join(',')}`,
  ]
  return `/api/collections/${encodeURIComponent(collection)}/entries?${query.join('&')}`
}

/**
 * Fetches a collection's entries for a locale, sorted by title (locale-aware). Throws the
 * HttpError of src/http for failed calls, and an HttpError too when the answer is not a page of
 * entries (no `data` list).
 */
export async function getCollectionEntries<T extends CollectionEntryBase>(
  collection: string,
  locale: Locale,
  fields: readonly string[],
  signal?: AbortSignal,
): Promise<T[]> {
  const url = collectionEntriesUrl(collection, locale, fields)
  const page = await getJson<CollectionPage>(url, signal)
  if (!isRecord(page) || !Array.isArray(page.data)) {
    throw new HttpError(200, url, { cause: new Error('The answer has no data list') })
  }
  // Entries are validated field by field by the widgets that read them; here we only drop
  // anything that is not an object at all.
  const entries = page.data.filter(isRecord) as T[]
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })
  return entries.sort((a, b) =>
    collator.compare(
      typeof a.title === 'string' ? a.title : '',
      typeof b.title === 'string' ? b.title : '',
    ),
  )
}

/** Query key: `['collection', collection, locale, 'field1,field2']` (fields sorted). */
export function collectionQueryKey(collection: string, locale: Locale, fields: readonly string[]) {
  return ['collection', collection, locale, canonicalFields(fields).join(',')] as const
}

export function collectionQueryOptions<T extends CollectionEntryBase>(
  collection: string,
  locale: Locale,
  fields: readonly string[],
) {
  return queryOptions({
    queryKey: collectionQueryKey(collection, locale, fields),
    queryFn: ({ signal }) => getCollectionEntries<T>(collection, locale, fields, signal),
  })
}

/** The entries of a collection in a locale, through the page's shared React Query cache. */
export function useCollection<T extends CollectionEntryBase>(
  collection: string,
  locale: Locale,
  fields: readonly string[],
) {
  return useQuery(collectionQueryOptions<T>(collection, locale, fields))
}

/**
 * Spec 7 lists the fields per widget: slider hero, title, url, meta_description, intro; discovery
 * title, url; index title, url, level. Their union is asked by all three, so a page with an index
 * and its inserted sliders (or a decouvrir and its side slider) makes one request per collection
 * and locale instead of one per widget kind. Collections without levels simply omit `level`.
 */
export const EDITORIAL_FIELDS = [
  'hero',
  'intro',
  'level',
  'meta_description',
  'title',
  'url',
] as const

// One stable function: React Query re-runs `select` only when the data or this function changes.
const selectEditorial = (entries: CollectionEntryBase[]): EditorialEntry[] =>
  editorialEntries(entries)

/** The editorial entries of a collection (sorted by title, checked by `editorialEntries`). */
export function editorialQueryOptions(collection: string, locale: Locale) {
  return queryOptions({
    ...collectionQueryOptions(collection, locale, EDITORIAL_FIELDS),
    select: selectEditorial,
  })
}

/** The entries the slider, decouvrir and index widgets show: one shared request per page. */
export function useEditorialEntries(collection: string, locale: Locale) {
  return useQuery(editorialQueryOptions(collection, locale))
}
