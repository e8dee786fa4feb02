/**
 * The CMS collection reads kept for the tab (sessionStorage), so the pages of a visit reuse them
 * instead of each reading whole collections (`limit=1000`) from the CMS again: the page's
 * QueryClient starts with the answers an earlier page of the tab saved less than
 * COLLECTION_CACHE_MS ago, under the same query keys, and saves each collection it reads. The
 * editorial widgets' preloads skip a collection found here (./collection-url).
 *
 * What is saved is read back with care: anything that does not have the saved shape, is too old
 * or dated in the future, is ignored without a word to the shopper (the collection is then read
 * from the site as before). Storage that is full or refused only costs the reuse.
 */
import type { QueryClient, QueryKey } from '@tanstack/query-core'
import { isRecord } from '../domain/is-record'
import { readJson } from '../store/read-json'
import { sessionStore } from '../store/web-storage'

export const COLLECTION_CACHE_KEY = 'wine-widgets:collections:v1'

/**
 * How long a read collection serves the tab's next pages: the page's own freshness for it
 * (query-client.ts staleTime), a few minutes of a visit. Editorial entries change rarely; the CDN
 * may keep them for 60 s plus 300 s stale (contract/openapi.yaml, getCollectionEntries).
 */
export const COLLECTION_CACHE_MS = 5 * 60_000

/** A collection's query key: `['collection', collection, locale, 'field1,field2']`. */
type CollectionKey = readonly ['collection', string, string, string]

interface SavedCollection {
  key: CollectionKey
  /** The entries as the query holds them (records, sorted by title). */
  data: Record<string, unknown>[]
  /** Epoch ms of the read. */
  at: number
}

export const isCollectionKey = (key: QueryKey): key is CollectionKey =>
  key.length === 4 && key[0] === 'collection' && key.slice(1).every((k) => typeof k === 'string')

function isSavedCollection(value: unknown): value is SavedCollection {
  return (
    isRecord(value) &&
    Array.isArray(value.key) &&
    isCollectionKey(value.key) &&
    Array.isArray(value.data) &&
    value.data.every(isRecord) &&
    typeof value.at === 'number' &&
    Number.isFinite(value.at)
  )
}

const fresh = (at: number, now: number) => at <= now && now - at < COLLECTION_CACHE_MS

/** The tab's saved collections still fresh at `now`; none when nothing readable is saved. */
export function savedCollections(now = Date.now()): SavedCollection[] {
  let text: string | null
  try {
    text = sessionStore()?.getItem(COLLECTION_CACHE_KEY) ?? null
  } catch {
    return []
  }
  const saved = text === null ? undefined : readJson(text)
  if (!Array.isArray(saved)) return []
  return saved.filter(isSavedCollection).filter((c) => fresh(c.at, now))
}

/** Whether the tab holds a fresh read of the collection under `key` (the preloads skip it). */
export const hasSavedCollection = (key: CollectionKey, now = Date.now()): boolean =>
  savedCollections(now).some((c) => c.key.join('\n') === key.join('\n'))

function save(client: QueryClient): void {
  const now = Date.now()
  const collections: SavedCollection[] = []
  for (const query of client.getQueryCache().findAll({ queryKey: ['collection'] })) {
    const { data, dataUpdatedAt, status } = query.state
    // The cache's data is untyped here: each entry is checked before it is saved.
    const entries: unknown = data
    if (status !== 'success' || !isCollectionKey(query.queryKey) || !Array.isArray(entries))
      continue
    if (fresh(dataUpdatedAt, now))
      collections.push({ key: query.queryKey, data: entries.filter(isRecord), at: dataUpdatedAt })
  }
  try {
    sessionStore()?.setItem(COLLECTION_CACHE_KEY, JSON.stringify(collections))
  } catch {
    // Full or refused: the next pages read the collections from the site, as without the cache.
  }
}

/**
 * Start `client` with the tab's fresh saved collections (dated as when they were read, so they
 * go stale, and are read again, at the same moment as on the page that read them), then save
 * every collection it reads from now on.
 */
export function keepCollectionsForTheTab(client: QueryClient): void {
  for (const { key, data, at } of savedCollections())
    client.setQueryData(key, data, { updatedAt: at })
  client.getQueryCache().subscribe((event) => {
    // The hash is the key as JSON (the cache's keys themselves are untyped here); save() checks
    // each key it writes.
    if (
      event.type === 'updated' &&
      event.action.type === 'success' &&
      event.query.queryHash.startsWith('["collection",')
    )
      save(client)
  })
}
