import { describe, expect, it, vi } from 'vitest'
import { createStore, type Store } from './store'
import { readSavedState } from './saved-state'
import { INACTIVITY_MS, emptyContact } from './state'
import { SHARED_CART_KEY } from './shared-cart'
import type { TabLink } from './tab-link'
import type { CartLine } from '../domain/types'
import { NO_PROMOTION } from '../domain/points'
import { addLine, removeLine } from '../domain/cart'
import { memoryStorage } from '../../mocks/memory-storage'

/**
 * Several tabs of one browser, simulated: each has its own sessionStorage, they share one
 * localStorage, and one message line joins them. Messages wait in each receiver's queue until the
 * test delivers them, in the order the test chooses: the interleavings a real browser may produce.
 */
function browser() {
  const local = memoryStorage()
  const queues = new Map<number, { handler: (m: unknown) => void; queue: unknown[] }>()
  let next = 0
  function link(): TabLink {
    const id = next++
    const inbox: { handler: (m: unknown) => void; queue: unknown[] } = {
      handler: () => undefined,
      queue: [],
    }
    queues.set(id, inbox)
    return {
      post(message) {
        // Structured clone, as BroadcastChannel does: no shared references between tabs.
        const copy = structuredClone(message)
        queues.forEach((q, other) => {
          if (other !== id) q.queue.push(copy)
        })
      },
      listen(handler) {
        inbox.handler = handler
        return () => {
          inbox.handler = () => undefined
        }
      },
      close() {
        queues.delete(id)
      },
    }
  }
  const tabs: { store: Store; id: number; session: ReturnType<typeof memoryStorage> }[] = []
  return {
    local,
    /** A new tab, opened by typing the address (its own empty sessionStorage). */
    open(now: () => number = () => 1_000_000, session = memoryStorage()) {
      const id = next
      const store = createStore({
        readSaved: readSavedState,
        storage: session,
        shared: local,
        link: link(),
        now,
      })
      tabs.push({ store, id, session })
      return store
    },
    /** Delivers the next message waiting for `store`'s tab; false when none waits. */
    deliverOne(store: Store): boolean {
      const tab = tabs.find((t) => t.store === store)
      const inbox = tab ? queues.get(tab.id) : undefined
      const message = inbox?.queue.shift()
      if (!inbox || message === undefined) return false
      inbox.handler(message)
      return true
    },
    /** Delivers every message, answers included, until the line is quiet. */
    settle() {
      let moved = true
      while (moved) {
        moved = false
        for (const { id } of tabs) {
          const inbox = queues.get(id)
          const message = inbox?.queue.shift()
          if (inbox && message !== undefined) {
            inbox.handler(message)
            moved = true
          }
        }
      }
    },
    sessionOf: (store: Store) => tabs.find((t) => t.store === store)?.session,
  }
}

const wine = (id: string, quantity = 1): CartLine => ({
  id,
  odooCode: `W-${id}`,
  odooId: Number(id),
  name: `Wine ${id}`,
  vintage: '2019',
  volume: '75cl',
  quantity,
  price: 10,
  qty_available: 1000,
  free_qty: 0,
  type: 'product',
  wines: [],
  free_shipping: false,
  promotion: NO_PROMOTION,
})

/** Adds as the cart actions do: computed from the newest state, never from an earlier copy. */
const add = (store: Store, id: string, quantity = 1) =>
  store.update((d, newest) => {
    d.cart = addLine(newest.cart, wine(id, quantity))
  })

const lines = (store: Store) =>
  Object.fromEntries(store.getState().cart.lines.map((l) => [l.id, l.quantity]))

const claire = {
  isLoggedIn: true as const,
  user: { name: 'Claire Dubois', email: 'claire@example.com', odooID: 1001 },
  points: 420,
}

