// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStateMapping, createUrlRouter } from './url-router'

beforeEach(() => {
  window.history.replaceState(null, '', '/fr/vins?utm_source=mail#top')
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})

afterEach(() => {
  vi.useRealTimers()
  window.history.replaceState(null, '', '/')
})

const merlot = { query: 'merlot', refinements: { grapes: ['Merlot'] } }

describe('URL router', () => {
  it('reads the search state from the query string', () => {
    window.history.replaceState(null, '', '/fr/?q=syrah&price=2&price=3')
    expect(createUrlRouter().read()).toEqual({
      query: 'syrah',
      refinements: { prices: ['2', '3'] },
    })
  })

  it('writes 400 ms after the last change, one history entry, keeping path, params and hash', () => {
    const router = createUrlRouter()
    const length = window.history.length
    router.write({ query: 'm', refinements: {} })
    vi.advanceTimersByTime(300)
    router.write({ query: 'me', refinements: {} })
    vi.advanceTimersByTime(300)
    router.write(merlot)
    vi.advanceTimersByTime(399)
    expect(window.location.search).toBe('?utm_source=mail')
    vi.advanceTimersByTime(1)
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/fr/vins?utm_source=mail&q=merlot&grape=Merlot#top',
    )
    expect(window.history.length).toBe(length + 1)
    router.dispose()
  })

  it('does not push when the URL already holds that state', () => {
    window.history.replaceState(null, '', '/fr/?grape=Merlot&q=merlot')
    const router = createUrlRouter()
    const length = window.history.length
    router.write(merlot)
    vi.advanceTimersByTime(400)
    expect(window.history.length).toBe(length)
    expect(window.location.search).toBe('?grape=Merlot&q=merlot')
    router.dispose()
  })

  it('creates URLs for a state', () => {
    expect(createUrlRouter().createURL(merlot)).toBe(
      '/fr/vins?utm_source=mail&q=merlot&grape=Merlot#top',
    )
  })

  it('reports back/forward and drops a pending write', () => {
    const router = createUrlRouter()
    const seen: unknown[] = []
    router.onUpdate((route) => seen.push(route))
    router.write(merlot)
    window.history.replaceState(null, '', '/fr/?q=gamay')
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(seen).toEqual([{ query: 'gamay', refinements: {} }])
    vi.advanceTimersByTime(1000)
    expect(window.location.search).toBe('?q=gamay')
    router.dispose()
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(seen).toHaveLength(1)
  })

  it('removes the search from the URL on dispose, without a history entry', () => {
    window.history.replaceState(null, '', '/fr/?utm_source=mail&q=merlot&grape=Merlot#top')
    const router = createUrlRouter()
    const length = window.history.length
    router.write({ query: 'merlots', refinements: {} })
    router.dispose()
    vi.advanceTimersByTime(1000)
    expect(window.location.search).toBe('?utm_source=mail')
    expect(window.location.hash).toBe('#top')
    expect(window.history.length).toBe(length)
  })
})

describe('state mapping', () => {
  const mapping = createStateMapping('wines_fr')

  it('maps the index UI state to the route and back', () => {
    const uiState = {
      wines_fr: { query: 'merlot', refinementList: { 'g.title': ['Merlot'], price_level: ['2'] } },
    }
    const route = mapping.stateToRoute(uiState)
    expect(route).toEqual({ query: 'merlot', refinements: { grapes: ['Merlot'], prices: ['2'] } })
    expect(mapping.routeToState(route)).toEqual(uiState)
  })

  it('maps an empty route to an empty index state (back to a URL without search)', () => {
    expect(mapping.routeToState({ query: '', refinements: {} })).toEqual({ wines_fr: {} })
    expect(mapping.stateToRoute({})).toEqual({ query: '', refinements: {} })
  })
})
