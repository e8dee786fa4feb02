import { describe, expect, it } from 'vitest'
import { createLimiter } from '../limits'
import { fakeUpstream, post, serve, type Received } from '../test/serve'
import {
  MAX_HITS_PER_PAGE,
  MAX_REQUESTS,
  createSearchHandler,
  type SearchHandlerOptions,
} from './handler'

const KEY = 'search-only-key'
const RESULTS = { results: [{ hits: [{ objectID: '1' }], nbHits: 1, page: 0 }] }

/** What the search panel sends (react-instantsearch), one search and one disjunctive facet. */
const PANEL = {
  requests: [
    {
      indexName: 'wines_fr',
      query: 'mer',
      facets: ['c.color', 'g.title', 'm.image', 'price_level', 'r.title', 't.image'],
      facetFilters: [['g.title:Merlot', 'g.title:Syrah'], ['c.color:red-7b1e2b']],
      hitsPerPage: 24,
      page: 0,
      maxValuesPerFacet: 200,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
      analytics: false,
      clickAnalytics: false,
    },
    { indexName: 'wines_fr', query: 'mer', facets: 'g.title', hitsPerPage: 0, page: 0 },
  ],
}
/** The carousel and the sommelier. */
const CAROUSEL = {
  requests: [{ indexName: 'wines_nl', query: '', facetFilters: ['tags:Summer'], hitsPerPage: 24 }],
}
const SOMMELIER = {
  requests: [
    {
      indexName: 'wines_en',
      query: '',
      hitsPerPage: 0,
      facets: ['c.color', 't.image'],
      maxValuesPerFacet: 100,
    },
  ],
}

async function proxy(
  answer: (r: Received) => Response | Promise<Response> = () => Response.json(RESULTS),
  overrides: Partial<SearchHandlerOptions> = {},
) {
  const search = await fakeUpstream(answer)
  const handler = createSearchHandler({
    appId: 'SHOPAPP',
    searchKey: KEY,
    hosts: [search.url],
    log: () => undefined,
    ...overrides,
  })
  const { url } = await serve(handler)
  return { search, url: `${url}/algolia/1/indexes/*/queries` }
}

/** As the browser's search client sends it: JSON as text/plain, its own key in the query. */
const browserPost = (url: string, body: unknown) =>
  post(`${url}?x-algolia-api-key=browser-key&x-algolia-application-id=SHOPAPP`, body, {
    'Content-Type': 'text/plain',
  })

