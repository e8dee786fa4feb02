import { describe, expect, it, vi } from 'vitest'
import { createStore } from './store'
import { INACTIVITY_MS, STORAGE_KEY, initialState } from './state'
import type { CartLine } from '../domain/types'
import { NO_PROMOTION } from '../domain/types'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  }
}

const line: CartLine = {
  id: '4711',
  odooCode: 'W-001',
  odooId: 4711,
  name: 'Château Test',
  vintage: '2019',
  volume: '75cl',
  quantity: 2,
  price: 12.5,
  qty_available: 10,
  free_qty: 0,
  type: 'product',
  wines: [],
  free_shipping: false,
  promotion: NO_PROMOTION,
}

describe('store', () => {
  it('persists updates under the versioned key and reads them back after a reload', () => {
    const storage = memoryStorage()
    const first = createStore({ storage, now: () => 1_000 })
    first.update((d) => {
      d.cart.lines.push(line)
    })
    expect(STORAGE_KEY).toBe('wine-widgets:v1')
    expect(JSON.parse(storage.data.get(STORAGE_KEY)!).cart.lines).toHaveLength(1)
    const reloaded = createStore({ storage, now: () => 2_000 })
    expect(reloaded.getState().cart.lines[0]?.name).toBe('Château Test')
  })

  it('notifies subscribers and keeps untouched branches identical', () => {
    const store = createStore({ storage: memoryStorage() })
    const listener = vi.fn()
    store.subscribe(listener)
    const before = store.getState()
    store.update((d) => {
      d.session.points = 420
    })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(store.getState().cart).toBe(before.cart)
    expect(store.getState().session).not.toBe(before.session)
  })

  it.each([
    ['not JSON', '{"cart": [oops'],
    ['a foreign shape', JSON.stringify({ hello: 'world' })],
    ['a tampered line', JSON.stringify({ ...initialState(0), cart: { lines: [{ id: 1 }] } })],
    ['an array', '[]'],
  ])('discards %s with one warning and starts empty', (_label, raw) => {
    const storage = memoryStorage({ [STORAGE_KEY]: raw })
    const warn = vi.fn()
    const store = createStore({ storage, warn, now: () => 5 })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toMatch(/Discarded/)
    expect(store.getState().cart.lines).toEqual([])
    expect(storage.data.has(STORAGE_KEY)).toBe(false)
  })

  it('works without storage (disabled) and when writing throws (full)', () => {
    const none = createStore({ storage: null })
    none.update((d) => {
      d.session.points = 1
    })
    expect(none.getState().session.points).toBe(1)

    const warn = vi.fn()
    const full = createStore({
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new DOMException('QuotaExceededError')
        },
        removeItem: () => undefined,
      },
      warn,
    })
    full.update((d) => {
      d.session.points = 2
    })
    full.update((d) => {
      d.session.points = 3
    })
    expect(full.getState().session.points).toBe(3)
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('clears user, cart, contacts and conversation after 30 minutes without activity', () => {
    let now = 0
    const store = createStore({ storage: memoryStorage(), now: () => now })
    store.update((d) => {
      d.session = {
        isLoggedIn: true,
        user: { name: 'Claire', email: 'c@x', odooID: 1 },
        points: 420,
      }
      d.cart.lines.push(line)
      d.contacts.delivery.name = 'Claire'
      d.conversation.push({ from: 'user', message: 'Hi', wines: [] })
    })
    now = INACTIVITY_MS - 1
    expect(store.touch()).toBe(false)
    expect(store.getState().session.isLoggedIn).toBe(true)
    now = now + INACTIVITY_MS + 1
    expect(store.touch()).toBe(true)
    const s = store.getState()
    expect(s.session.isLoggedIn).toBe(false)
    expect(s.cart.lines).toEqual([])
    expect(s.contacts.delivery.name).toBe('')
    expect(s.conversation).toEqual([])
  })

  it('expires on reload when the last activity is older than 30 minutes (the clock survives reloads)', () => {
    const storage = memoryStorage()
    const first = createStore({ storage, now: () => 0 })
    first.update((d) => {
      d.cart.lines.push(line)
    })
    const fresh = createStore({ storage, now: () => INACTIVITY_MS - 10 })
    expect(fresh.getState().cart.lines).toHaveLength(1)
    expect(fresh.expiredOnLoad).toBe(false)
    const expired = createStore({ storage, now: () => INACTIVITY_MS * 2 })
    expect(expired.getState().cart.lines).toEqual([])
    expect(expired.expiredOnLoad).toBe(true)
  })
})
