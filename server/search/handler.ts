/**
 * The hosted search's proxy (the config's `algolia.hosts` pointing at `{path}`):
 * `POST {path}/1/indexes/*\/queries` with `{ requests: [...] }`, as the browser's search client
 * sends it (JSON as text/plain). Only the wine indexes (another index is a 403), only the
 * parameters the widgets send (search panel, carousel, sommelier), within caps; anything else is
 * a 400, another path a 404, and none of it reaches the search service. The application id and
 * the search-only key are added here: whatever key the browser sends is dropped.
 */
import * as v from 'valibot'
import {
  defaultFetch,
  defaultLog,
  NO_STORE,
  fetchWithDeadline,
  ipOf,
  isTimeout,
  jsonError,
  readJsonBody,
  schemaError,
  tooManyRequests,
  type Fetch,
  type Handler,
  type Log,
} from '../http'
import { unlimited, type Limiter } from '../limits'

/** The widgets' indexes: one per locale. */
export const WINE_INDEXES = ['wines_en', 'wines_fr', 'wines_nl'] as const
/*
 * The caps below are stated in contract/openapi.yaml too (SearchRequest, SearchQueries);
 * server/contract-agreement.test.ts fails when one side changes alone.
 */
/** The search panel and the carousel ask for 24, the sommelier 20: room to spare, no dump. */
export const MAX_HITS_PER_PAGE = 50
/** Pages a shopper can reach (Algolia's own default stops at 1000 hits). */
export const MAX_PAGE = 50
/** One search plus one per refined facet (disjunctive refinement) fits with room to spare. */
export const MAX_REQUESTS = 20
/** The refinement lists' show-more limit. */
export const MAX_VALUES_PER_FACET = 200
/** The search box's limit. */
export const MAX_QUERY_LENGTH = 512

/** The refinement attributes; facet filters also filter on `tags` (the carousel). */
const FACETS = ['g.title', 'r.title', 'c.color', 'm.image', 't.image', 'price_level'] as const
const FILTERED = new Set<string>([...FACETS, 'tags'])

const facetFilter = v.pipe(
  v.string(),
  v.maxLength(256),
  v.check(
    (filter) => FILTERED.has(filter.slice(0, Math.max(0, filter.indexOf(':')))),
    'a facet filter is attribute:value on a refinement attribute',
  ),
)

const params = {
  query: v.optional(v.pipe(v.string(), v.maxLength(MAX_QUERY_LENGTH))),
  facets: v.optional(
    v.union([v.picklist(FACETS), v.pipe(v.array(v.picklist(FACETS)), v.maxLength(FACETS.length))]),
  ),
  facetFilters: v.optional(
    v.union([
      facetFilter,
      v.pipe(
        v.array(v.union([facetFilter, v.pipe(v.array(facetFilter), v.maxLength(100))])),
        v.maxLength(20),
      ),
    ]),
  ),
  hitsPerPage: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.maxValue(MAX_HITS_PER_PAGE, `hitsPerPage is at most ${MAX_HITS_PER_PAGE}`),
    ),
  ),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PAGE))),
  maxValuesPerFacet: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_VALUES_PER_FACET)),
  ),
  highlightPreTag: v.optional(v.pipe(v.string(), v.maxLength(64))),
  highlightPostTag: v.optional(v.pipe(v.string(), v.maxLength(64))),
  analytics: v.optional(v.boolean()),
  clickAnalytics: v.optional(v.boolean()),
}

/** A value of a URL-encoded `params` string: JSON when it reads as JSON (lists, numbers), else text. */
function paramValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A request with its parameters in one object: the client may send them URL-encoded in `params`
 * (`query=mer&hitsPerPage=20&facetFilters=%5B...%5D`); those are read like the others.
 */
function unfold(request: Record<string, unknown>): Record<string, unknown> {
  const { params: encoded, ...rest } = request
  if (typeof encoded !== 'string') return encoded === undefined ? rest : request
  const decoded: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(encoded)) decoded[key] = paramValue(value)
  return { ...decoded, ...rest }
}

