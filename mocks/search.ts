import { http } from 'msw'
import { winesFor } from '../fixtures/wines'
import { json, withFaults } from './route'
import { localeOfIndex, search, SearchError, type SearchRequest } from './search-engine'
import { isRecord } from '../src/domain/is-record'

/** Read hosts `{appId}-dsn.algolia.net`, write host `{appId}.algolia.net`, fallbacks `{appId}-1..3.algolianet.com`. */
export function isSearchHost(hostname: string): boolean {
  return (
    /^[a-z0-9-]+(-dsn)?\.algolia\.net$/i.test(hostname) ||
    /^[a-z0-9-]+-[123]\.algolianet\.com$/i.test(hostname)
  )
}

const algoliaError = (status: number, message: string) => json({ message, status }, status)

function credentials(request: Request, url: URL) {
  return {
    appId:
      url.searchParams.get('x-algolia-application-id') ??
      request.headers.get('x-algolia-application-id'),
    apiKey: url.searchParams.get('x-algolia-api-key') ?? request.headers.get('x-algolia-api-key'),
  }
}

function runOne(request: SearchRequest, indexName: string) {
  const locale = localeOfIndex(indexName)
  if (!locale) throw new SearchError(404, 'Index does not exist')
  return search(winesFor(locale), request, indexName)
}

/**
 * The hosted search REST API (algoliasearch v5 lite): `POST /1/indexes/*\/queries` with
 * `{ requests: [...] }` (JSON sent as text/plain) → `{ results: [...] }`, and the single-index
 * `POST /1/indexes/{index}/query`.
 */
export const searchHandlers = [
  http.post(
    ({ request }) => {
      const url = new URL(request.url)
      return isSearchHost(url.hostname) && url.pathname.startsWith('/1/indexes/')
    },
    withFaults('search', ({ request, url, body }) => {
      const { appId, apiKey } = credentials(request, url)
      if (!appId || !apiKey) return algoliaError(403, 'Invalid Application-ID or API key')
      try {
        if (url.pathname === '/1/indexes/*/queries') {
          if (!isRecord(body) || !Array.isArray(body.requests))
            return algoliaError(400, 'requests must be a list')
          const requests = body.requests as unknown[]
          const results = requests.map((r) => {
            if (!isRecord(r) || typeof r.indexName !== 'string')
              throw new SearchError(400, 'indexName is required')
            return runOne(r, r.indexName)
          })
          return json({ results })
        }
        const single = /^\/1\/indexes\/([^/]+)\/query$/.exec(url.pathname)
        if (single) {
          const request = isRecord(body) ? (body as SearchRequest) : {}
          return json(runOne(request, decodeURIComponent(single[1]!)))
        }
        return algoliaError(404, 'Not found')
      } catch (error) {
        if (error instanceof SearchError) return algoliaError(error.status, error.message)
        throw error
      }
    }),
  ),
]