describe('tabs: one shop in every tab', () => {
  it('a new tab starts from the cart the other tabs hold, at once, and takes the rest from a live tab', () => {
    const b = browser()
    const first = b.open()
    add(first, '1')
    first.update((d) => {
      d.contacts.delivery = { ...emptyContact(), name: 'Claire', street: 'Rue Haute 1' }
    })
    b.settle()

    const second = b.open()
    // Before any message: the shared copy already gave it the cart (its first render).
    expect(lines(second)).toEqual({ '1': 1 })
    expect(second.getState().contacts.delivery.street).toBe('')
    b.settle()
    // A live tab answered its hello: the contacts too.
    expect(second.getState().contacts.delivery.street).toBe('Rue Haute 1')
  })

  it('a change in one tab shows in the other, and its subscribers hear it', () => {
    const b = browser()
    const first = b.open()
    const second = b.open()
    b.settle()
    const heard = vi.fn()
    second.subscribe(heard)
    add(first, '7', 2)
    b.settle()
    expect(lines(second)).toEqual({ '7': 2 })
    expect(heard).toHaveBeenCalled()
    // Kept in the second tab's own copy too: a reload of it keeps the line.
    const reloaded = createStore({
      readSaved: readSavedState,
      storage: b.sessionOf(second),
      now: () => 1_000_000,
    })
    expect(lines(reloaded)).toEqual({ '7': 2 })
  })

  it('two tabs adding different wines at the same moment both keep their lines', () => {
    const b = browser()
    const first = b.open()
    const second = b.open()
    b.settle()
    add(first, '1')
    add(second, '2')
    b.settle()
    expect(lines(first)).toEqual({ '1': 1, '2': 1 })
    expect(lines(second)).toEqual({ '1': 1, '2': 1 })
    // The shared copy holds the result too: the next tab starts from both.
    expect(lines(b.open())).toEqual({ '1': 1, '2': 1 })
  })

  it('quantities of the same wine added at the same moment add up', () => {
    const b = browser()
    const first = b.open()
    const second = b.open()
    add(first, '5', 1)
    add(second, '5', 2)
    b.settle()
    expect(lines(first)).toEqual({ '5': 3 })
    expect(lines(second)).toEqual({ '5': 3 })
  })

  it('a removal in one tab is not put back by a tab that adds elsewhere at the same moment', () => {
    const b = browser()
    const first = b.open()
    add(first, '1')
    add(first, '2')
    const second = b.open()
    b.settle()
    first.update((d, newest) => {
      d.cart = removeLine(newest.cart, '1')
    })
    add(second, '3')
    b.settle()
    expect(lines(first)).toEqual({ '2': 1, '3': 1 })
    expect(lines(second)).toEqual({ '2': 1, '3': 1 })
  })

  it('interleaved writes of three tabs, delivered in every order: every write kept, once', () => {
    // A fixed pseudo-random sequence (not Math.random: the same run every time).
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let round = 0; round < 40; round++) {
      let clock = 1_000_000
      const now = () => clock
      const b = browser()
      const tabs = [b.open(now), b.open(now), b.open(now)]
      b.settle()
      const expected: Record<string, number> = {}
      for (let step = 0; step < 30; step++) {
        clock += Math.floor(random() * 3) // ticks collide often, as writes within one millisecond do
        const tab = tabs[Math.floor(random() * tabs.length)] ?? tabs[0]
        if (random() < 0.6 && tab) {
          const id = String(1 + Math.floor(random() * 4))
          const quantity = 1 + Math.floor(random() * 3)
          add(tab, id, quantity)
          expected[id] = (expected[id] ?? 0) + quantity
        } else if (tab) {
          // Some messages arrive before the next write, some after.
          b.deliverOne(tab)
        }
      }
      b.settle()
      for (const tab of tabs) expect(lines(tab), `round ${round}`).toEqual(expected)
    }
  })

  it('a logout in one tab clears user, cart, contacts and conversation in the others', () => {
    const b = browser()
    const first = b.open()
    first.update((d) => {
      d.session = claire
      d.contacts.delivery = { ...emptyContact(), street: 'Rue Haute 1' }
      d.conversation = [{ from: 'user', message: 'Lamb tonight', wines: [] }]
    })
    add(first, '1')
    const second = b.open()
    b.settle()
    expect(second.getState().session.isLoggedIn).toBe(true)
    const heard = vi.fn()
    second.onRemoteChange((before, after) =>
      heard(before.session.isLoggedIn, after.session.isLoggedIn),
    )

    first.clearPersonal()
    b.settle()
    const state = second.getState()
    expect(state.session.isLoggedIn).toBe(false)
    expect(state.cart.lines).toEqual([])
    expect(state.contacts.delivery.street).toBe('')
    expect(state.conversation).toEqual([])
    expect(heard).toHaveBeenCalledWith(true, false)
  })

  it('a tab that was closed before a logout elsewhere comes back without the personal data', () => {
    const b = browser()
    const first = b.open()
    first.update((d) => {
      d.session = claire
      d.contacts.delivery = { ...emptyContact(), street: 'Rue Haute 1' }
    })
    const second = b.open()
    b.settle()
    const kept = b.sessionOf(second)
    // The second tab is closed; the first logs out; the second is restored with its own copy.
    first.clearPersonal()
    b.settle()
    const restored = b.open(undefined, kept)
    expect(restored.getState().session.isLoggedIn).toBe(false)
    expect(restored.getState().contacts.delivery.street).toBe('')
  })

  it('activity in one tab counts in the others: none expires while a tab is used', () => {
    let clock = 1_000_000
    const now = () => clock
    const b = browser()
    const first = b.open(now)
    const second = b.open(now)
    add(first, '1')
    b.settle()
    clock += INACTIVITY_MS - 1_000
    first.touch(clock)
    b.settle()
    clock += 2_000
    // 30 minutes after the second tab's own last activity, but not after the first tab's.
    expect(second.touch(clock)).toBe(false)
    expect(lines(second)).toEqual({ '1': 1 })
  })

  it('a shared cart older than the 30 minutes is neither taken nor kept', () => {
    let clock = 1_000_000
    const b = browser()
    const first = b.open(() => clock)
    add(first, '1')
    first.close()
    clock += INACTIVITY_MS + 1
    const later = b.open(() => clock)
    expect(later.getState().cart.lines).toEqual([])
    expect(b.local.data.has(SHARED_CART_KEY)).toBe(false)
  })

  it('the payment stays the paying tab’s own', () => {
    const b = browser()
    const first = b.open()
    const second = b.open()
    add(first, '1')
    first.update((d) => {
      d.lastActivity += 1
    })
    b.settle()
    expect(second.getState().payment).toBeNull()
  })

  it('a message that is not a state of this version changes nothing, with one warning', () => {
    const warn = vi.fn()
    const local = memoryStorage()
    let deliver: (m: unknown) => void = () => undefined
    const store = createStore({
      readSaved: readSavedState,
      storage: memoryStorage(),
      shared: local,
      warn,
      link: {
        post: () => undefined,
        listen: (handler) => {
          deliver = handler
          return () => undefined
        },
        close: () => undefined,
      },
    })
    add(store, '1')
    deliver({ type: 'state', from: 'other', state: { cart: { lines: 'all of them' } } })
    deliver('garbage')
    deliver(null)
    expect(lines(store)).toEqual({ '1': 1 })
    expect(warn).toHaveBeenCalledTimes(1)
  })
})
