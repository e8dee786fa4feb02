// @vitest-environment jsdom -- the page context the searches sent ahead belong to is the document
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { callsOf } from '../../mocks/db'
import { server } from '../../mocks/node'
import { setFault } from '../../mocks/faults'
import { parseConfig, setPageConfig, MissingConfigError } from '../config/config'
import { getSearchClient } from './search-client'
import { AHEAD_TIMEOUT_MS, recentAhead, searchAhead, takeAhead } from './search-ahead'

const requests = [{ indexName: 'wines_fr', query: 'merlot', hitsPerPage: 3 }]
/** The client names itself in its requests; the search sent ahead does not. */
const byClient = () => callsOf('search').filter((call) => call.url.includes('x-algolia-agent'))

beforeEach(() => {
  setPageConfig(parseConfig(JSON.stringify({ algolia: { appId: 'DEMOAPP', searchKey: 'k' } })))
})

afterEach(() => {
  vi.useRealTimers()
})

describe('a search sent ahead of the client', () => {
  it('is the request the client would send, and its answer is the client’s', async () => {
    const urls: string[] = []
    const listener = ({ request }: { request: Request }) => void urls.push(request.url)
    server.events.on('request:start', listener)
    void searchAhead({ requests })
    const taken = await getSearchClient().search({ requests })
    server.events.removeListener('request:start', listener)
    const [sent] = callsOf('search')
    expect(callsOf('search')).toHaveLength(1)
    const url = new URL(urls[0]!)
    expect(urls).toHaveLength(1)
    expect(url.origin + url.pathname).toBe('https://demoapp-dsn.algolia.net/1/indexes/*/queries')
    expect(url.searchParams.get('x-algolia-application-id')).toBe('DEMOAPP')
    expect(url.searchParams.get('x-algolia-api-key')).toBe('k')
    expect(sent!.payload).toEqual({ requests })
    // The same search by the client itself finds the same wines.
    const own = await getSearchClient().search({ requests: [{ ...requests[0]!, page: 0 }] })
    expect(taken.results).toHaveLength(1)
    const [ahead, itself] = [taken.results[0]!, own.results[0]!]
    expect('hits' in ahead && ahead.nbHits).toBeGreaterThan(0)
    expect('hits' in ahead && ahead.hits).toEqual('hits' in itself && itself.hits)
    expect('hits' in ahead && ahead.nbHits).toBe('hits' in itself && itself.nbHits)
  })

  it.each([
    ['an error status', { kind: 'status', status: 500 }],
    ['a body that is not JSON', { kind: 'malformed' }],
    ['no answer (the network)', { kind: 'network' }],
  ] as const)('that gets %s: the client sends the search itself', async (_, fault) => {
    setFault('search', fault, { times: 1 })
    void searchAhead({ requests })
    // Taken while still in flight: its failure hands the search to the client.
    const answer = await getSearchClient().search({ requests })
    expect(answer.results).toHaveLength(1)
    expect(byClient()).toHaveLength(1)
  })

  it('that gets an answer of another shape: the client sends the search itself', async () => {
    server.use(
      http.post(
        'https://DEMOAPP-dsn.algolia.net/1/indexes/*/queries',
        () => HttpResponse.json({ results: [] }),
        // Only the first: the client's own search reaches the mock service.
        { once: true },
      ),
    )
    void searchAhead({ requests })
    const answer = await getSearchClient().search({ requests })
    expect(answer.results).toHaveLength(1)
    expect(byClient()).toHaveLength(1)
  })

  it('that gets no answer in time: the client sends the search itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    setFault('search', { kind: 'hang' }, { times: 1 })
    void searchAhead({ requests })
    const answer = getSearchClient().search({ requests })
    await vi.advanceTimersByTimeAsync(AHEAD_TIMEOUT_MS)
    vi.useRealTimers()
    expect((await answer).results).toHaveLength(1)
    expect(byClient()).toHaveLength(1)
  })

  it('is taken once, by an identical search only', () => {
    void searchAhead({ requests })
    expect(takeAhead({ requests: [{ ...requests[0]!, query: 'syrah' }] })).toBeNull()
    // The older shape, as InstantSearch may send it, is the same search.
    const older = [{ indexName: 'wines_fr', params: { query: 'merlot', hitsPerPage: 3 } }]
    expect(takeAhead(older)).not.toBeNull()
    expect(takeAhead({ requests })).toBeNull()
  })

  it('is found again while recent, and left for the search it answers', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const answer = searchAhead({ requests })
    expect(recentAhead({ requests: [{ ...requests[0]!, query: 'syrah' }] }, 5_000)).toBeNull()
    vi.advanceTimersByTime(4_000)
    expect(recentAhead({ requests }, 5_000)).toBe(answer)
    expect(recentAhead({ requests }, 3_000)).toBeNull()
    // Still there for the client's identical search, once.
    expect(takeAhead({ requests })).toBe(answer)
    expect(recentAhead({ requests }, 5_000)).toBeNull()
  })

  it('without the search config sends nothing and says why', () => {
    setPageConfig(parseConfig('{}'))
    expect(() => searchAhead({ requests })).toThrow(MissingConfigError)
    expect(callsOf('search')).toHaveLength(0)
  })
})
