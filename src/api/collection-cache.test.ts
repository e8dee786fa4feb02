// @vitest-environment jsdom -- the tab's sessionStorage
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf } from '../../mocks/db'
import { loadPage } from '../../mocks/page'
import { getPageQueryClient } from './query-client'
import { collectionQuery } from './collection-query'
import { COLLECTION_CACHE_KEY, COLLECTION_CACHE_MS } from './collection-cache'
import { editorialPrefetch } from './collection-url'
import { getBus } from '../bus/bus'

/** The quotes a page shows, read through the page's QueryClient as the quotes widget does. */
const readQuotes = () =>
  getPageQueryClient().query(collectionQuery('quotes', 'en', ['id', 'quote', 'author']))
const collectionReads = () => callsOf('collections').length
/** The visitor goes to the tab's next page: a new page context over the same sessionStorage. */
const nextPage = () => loadPage()

beforeEach(() => {
  // Only the clock: MSW's own timers keep running.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-12-01T10:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the collection reads of a visit', () => {
  it('the next page of the tab shows the same entries without reading the collection again', async () => {
    const first = await readQuotes()
    expect(first.length).toBeGreaterThan(0)
    expect(collectionReads()).toBe(1)
    nextPage()
    vi.advanceTimersByTime(COLLECTION_CACHE_MS - 1_000)
    expect(await readQuotes()).toEqual(first)
    expect(collectionReads()).toBe(1)
  })

  it('a logout keeps them: they are the same for every visitor', async () => {
    await readQuotes()
    getBus().emit('user:logged-out', { reason: 'logout' })
    nextPage()
    await readQuotes()
    expect(collectionReads()).toBe(1)
  })

  it('reads the collection again once the saved answer is older than the window', async () => {
    await readQuotes()
    nextPage()
    vi.advanceTimersByTime(COLLECTION_CACHE_MS)
    await readQuotes()
    expect(collectionReads()).toBe(2)
  })

  it('an editorial widget preloads nothing for a collection the tab holds', async () => {
    const page = document.implementation.createHTMLDocument()
    const tag = { props: { collection: 'grapes' }, locale: 'en' as const, page }
    const [url] = editorialPrefetch('slider', tag)
    expect(url).toContain('/api/collections/grapes/entries')
    await getPageQueryClient().query({
      queryKey: [
        'collection',
        'grapes',
        'en',
        new URL(url!, 'http://x').searchParams.get('fields')!,
      ],
      queryFn: () => [{ title: 'Merlot' }],
    })
    nextPage()
    expect(editorialPrefetch('slider', tag)).toEqual([])
    vi.advanceTimersByTime(COLLECTION_CACHE_MS)
    expect(editorialPrefetch('slider', tag)).toEqual([url])
  })

  it.each([
    ['not JSON', '{"key": ['],
    ['not a list', JSON.stringify({ quotes: [] })],
    [
      'entries of the wrong shape',
      JSON.stringify([
        { key: ['collection', 'quotes', 'en', 'author,id,quote'], data: 'In vino', at: Date.now() },
        { key: ['collection', 'quotes'], data: [], at: Date.now() },
        { key: ['collection', 'quotes', 'en', 'author,id,quote'], data: [1, 2], at: Date.now() },
      ]),
    ],
    [
      'an answer dated in the future',
      JSON.stringify([
        {
          key: ['collection', 'quotes', 'en', 'author,id,quote'],
          data: [{ id: 'x', quote: 'Stale', author: 'Nobody' }],
          at: Date.parse('2026-12-01T11:00:00Z'),
        },
      ]),
    ],
  ])('a saved cache that is %s is ignored, without an error', async (_label, saved) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    sessionStorage.setItem(COLLECTION_CACHE_KEY, saved)
    nextPage()
    const quotes = await readQuotes()
    expect(quotes.length).toBeGreaterThan(0)
    expect(JSON.stringify(quotes)).not.toContain('Stale')
    expect(collectionReads()).toBe(1)
    expect(error).not.toHaveBeenCalled()
    expect(warn).not.toHaveBeenCalled()
    // What this page read replaced it: the next page reads nothing.
    nextPage()
    await readQuotes()
    expect(collectionReads()).toBe(1)
  })
})