describe('search proxy', () => {
  it.each([
    ['the search panel', PANEL],
    ['the carousel', CAROUSEL],
    ['the sommelier', SOMMELIER],
  ])('passes what %s sends, with the app id and search key added here', async (_name, body) => {
    const { search, url } = await proxy()
    const res = await browserPost(url, body)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(RESULTS)
    expect(search.received).toHaveLength(1)
    const [sent] = search.received
    expect(sent!.path).toBe('/1/indexes/*/queries')
    expect(sent!.headers.get('x-algolia-api-key')).toBe(KEY)
    expect(sent!.headers.get('x-algolia-application-id')).toBe('SHOPAPP')
    expect(JSON.parse(sent!.body)).toEqual(body)
    expect(sent!.body).not.toContain('browser-key')
  })

  it('reads parameters sent URL-encoded in `params`, and forwards them as an object', async () => {
    const { search, url } = await proxy()
    const params = new URLSearchParams({
      query: 'merlot',
      hitsPerPage: '20',
      facetFilters: JSON.stringify([['g.title:Merlot']]),
    }).toString()
    const res = await browserPost(url, { requests: [{ indexName: 'wines_en', params }] })
    expect(res.status).toBe(200)
    expect(JSON.parse(search.received[0]!.body)).toEqual({
      requests: [
        {
          indexName: 'wines_en',
          query: 'merlot',
          hitsPerPage: 20,
          facetFilters: [['g.title:Merlot']],
        },
      ],
    })
  })

  it.each([
    ['another index', 'customers'],
    ['a replica of ours', 'wines_fr_price_asc'],
    ['another locale', 'wines_de'],
  ])('%s is a 403, and nothing reaches the search service', async (_name, indexName) => {
    const { search, url } = await proxy()
    const res = await browserPost(url, {
      requests: [
        { indexName: 'wines_fr', query: '' },
        { indexName, query: '' },
      ],
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: expect.any(String) })
    expect(search.received).toHaveLength(0)
  })

  it('another index named in `params` is a 403 too', async () => {
    const { search, url } = await proxy()
    const res = await browserPost(url, { requests: [{ params: 'indexName=users&query=a' }] })
    expect(res.status).toBe(403)
    expect(search.received).toHaveLength(0)
  })

  const one = (params: Record<string, unknown>) => ({
    requests: [{ indexName: 'wines_fr', query: '', ...params }],
  })
  it.each([
    [`hitsPerPage over ${MAX_HITS_PER_PAGE}`, one({ hitsPerPage: MAX_HITS_PER_PAGE + 1 })],
    [
      'hitsPerPage as 1000 in params',
      { requests: [{ indexName: 'wines_fr', params: 'hitsPerPage=1000' }] },
    ],
    ['a page far away', one({ page: 500 })],
    ['attributesToRetrieve', one({ attributesToRetrieve: ['*'] })],
    ['a filters expression', one({ filters: 'price < 5' })],
    ['getRankingInfo', one({ getRankingInfo: true })],
    ['a facet we do not have', one({ facets: ['cost_price'] })],
    ['a facet filter on another attribute', one({ facetFilters: ['supplier:Acme'] })],
    ['a query over 512 characters', one({ query: 'x'.repeat(513) })],
    ['too many facet values', one({ maxValuesPerFacet: 1000 })],
    [
      `more than ${MAX_REQUESTS} requests`,
      { requests: Array(MAX_REQUESTS + 1).fill(one({}).requests[0]) },
    ],
    ['no request', { requests: [] }],
    ['no index', { requests: [{ query: '' }] }],
    ['one more key beside the requests', { ...one({}), strategy: 'none' }],
    ['not JSON', '{"requests":'],
  ])('%s is a 400, and nothing reaches the search service', async (_name, body) => {
    const { search, url } = await proxy()
    const res = await browserPost(url, body)
    expect(res.status).toBe(400)
    expect(search.received).toHaveLength(0)
  })

  it.each([
    ['/algolia/1/indexes/wines_fr/query', 'POST'],
    ['/algolia/1/indexes/wines_fr/browse', 'POST'],
    ['/algolia/1/keys', 'POST'],
    ['/algolia/1/indexes/wines_fr/batch', 'POST'],
  ])('another path (%s) is a 404', async (path, method) => {
    const { search, url } = await proxy()
    const res = await fetch(new URL(path, url), { method, body: '{}' })
    expect(res.status).toBe(404)
    expect(search.received).toHaveLength(0)
  })

  it('answers only POST', async () => {
    const { url } = await proxy()
    expect((await fetch(url)).status).toBe(405)
  })

  it('tries the next host when one fails (5xx), and answers 502 when all do', async () => {
    const down = await fakeUpstream(() => new Response('down', { status: 503 }))
    const up = await fakeUpstream(() => Response.json(RESULTS))
    const { url } = await proxy(undefined, { hosts: [down.url, up.url] })
    expect(await (await browserPost(url, SOMMELIER)).json()).toEqual(RESULTS)
    expect([down.received.length, up.received.length]).toEqual([1, 1])

    const { url: allDown } = await proxy(undefined, { hosts: [down.url, down.url] })
    expect((await browserPost(allDown, SOMMELIER)).status).toBe(502)
  })

  it('a refusal of the search service (a wrong key: 403) is a 502 at once', async () => {
    const { search, url } = await proxy(() =>
      Response.json({ message: 'Invalid Application-ID or API key' }, { status: 403 }),
    )
    const res = await browserPost(url, SOMMELIER)
    expect(res.status).toBe(502)
    expect(await res.text()).not.toContain('API key')
    expect(search.received).toHaveLength(1)
  })

  it('limits an address when given a limiter: 429 with Retry-After', async () => {
    const { search, url } = await proxy(undefined, {
      limiter: createLimiter({ name: 'search', points: 1, duration: 60 }),
    })
    expect((await browserPost(url, SOMMELIER)).status).toBe(200)
    const res = await browserPost(url, SOMMELIER)
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(search.received).toHaveLength(1)
  })
})
