/**
 * The CMS collection reads without React: what `useCollection` (./collections)
 * and a widget drawn without React (quotes) share, so both use one query key and one cache entry
 * in the page's QueryClient: one request per collection, locale and fields.
 */
import type { Locale } from '../domain/types'
import { getJson, malformed } from '../http/http'
import { isRecord } from '../domain/is-record'
import { collectionEntriesUrl, collectionQueryKey } from './collection-url'

/** Every entry has an id; the other fields are the ones asked for. */
export interface CollectionEntryBase {
  id?: string
  title?: string
}

interface CollectionPage {
  data: unknown
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
    throw malformed('GET', url, 'The answer has no data list')
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

export { collectionQueryKey }

/** The query of a collection's entries: its key and the fetch, with React Query's abort signal. */
export function collectionQuery<T extends CollectionEntryBase>(
  collection: string,
  locale: Locale,
  fields: readonly string[],
) {
  return {
    queryKey: collectionQueryKey(collection, locale, fields),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      getCollectionEntries<T>(collection, locale, fields, signal),
  }
}
