/**
 * The hosted search service (spec section 7): one index per locale, queried from the browser with
 * the public search-only key of the config block. One lite client per page, shared by the search
 * panel, the carousel and the sommelier, so the client's response cache and host health are
 * shared too.
 */
import { liteClient, type LiteClient } from 'algoliasearch/lite'
import { requireSection, type AlgoliaHost } from '../config/config'
import type { Locale } from '../domain/types'
import { normalizeHits, type WineHit } from '../domain/wine-hit'
import { pageSlot } from '../page/page-context'

const page = pageSlot<{ client: LiteClient | null }>(
  () => ({ client: null }),
  // The client's in-memory response cache goes with the page (host health lives in localStorage).
  (state) => void state.client?.clearCache(),
)

/** The client's own host shape (`{ url, accept, protocol, port? }`). */
type ClientHost = NonNullable<NonNullable<Parameters<typeof liteClient>[2]>['hosts']>[number]

/**
 * The config's `algolia.hosts` as the client takes them: a same-site path (`/algolia`) becomes the
 * page's host and protocol plus that path; `protocol` defaults to https, `accept` to read.
 */
export function clientHosts(
  hosts: readonly AlgoliaHost[],
  page: Pick<Location, 'host' | 'protocol'> = window.location,
): ClientHost[] {
  const pageProtocol = page.protocol === 'http:' ? 'http' : 'https'
  return hosts.map(({ url, protocol, accept = 'read' }) =>
    url.startsWith('/')
      ? { url: page.host + url.replace(/\/+$/, ''), protocol: protocol ?? pageProtocol, accept }
      : { url: url.replace(/\/+$/, ''), protocol: protocol ?? 'https', accept },
  )
}

/** The page's search client (created on first use from the config's `algolia` section). */
export function getSearchClient(): LiteClient {
  const state = page.get()
  if (!state.client) {
    const { appId, searchKey, hosts } = requireSection('algolia')
    state.client = liteClient(appId, searchKey, hosts ? { hosts: clientHosts(hosts) } : undefined)
  }
  return state.client
}

/** Spec 7: one index per locale (`wines_en`, `wines_fr`, `wines_nl`). */
export function wineIndexName(locale: Locale): string {
  return `wines_${locale}`
}

/** Top level is AND, a nested list is OR: `['c.color:red-7b1e2b', ['g.title:Merlot', 'g.title:Syrah']]`. */
export type FacetFilters = string | (string | string[])[]

export interface SearchWinesOptions {
  locale: Locale
  query?: string
  facetFilters?: FacetFilters
  /** The `filters` expression syntax, e.g. `tags:"Summer"`. */
  filters?: string
  /** @default 20 */
  hitsPerPage?: number
  page?: number
}

export interface WinesResult {
  hits: WineHit[]
  nbHits: number
}

/** One search in the locale's wine index; records that are not usable wines are dropped. */
export async function searchWines({
  locale,
  query = '',
  facetFilters,
  filters,
  hitsPerPage = 20,
  page,
}: SearchWinesOptions): Promise<WinesResult> {
  const { results } = await getSearchClient().searchForHits<Record<string, unknown>>({
    requests: [
      {
        indexName: wineIndexName(locale),
        query,
        hitsPerPage,
        ...(page !== undefined && { page }),
        ...(facetFilters !== undefined && { facetFilters }),
        ...(filters !== undefined && { filters }),
      },
    ],
  })
  const result = results[0]
  return { hits: normalizeHits(result?.hits ?? []), nbHits: result?.nbHits ?? 0 }
}
