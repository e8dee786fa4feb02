// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it } from 'vitest'
import { wineLine } from '../../fixtures/checkout'
import { getStore, prepareStore } from './shared-store'
import { openPage } from '../page/page-context'
import { STORAGE_KEY, initialState } from './state'
import { loadPage } from '../../mocks/page'

/** The page as it loads: no reader yet (the saved-state schemas are fetched on demand). */
const freshPage = () => openPage()

describe('prepareStore: the page store, read back only when something is saved', () => {
  it('starts empty on a first visit', async () => {
    freshPage()
    const store = await prepareStore()
    expect(store.getState().cart.lines).toEqual([])
    expect(getStore()).toBe(store)
  })

  it('reads back what this tab saved, dropping what does not fit', async () => {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        ...initialState(Date.now()),
        cart: { ...initialState(0).cart, lines: [wineLine(), { id: 'broken' }] },
      }),
    )
    freshPage()
    const store = await prepareStore()
    expect(store.getState().cart.lines).toEqual([wineLine()])
    expect(await prepareStore()).toBe(store)
  })

  it('refuses getStore() before the saved state was read, instead of losing it', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(initialState(Date.now())))
    freshPage()
    expect(() => getStore()).toThrow(/before prepareStore/)
    expect(sessionStorage.getItem(STORAGE_KEY)).not.toBeNull()
  })
})

describe('a page that is gone', () => {
  it("writes nothing more into the tab's state: the next page's cart stays as it is", () => {
    loadPage()
    const old = getStore()
    loadPage()
    const next = getStore()
    next.update((d) => {
      d.cart.lines.push(wineLine())
    })
    const saved = sessionStorage.getItem(STORAGE_KEY)
    // Work the old page still had under way ends after the next page opened.
    old.update((d) => {
      d.cart.lines = []
    })
    expect(sessionStorage.getItem(STORAGE_KEY)).toBe(saved)
    expect(next.getState().cart.lines).toEqual([wineLine()])
  })
})
