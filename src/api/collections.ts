/**
 * CMS collections: `GET /api/collections/{collection}/entries` with
 * `limit=1000`, `filter[site]={locale}` and the `fields` a widget needs. The answer is the CMS's
 * `{ data, links, meta }` page; the entries come back in the CMS's order and are sorted by title
 * here (entries without a title, such as quotes, keep the server's order).
 *
 * Shared by the editorial widgets (quotes, slider, decouvrir, index). React Query dedupes: one
 * request per collection + locale + field set per page, whatever the number of widgets. A slider,
 * decouvrir or index asks for the fields its use needs; when several of them show the
 * same collection on the page they ask for the union of their fields, so they share ONE request
 * per collection and locale (issues 6 and 11).
 */
import { useMemo } from 'react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../domain/types'
import { editorialEntries, type EditorialEntry } from '../domain/editorial'
import { editorialFields, type EditorialWidget } from './collection-url'
import { collectionQuery, type CollectionEntryBase } from './collection-query'

export function collectionQueryOptions<T extends CollectionEntryBase>(
  collection: string,
  locale: Locale,
  fields: readonly string[],
) {
  return queryOptions(collectionQuery<T>(collection, locale, fields))
}

/** The entries of a collection in a locale, through the page's shared React Query cache. */
export function useCollection<T extends CollectionEntryBase>(
  collection: string,
  locale: Locale,
  fields: readonly string[],
) {
  return useQuery(collectionQueryOptions<T>(collection, locale, fields))
}

// One stable function: React Query re-runs `select` only when the data or this function changes.
const selectEditorial = (entries: CollectionEntryBase[]): EditorialEntry[] =>
  editorialEntries(entries)

/** The editorial entries of a collection (sorted by title, checked by `editorialEntries`). */
export function editorialQueryOptions(
  collection: string,
  locale: Locale,
  fields: readonly string[],
) {
  return queryOptions({
    ...collectionQueryOptions(collection, locale, fields),
    select: selectEditorial,
  })
}

/**
 * The entries a slider, decouvrir or index shows, with the fields the page's editorial widgets of
 * that collection need: one shared request per collection and locale.
 */
export function useEditorialEntries(collection: string, locale: Locale, widget: EditorialWidget) {
  // The page's tags are read when the widget mounts: its request does not follow later DOM changes.
  const fields = useMemo(() => editorialFields(collection, widget), [collection, widget])
  return useQuery(editorialQueryOptions(collection, locale, fields))
}
