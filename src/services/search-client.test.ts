// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf } from '../../mocks/db'
import { clearFaults, setFault } from '../../mocks/faults'
import { loadPage } from '../../mocks/page'
import { server } from '../../mocks/node'
import { winesFor } from '../../fixtures/wines'
import { parseConfig, setPageConfig, MissingConfigError } from '../config/config'
import { http, HttpResponse } from 'msw'
import { HttpError } from '../http/http'
import { SEARCH_SERVICE, getSearchClient, searchWines } from './search-client'
import { AHEAD_MS, clientHosts, searchAhead, wineIndexName } from './search-ahead'

const CONFIG = JSON.stringify({ algolia: { appId: 'DEMOAPP', searchKey: 'search-only-key' } })

beforeEach(() => {
  setPageConfig(parseConfig(CONFIG))
})

interface Sent {
  requests: { indexName: string; query: string; facetFilters?: unknown; hitsPerPage?: number }[]
}

describe('search client', () => {
  it('names one index per locale', () => {
    expect(['en', 'fr', 'nl'].map((l) => wineIndexName(l as 'en'))).toEqual([
      'wines_en',
      'wines_fr',
      'wines_nl',
    ])
  })

  it('is one client per page, built from the config section', () => {
    const client = getSearchClient()
    expect(getSearchClient()).toBe(client)
    expect(client.appId).toBe('DEMOAPP')
    expect(client.apiKey).toBe('search-only-key')
  })

  it.each([
    ['an error status on every host', { kind: 'status', status: 500 } as const, 500, 'status'],
    ['a network error', { kind: 'network' } as const, 0, 'network'],
    ['an unreadable answer', { kind: 'malformed' } as const, 0, 'malformed'],
  ])('fails with %s as a failed call to the search service', async (_, fault, status, kind) => {
    setFault('search', fault)
    const error = await searchWines({ locale: 'en', query: 'x' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({
      method: 'POST',
      url: 'https://DEMOAPP-dsn.algolia.net/1/indexes/*/queries',
      status,
      kind,
      service: SEARCH_SERVICE,
    })
  })

  it('names a same-site search path as the URL of a failed search', async () => {
    setPageConfig(
      parseConfig(
        JSON.stringify({
          algolia: { appId: 'DEMOAPP', searchKey: 'k', hosts: [{ url: '/algolia' }] },
        }),
      ),
    )
    server.use(
      http.post('*/algolia/1/indexes/*/queries', () => HttpResponse.json({}, { status: 503 })),
    )
    const error = await searchWines({ locale: 'en' }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      url: `${location.protocol}//${location.host}/algolia/1/indexes/*/queries`,
      status: 503,
    })
  })

  it('passes other failures on as they are (no config)', async () => {
    setPageConfig(parseConfig('{}'))
    await expect(searchWines({ locale: 'en' })).rejects.toThrow(MissingConfigError)
  })

  it('throws the missing-config error without an algolia section', async () => {
    setPageConfig(parseConfig('{}'))
    expect(() => getSearchClient()).toThrow(MissingConfigError)
  })

  it('searches the locale index with the query and answers usable hits (nl)', async () => {
    const result = await searchWines({ locale: 'nl', query: 'merlot', hitsPerPage: 5 })
    expect(result.hits.length).toBeGreaterThan(0)
    expect(result.hits.length).toBeLessThanOrEqual(5)
    expect(result.nbHits).toBeGreaterThanOrEqual(result.hits.length)
    const nl = new Set(winesFor('nl').map((w) => w.objectID))
    for (const hit of result.hits) expect(nl.has(hit.objectID)).toBe(true)
    const sent = callsOf('search').at(-1)!.payload as Sent
    expect(sent.requests[0]).toMatchObject({
      indexName: 'wines_nl',
      query: 'merlot',
      hitsPerPage: 5,
    })
  })

  it('passes facet filters through (colour AND one of two grapes)', async () => {
    const result = await searchWines({
      locale: 'fr',
      facetFilters: ['c.color:red-7b1e2b', ['g.title:Merlot', 'g.title:Syrah']],
      hitsPerPage: 50,
    })
    expect(result.hits.length).toBeGreaterThan(0)
    for (const hit of result.hits) {
      expect(hit.c?.color).toBe('red-7b1e2b')
      expect(hit.g.map((g) => g.title).some((g) => g === 'Merlot' || g === 'Syrah')).toBe(true)
    }
  })

  it('sends the search-only key and app id with the request', async () => {
    const seen: { url: URL; headers: Headers }[] = []
    const listener = ({ request }: { request: Request }) => {
      seen.push({ url: new URL(request.url), headers: request.headers })
    }
    server.events.on('request:start', listener)
    try {
      await searchWines({ locale: 'fr', query: 'syrah' })
    } finally {
      server.events.removeListener('request:start', listener)
    }
    expect(seen).toHaveLength(1)
    const { url, headers } = seen[0]!
    expect(url.hostname).toMatch(/^DEMOAPP(-dsn\.algolia\.net|-[123]\.algolianet\.com)$/i)
    expect(url.pathname).toBe('/1/indexes/*/queries')
    // The browser build sends the credentials as query parameters, the node build as headers.
    const param = (name: string) => url.searchParams.get(name) ?? headers.get(name)
    expect(param('x-algolia-api-key')).toBe('search-only-key')
    expect(param('x-algolia-application-id')).toBe('DEMOAPP')
  })

  it('a new page has a new client (its config, an empty cache)', () => {
    const first = getSearchClient()
    loadPage()
    setPageConfig(parseConfig(JSON.stringify({ algolia: { appId: 'OTHER', searchKey: 'k2' } })))
    const second = getSearchClient()
    expect(second).not.toBe(first)
    expect(second.appId).toBe('OTHER')
  })

  it('a search sent ahead answers the next identical search, once, in either shape', async () => {
    const fields = { query: 'merlot', hitsPerPage: 3 }
    void searchAhead({ requests: [{ indexName: 'wines_fr', ...fields }] })
    const client = getSearchClient()
    const taken = await client.search([{ indexName: 'wines_fr', params: fields }])
    expect(callsOf('search')).toHaveLength(1)
    expect(taken.results).toHaveLength(1)
    // Taken once: the same search again is a request of its own, and so is another one.
    await client.search({ requests: [{ indexName: 'wines_fr', ...fields }] })
    await client.search({ requests: [{ indexName: 'wines_fr', query: 'syrah' }] })
    expect(callsOf('search')).toHaveLength(3)
  })

  it('a search sent ahead and failed is sent again by the next identical search', async () => {
    setFault('search', { kind: 'status', status: 500 })
    const requests = [{ indexName: 'wines_nl', query: 'x' }]
    void searchAhead({ requests })
    await vi.waitFor(() => expect(callsOf('search').length).toBeGreaterThan(0))
    const failed = callsOf('search').length
    await new Promise((resolve) => setTimeout(resolve, 50))
    clearFaults()
    await expect(getSearchClient().search({ requests })).resolves.toBeDefined()
    expect(callsOf('search').length).toBeGreaterThan(failed)
  })

  it('a search sent ahead too long ago answers nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const requests = [{ indexName: 'wines_en', query: 'rosé' }]
      void searchAhead({ requests })
      vi.setSystemTime(Date.now() + AHEAD_MS)
      await getSearchClient().search({ requests })
      // The client sent its own (the one sent ahead may still be on its way).
      await vi.waitFor(() => expect(callsOf('search')).toHaveLength(2))
    } finally {
      vi.useRealTimers()
    }
  })

  it('rejects when the service answers 500 on every host', async () => {
    setFault('search', { kind: 'status', status: 500 })
    await expect(searchWines({ locale: 'fr', query: 'x' })).rejects.toThrow()
  })

  it('sends the requests to the configured hosts (algolia.hosts), a same-site path on the page', async () => {
    setPageConfig(
      parseConfig(
        JSON.stringify({
          algolia: {
            appId: 'DEMOAPP',
            searchKey: 'search-only-key',
            hosts: [{ url: '/algolia/' }],
          },
        }),
      ),
    )
    const seen: string[] = []
    const keys: (string | null)[] = []
    server.use(
      http.post('*/algolia/1/indexes/*/queries', ({ request }) => {
        seen.push(request.url)
        const url = new URL(request.url)
        // The browser build sends the key as a query parameter, the node build as a header.
        keys.push(
          url.searchParams.get('x-algolia-api-key') ?? request.headers.get('x-algolia-api-key'),
        )
        return HttpResponse.json({ results: [{ hits: [], nbHits: 0 }] })
      }),
    )
    await searchWines({ locale: 'fr', query: 'syrah' })
    expect(seen).toHaveLength(1)
    const url = new URL(seen[0]!)
    expect(url.origin).toBe(window.location.origin)
    expect(url.pathname).toBe('/algolia/1/indexes/*/queries')
    expect(keys).toEqual(['search-only-key'])
    expect(callsOf('search')).toEqual([])
  })

  it('maps algolia.hosts to the client: defaults, same-site paths, trailing slashes', () => {
    const page = { host: 'shop.example:8080', protocol: 'http:' }
    expect(
      clientHosts(
        [
          { url: '/algolia/' },
          { url: 'search.shop.example/algolia', accept: 'readWrite' },
          { url: 'localhost:4294', protocol: 'http' },
        ],
        page,
      ),
    ).toEqual([
      { url: 'shop.example:8080/algolia', protocol: 'http', accept: 'read' },
      { url: 'search.shop.example/algolia', protocol: 'https', accept: 'readWrite' },
      { url: 'localhost:4294', protocol: 'http', accept: 'read' },
    ])
    expect(clientHosts([{ url: '/' }], { host: 'shop.example', protocol: 'https:' })).toEqual([
      { url: 'shop.example', protocol: 'https', accept: 'read' },
    ])
  })
})
