/**
 * A search sent ahead of the search client: the search panel's first search leaves at the tap
 * on the search icon, while the panel's code (InstantSearch and the client) is still loading.
 * The client (search-client.ts) gives its answer to the next identical search, once. This module
 * is small and has no library in it: it is in the core chunk, there before any tap.
 *
 * It speaks the service's wire format as the client does (`POST {host}/1/indexes/*\/queries`,
 * the JSON as text/plain, the application id and search-only key in the query string), to the
 * config's first read host only. Anything but a well-formed answer (an error status, garbage,
 * nothing in AHEAD_TIMEOUT_MS) is dropped: the client then sends the search itself, with its
 * fallback hosts, its retries and its named errors.
 */
import type { liteClient } from 'algoliasearch/lite'
import { requireSection, type AlgoliaHost } from '../config/config'
import type { Locale } from '../domain/types'
import { isRecord } from '../domain/is-record'
import { pageSlot } from '../page/page-context'

/** One index per locale (`wines_en`, `wines_fr`, `wines_nl`). */
export function wineIndexName(locale: Locale): string {
  return `wines_${locale}`
}

/** The client's own host shape (`{ url, accept, protocol, port? }`; a type only: no code). */
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

/** A search's answer as the service sends it: one result per request, in order. */
export interface SearchAnswer {
  results: unknown[]
}

/** A search as sent ahead: the requests of the client's `search({ requests })`. */
export interface AheadSearch {
  requests: readonly Record<string, unknown>[]
}

interface SentAhead {
  answer: Promise<SearchAnswer>
  at: number
}

const page = pageSlot<Map<string, SentAhead>>(() => new Map())

/** How long a search sent ahead waits for the identical one it answers. */
export const AHEAD_MS = 10_000
/** A search sent ahead that has not answered by then is dropped (the client sends its own). */
export const AHEAD_TIMEOUT_MS = 5_000

/**
 * A search's identity: its requests as the client sends them (a request of the older shape,
 * `{ indexName, params }`, flattened as the client flattens it).
 */
function identityOf(params: unknown): string {
  const requests: unknown = Array.isArray(params)
    ? params.map((request: unknown) => {
        if (!isRecord(request)) return request
        const { params: fields, ...rest } = request
        return { ...rest, ...(isRecord(fields) ? fields : {}) }
      })
    : isRecord(params)
      ? params.requests
      : params
  return JSON.stringify(requests)
}

/**
 * The answer of a search sent ahead that is identical to `params`, once, while it is recent;
 * null otherwise (also when none is waiting: nothing is serialized then).
 */
export function takeAhead(params: unknown): Promise<SearchAnswer> | null {
  const ahead = page.get()
  if (ahead.size === 0) return null
  const key = identityOf(params)
  const answer = recent(ahead.get(key), AHEAD_MS)
  ahead.delete(key)
  return answer
}

/**
 * The answer of a search identical to `search` sent ahead less than `maxAgeMs` ago and not taken
 * yet, left for the search it answers; null otherwise. A caller about to send the same search
 * again uses it instead.
 */
export function recentAhead(search: AheadSearch, maxAgeMs: number): Promise<SearchAnswer> | null {
  const ahead = page.get()
  return ahead.size === 0 ? null : recent(ahead.get(identityOf(search)), maxAgeMs)
}

const recent = (sent: SentAhead | undefined, maxAgeMs: number) =>
  sent && Date.now() - sent.at < maxAgeMs ? sent.answer : null

/** The search endpoint on `host`, or on the service's own read host without one. */
export function queriesEndpoint(host: ClientHost | undefined, appId: string): string {
  const base = host ? `${host.protocol}://${host.url}` : `https://${appId}-dsn.algolia.net`
  return `${base}/1/indexes/*/queries`
}

/** The URL the client sends a search to: the config's first read host, else the service's own. */
function queriesUrl(): string {
  const { appId, searchKey, hosts } = requireSection('algolia')
  const host = hosts && clientHosts(hosts).find(({ accept }) => accept !== 'write')
  const query = new URLSearchParams({
    'x-algolia-api-key': searchKey,
    'x-algolia-application-id': appId,
  })
  return `${queriesEndpoint(host, appId)}?${query.toString()}`
}

async function send(url: string, search: AheadSearch): Promise<SearchAnswer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), AHEAD_TIMEOUT_MS)
  try {
    const response = await fetch(url, {
      method: 'POST',
      // As the client sends it: text/plain needs no preflight when the service is elsewhere.
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(search),
      signal: controller.signal,
    })
    if (!response.ok) throw new Error(`search sent ahead: ${response.status}`)
    const body: unknown = await response.json()
    if (
      !isRecord(body) ||
      !Array.isArray(body.results) ||
      body.results.length !== search.requests.length ||
      !body.results.every(isRecord)
    )
      throw new Error('search sent ahead: not an answer')
    return { ...body, results: body.results }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Sends a search now, ahead of the identical one the client is about to be asked for; that
 * search takes this answer, in flight or arrived, once. Returns the answer (rejected as the
 * client would drop it). Throws MissingConfigError without an `algolia` section (nothing is sent).
 */
export function searchAhead(search: AheadSearch): Promise<SearchAnswer> {
  const answer = send(queriesUrl(), search)
  const ahead = page.get()
  const key = identityOf(search)
  ahead.set(key, { answer, at: Date.now() })
  answer.catch(() => {
    if (ahead.get(key)?.answer === answer) ahead.delete(key)
  })
  return answer
}
