/**
 * The URLs of the CMS collections, without React or React Query: the widget
 * definitions in the entry use them to preload a collection as soon as its tag is found
 * (`prefetch`), and src/api/collections.ts to fetch it; both build the same URL, so the fetch
 * finds the preloaded answer.
 */
import type { Locale } from '../domain/types'
import { hasSavedCollection } from './collection-cache'

/** Every collection is read whole: the API's default page size is 25. */
export const COLLECTION_LIMIT = 1000

/** The fields in a canonical order: the same set always gives the same request and cache key. */
export function canonicalFields(fields: readonly string[]): string[] {
  return [...new Set(fields)].sort()
}

/**
 * Query key of a collection read: `['collection', collection, locale, 'field1,field2']` (fields
 * sorted). Here, beside the URL, so the preloads can tell a read the tab already holds.
 */
export function collectionQueryKey(collection: string, locale: Locale, fields: readonly string[]) {
  return ['collection', collection, locale, canonicalFields(fields).join(',')] as const
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

/** The quotes widget's fields. */
export const QUOTE_FIELDS = ['id', 'quote', 'author'] as const

/** The editorial widgets that read a collection's entries. */
export const EDITORIAL_WIDGETS = ['slider', 'decouvrir', 'index'] as const
export type EditorialWidget = (typeof EDITORIAL_WIDGETS)[number]

/** The fields per use. */
const SLIDER_FIELDS = ['hero', 'title', 'url', 'meta_description', 'intro'] as const
const DISCOVERY_FIELDS = ['title', 'url'] as const
const INDEX_FIELDS = ['title', 'url', 'level'] as const

/**
 * What each widget's request carries: its use's fields, plus the slider's for the widgets that
 * embed sliders of the same collection (decouvrir's side slider, the sliders an index inserts),
 * which share their request. A decouvrir asks for the index's `level` too, though it shows none:
 * the home page's decouvrir and the collection's index page then make one and the same read, which
 * the tab keeps (./collection-cache), so a visit reads each collection once instead of twice.
 */
export const EDITORIAL_FIELDS: Record<EditorialWidget, readonly string[]> = {
  slider: SLIDER_FIELDS,
  decouvrir: [...DISCOVERY_FIELDS, ...INDEX_FIELDS, ...SLIDER_FIELDS],
  index: [...INDEX_FIELDS, ...SLIDER_FIELDS],
}

const isEditorialWidget = (name: string | null): name is EditorialWidget =>
  (EDITORIAL_WIDGETS as readonly (string | null)[]).includes(name)

/**
 * The fields to ask for `collection` on this page: those of `widget`, and of every other editorial
 * widget tag of the same collection in `root` (the page), so they all make the same request.
 */
export function editorialFields(
  collection: string,
  widget: EditorialWidget,
  root: ParentNode | null = typeof document === 'undefined' ? null : document,
): string[] {
  const widgets = new Set<EditorialWidget>([widget])
  root?.querySelectorAll<HTMLElement>('[data-widget][data-collection]').forEach((el) => {
    const name = el.getAttribute('data-widget')
    if (el.getAttribute('data-collection') === collection && isEditorialWidget(name))
      widgets.add(name)
  })
  return canonicalFields([...widgets].flatMap((w) => EDITORIAL_FIELDS[w]))
}

/**
 * The `prefetch` of an editorial widget's definition: its collection's URL with the fields the
 * page's editorial widgets of that collection ask for (the URL its first render fetches). None
 * when an earlier page of the tab read it moments ago: the page's cache starts with that answer
 * (./collection-cache), so a preload would be a request nobody reads.
 */
export function editorialPrefetch(
  widget: EditorialWidget,
  { props, locale, page }: { props: { collection: string }; locale: Locale; page: ParentNode },
): string[] {
  const fields = editorialFields(props.collection, widget, page)
  if (hasSavedCollection(collectionQueryKey(props.collection, locale, fields))) return []
  return [collectionEntriesUrl(props.collection, locale, fields)]
}
