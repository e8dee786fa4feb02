/**
 * The hosted search service: one index per locale, queried from the browser with
 * the public search-only key of the config block. One lite client per page, shared by the search
 * panel, the carousel and the sommelier, so the client's response cache and host health are
 * shared too.
 */
import { liteClient, type LiteClient, type SearchMethodParams } from 'algoliasearch/lite'
import { requireSection, type AlgoliaHost } from '../config/config'
import type { Locale } from '../domain/types'
import { normalizeHits, type WineHit } from '../domain/wine-hit'
import { pageSlot } from '../page/page-context'
import { HttpError } from '../http/http'
import { isRecord } from '../domain/is-record'

interface SentAhead {
  answer: ReturnType<LiteClient['search']>
  at: number
}

const page = pageSlot<{ client: LiteClient | null; ahead: Map<string, SentAhead> }>(
  () => ({ client: null, ahead: new Map() }),
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

/**
 * A search's identity: its requests as the client sends them (a request of the older shape,
 * `{ indexName, params }`, flattened as the client flattens it).
 */
function identityOf(params: Parameters<LiteClient['search']>[0]): string {
  const requests: unknown[] = Array.isArray(params)
    ? params.map(({ params: fields, ...request }) => ({ ...request, ...fields }))
    : params.requests
  return JSON.stringify(requests)
}

/** How long a search sent ahead waits for the identical one it answers. */
export const AHEAD_MS = 10_000

/** The answer of a search sent ahead under `key`, once, while it is recent; null otherwise. */
function takeAhead(ahead: Map<string, SentAhead>, key: string): SentAhead['answer'] | null {
  const sent = ahead.get(key)
  ahead.delete(key)
  return sent && Date.now() - sent.at < AHEAD_MS ? sent.answer : null
}

/**
 * Sends a search now, ahead of the identical one a component is about to send (the search
 * panel's first, sent once its code has loaded, while it renders): that next identical search
 * takes this answer, in flight or arrived, once, whichever build of the client runs. A failed
 * one is dropped, so the component's own search is sent again.
 */
export function searchAhead(params: SearchMethodParams): void {
  const answer = getSearchClient().search(params)
  const { ahead } = page.get()
  const key = identityOf(params)
  ahead.set(key, { answer, at: Date.now() })
  answer.catch(() => {
    if (ahead.get(key)?.answer === answer) ahead.delete(key)
  })
}

/** The page's search client (created on first use from the config's `algolia` section). */
export function getSearchClient(): LiteClient {
  const state = page.get()
  if (!state.client) {
    const { appId, searchKey, hosts } = requireSection('algolia')
    const given = hosts ? clientHosts(hosts) : undefined
    const client = liteClient(appId, searchKey, given ? { hosts: given } : undefined)
    // The URL a failed search names: the first host's (the client also tries its fallbacks).
    const first = given?.[0]
    const url = `${first ? `${first.protocol}://${first.url}` : `https://${appId}-dsn.algolia.net`}/1/indexes/*/queries`
    const named = (error: unknown): never => {
      throw searchFailure(error, url)
    }
    state.client = {
      ...client,
      search: (params, options) => {
        // Only while a search waits to be taken: a keystroke's search is not serialized for it.
        const ahead =
          options === undefined && state.ahead.size > 0
            ? takeAhead(state.ahead, identityOf(params))
            : null
        return ahead ?? client.search(params, options).catch(named)
      },
      // The same generic method, only its rejection named: a cast, as a generic method's
      // signature cannot be written for an arrow function that forwards its arguments.
      searchForHits: ((params, options) =>
        client.searchForHits(params, options).catch(named)) as LiteClient['searchForHits'],
    }
  }
  return state.client
}

/** One index per locale (`wines_en`, `wines_fr`, `wines_nl`). */
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