export interface SearchHandlerOptions {
  appId: string
  /** The search-only key; never leaves the server. */
  searchKey: string
  /** @default WINE_INDEXES */
  indexes?: readonly string[]
  /**
   * The search service's hosts, tried in order on a network failure or a 5xx. @default
   * `https://{appId}-dsn.algolia.net`, then `https://{appId}-1|2|3.algolianet.com`
   */
  hosts?: readonly string[]
  /** The path the proxy answers (the config's `algolia.hosts` url). @default '/algolia' */
  path?: string
  /** Per client address. @default none */
  limiter?: Limiter
  fetch?: Fetch
  /** Per host tried. @default 3000 */
  upstreamTimeoutMs?: number
  log?: Log
}

const MAX_BODY_BYTES = 32 * 1024

export function createSearchHandler(options: SearchHandlerOptions): Handler {
  const {
    appId,
    searchKey,
    indexes = WINE_INDEXES,
    path = '/algolia',
    limiter = unlimited,
    fetch: fetcher = defaultFetch,
    upstreamTimeoutMs = 3000,
    log = defaultLog,
  } = options
  const host = appId.toLowerCase()
  const hosts = (
    options.hosts ?? [
      `https://${host}-dsn.algolia.net`,
      ...[1, 2, 3].map((n) => `https://${host}-${n}.algolianet.com`),
    ]
  ).map((h) => h.replace(/\/+$/, ''))
  const allowed = new Set(indexes)
  const Body = v.strictObject({
    requests: v.pipe(
      v.array(v.strictObject({ indexName: v.picklist([...allowed]), ...params })),
      v.minLength(1),
      v.maxLength(MAX_REQUESTS),
    ),
  })

  async function search(body: string, signal: AbortSignal): Promise<Response> {
    for (const base of hosts) {
      try {
        const upstream = await fetchWithDeadline(
          fetcher,
          `${base}/1/indexes/*/queries`,
          {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'X-Algolia-Application-Id': appId,
              'X-Algolia-API-Key': searchKey,
            },
            body,
          },
          upstreamTimeoutMs,
          signal,
        )
        if (upstream.ok)
          return new Response(upstream.body, {
            headers: { 'Content-Type': 'application/json', 'Cache-Control': NO_STORE },
          })
        const detail = (await upstream.text().catch(() => '')).slice(0, 300)
        log(`search: ${base} answered ${upstream.status}`, detail)
        // A 4xx will be the same on every host (a wrong key, a refused parameter).
        if (upstream.status < 500) return jsonError(502, 'The search is not available.')
      } catch (error) {
        if (signal.aborted) return jsonError(499, 'The request was cancelled.')
        log(`search: ${base} did not answer${isTimeout(error) ? ' in time' : ''}`, error)
      }
    }
    return jsonError(502, 'The search is not available.')
  }

  return async (request, info) => {
    const pathname = new URL(request.url).pathname
    if (pathname !== `${path}/1/indexes/*/queries` && pathname !== `${path}/1/indexes/%2A/queries`)
      return jsonError(404, 'Not found.')
    if (request.method !== 'POST') return jsonError(405, 'Use POST.', { Allow: 'POST' })

    const allowedNow = await limiter.consume(ipOf(info))
    if (!allowedNow.allowed) return tooManyRequests(allowedNow.retryAfter)

    const body = await readJsonBody(request, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const requests: unknown = isRecord(body.value) ? body.value.requests : undefined
    const list: unknown[] | null = Array.isArray(requests) ? requests : null
    const unfolded = list?.map((r) => (isRecord(r) ? unfold(r) : r))
    // Another index is refused as such (403), before the parameters are looked at.
    const other = unfolded?.find(
      (r) => isRecord(r) && typeof r.indexName === 'string' && !allowed.has(r.indexName),
    )
    if (isRecord(other))
      return jsonError(403, `Index ${String(other.indexName)} is not searchable here.`)

    const parsed = v.safeParse(
      Body,
      isRecord(body.value) && unfolded ? { ...body.value, requests: unfolded } : body.value,
    )
    if (!parsed.success) return schemaError(parsed.issues)
    return search(JSON.stringify(parsed.output), request.signal)
  }
}
