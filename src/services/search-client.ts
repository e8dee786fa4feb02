/**
 * The hosted search service: one index per locale, queried from the browser with
 * the public search-only key of the config block. One lite client per page, shared by the search
 * panel, the carousel and the sommelier, so the client's response cache and host health are
 * shared too.
 */
import { liteClient, type LiteClient } from 'algoliasearch/lite'
import { requireSection } from '../config/config'
import type { Locale } from '../domain/types'
import { normalizeHits, type WineHit } from '../domain/wine-hit'
import { pageSlot } from '../page/page-context'
import { HttpError } from '../http/http'
import { isRecord } from '../domain/is-record'
import { clientHosts, queriesEndpoint, takeAhead, wineIndexName } from './search-ahead'

const page = pageSlot<{ client: LiteClient | null }>(
  () => ({ client: null }),
  // The client's in-memory response cache goes with the page (host health lives in localStorage).
  (state) => void state.client?.clearCache(),
)

/** Who answers the search, as a failed search's report names it (not one of the site's endpoints). */
export const SEARCH_SERVICE = 'the search service of the config\'s "algolia" block'

/** The search client's failures that are a call gone wrong (the others are passed on as they are). */
const CALL_FAILURES = new Set([
  'RetryError',
  'ApiError',
  'DetailedApiError',
  'DeserializationError',
])

/** A field of the search client's error objects, read as unknown and checked where used. */
const field = (from: unknown, key: string): unknown => (isRecord(from) ? from[key] : undefined)

/**
 * A failed search as a failed call, like every other one the widgets make: the search's URL
 * (`url`: the first host; the client also tried its fallbacks) and what the last try answered,
 * with the client's own error as the cause.
 */
export function searchFailure(error: unknown, url: string): unknown {
  if (!(error instanceof Error) || !CALL_FAILURES.has(error.name)) return error
  const tries = field(error, 'stackTrace')
  const last: unknown = Array.isArray(tries) ? tries.at(-1) : undefined
  const response = field(last, 'response')
  const answered = field(error, 'status') ?? field(response, 'status')
  const status = typeof answered === 'number' ? answered : 0
  const kind =
    error.name === 'DeserializationError'
      ? 'malformed'
      : status > 0
        ? 'status'
        : field(response, 'isTimedOut') === true
          ? 'timeout'
          : 'network'
  return new HttpError(
    {
      method: field(field(last, 'request'), 'method') === 'GET' ? 'GET' : 'POST',
      url,
      status: kind === 'status' ? status : 0,
      kind,
      service: SEARCH_SERVICE,
    },
    { cause: error },
  )
}

/** The page's search client (created on first use from the config's `algolia` section). */
export function getSearchClient(): LiteClient {
  const state = page.get()
  if (!state.client) {
    const { appId, searchKey, hosts } = requireSection('algolia')
    const given = hosts ? clientHosts(hosts) : undefined
    const client = liteClient(appId, searchKey, given ? { hosts: given } : undefined)
    // The URL a failed search names: the first host's (the client also tries its fallbacks).
    const url = queriesEndpoint(given?.[0], appId)
    const named = (error: unknown): never => {
      throw searchFailure(error, url)
    }
    state.client = {
      ...client,
      search: (params, options) => {
        const send = () => client.search(params, options).catch(named)
        // The answer of the identical search sent ahead (search-ahead.ts), checked there to be the
        // service's answer, one result per request: what this search would have received. If it
        // fails after all, the client sends the search itself.
        const ahead = options === undefined ? takeAhead(params) : null
        return ahead ? (ahead as ReturnType<typeof send>).catch(send) : send()
      },
      // The same generic method, only its rejection named: a cast, as a generic method's
      // signature cannot be written for an arrow function that forwards its arguments.
      searchForHits: ((params, options) =>
        client.searchForHits(params, options).catch(named)) as LiteClient['searchForHits'],
    }
  }
  return state.client
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
