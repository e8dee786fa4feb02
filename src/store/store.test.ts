import { describe, expect, it, vi } from 'vitest'
import { createStore as createStoreWith, type StoreOptions } from './store'
import { readSavedState } from './saved-state'

/** The store as a page prepares it when something is saved: with the real saved-state reader. */
const createStore = (options: Omit<StoreOptions, 'readSaved' | 'loadReader'> = {}) =>
  createStoreWith({ readSaved: readSavedState, ...options })
import { INACTIVITY_MS, STORAGE_KEY, emptyContact, type StoreState } from './state'
import type { CartLine } from '../domain/types'
import { NO_PROMOTION } from '../domain/points'
import { memoryStorage } from '../../mocks/memory-storage'

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
    ['an array', '[]'],
    ['a number', '42'],
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
    expect(fresh.expiredOnLoad).toBeNull()
    const expired = createStore({ storage, now: () => INACTIVITY_MS * 2 })
    expect(expired.getState().cart.lines).toEqual([])
    expect(expired.expiredOnLoad).toEqual({ wasLoggedIn: false })
  })

  it('says a logged-in user expired at load, with user, cart, contacts and conversation cleared', () => {
    const storage = memoryStorage()
    createStore({ storage, now: () => 0 }).update((d) => {
      d.session = { isLoggedIn: true, user: { name: 'Claire', email: 'c@x', odooID: 1 }, points: 9 }
      d.cart.lines.push(line)
      d.contacts.delivery.name = 'Claire'
      d.conversation.push({ from: 'user', message: 'Hi', wines: [] })
    })
    const expired = createStore({ storage, now: () => INACTIVITY_MS + 1 })
    expect(expired.expiredOnLoad).toEqual({ wasLoggedIn: true })
    const s = expired.getState()
    expect(s.session).toEqual({ isLoggedIn: false, user: null, points: 0 })
    expect([s.cart.lines, s.contacts.delivery.name, s.conversation]).toEqual([[], '', []])
    // Saved cleared: the next load finds nothing to expire.
    expect(createStore({ storage, now: () => INACTIVITY_MS + 2 }).expiredOnLoad).toBeNull()
  })
})

/** A complete saved state: Claire logged in, two lines, both contacts, a VAT number, a chat. */
function savedState(now: number): StoreState {
  const contact = {
    name: 'Claire Dubois',
    street: 'Rue Haute 1',
    zip: '1000',
    city: 'Bruxelles',
    country: 'Belgique',
    country_code: 'BE',
    email: 'claire@example.com',
    phone: '+32 2 000 00 00',
  }
  return {
    session: {
      isLoggedIn: true,
      user: { name: 'Claire Dubois', email: 'claire@example.com', odooID: 1001 },
      points: 420,
    },
    cart: {
      id: 'cart-1',
      orderId: null,
      lines: [
        line,
        {
          ...line,
          id: '4712',
          odooId: 4712,
          name: 'Château Deux',
          quantity: 1,
          url: '/fr/vins/chateau-deux#2019-75cl',
          image: '/assets/labels/label-02.svg',
        },
      ],
      shippingCost: 9.5,
      redeemedPoints: 100,
      redeemedPointsAmount: 20,
    },
    contacts: {
      delivery: contact,
      invoice: { ...contact, name: 'Dubois SRL' },
      vat: { number: 'BE0403170701', valid: true, name: 'Dubois SRL' },
      isValidShipping: true,
      ageConfirmed: true,
    },
    conversation: [
      { from: 'user', message: 'Lamb tonight', wines: [] },
      {
        from: 'sommelier',
        message: 'A Pauillac.',
        wines: [
          {
            id: 'W1',
            title: 'Pauillac',
            url: '/fr/vins/pauillac',
            label: null,
            c: { title: 'Rouge', color: 'red' },
            m: [],
          },
        ],
      },
    ],
    payment: null,
    lastActivity: now,
    sessionVersion: 'v-1',
    personalId: 'personal-1',
    clock: { 'page-1': now },
  }
}

/** Mis-shapes a copy of the saved state (Reflect: the wrong shapes do not type-check, on purpose). */
type Tamper = (saved: StoreState) => unknown

describe('saved state of the wrong shape: what does not fit goes, the rest stays', () => {
  const cases: [string, Tamper, string, (s: StoreState, whole: StoreState) => void][] = [
    [
      'a contact without fields',
      (s) => Reflect.set(s.contacts, 'delivery', {}),
      'contacts.delivery',
      (s, whole) => {
        expect(s.contacts.delivery).toEqual(emptyContact())
        expect(s.contacts.invoice).toEqual(whole.contacts.invoice)
        expect(s.cart).toEqual(whole.cart)
        expect(s.session).toEqual(whole.session)
      },
    ],
    [
      'a user without a name',
      (s) => Reflect.deleteProperty(s.session.user!, 'name'),
      'session',
      (s, whole) => {
        expect(s.session).toEqual({ isLoggedIn: false, user: null, points: 0 })
        expect(s.cart).toEqual(whole.cart)
        expect(s.contacts).toEqual(whole.contacts)
      },
    ],
    [
      'a logged-in session without a user',
      (s) => (s.session.user = null),
      'session',
      (s) => expect(s.session.isLoggedIn).toBe(false),
    ],
    [
      'a cart line of another shape',
      (s) => Reflect.set(s.cart.lines, 1, { id: 1, name: null }),
      'cart.lines[1]',
      (s, whole) => {
        expect(s.cart.lines).toEqual([line])
        // The redemption was computed for the old lines: it goes with them.
        expect(s.cart).toMatchObject({ redeemedPoints: 0, redeemedPointsAmount: 0 })
        expect(s.cart.shippingCost).toBe(whole.cart.shippingCost)
        expect(s.contacts).toEqual(whole.contacts)
      },
    ],
    [
      'a cart id that is not a string',
      (s) => Reflect.set(s.cart, 'id', 42),
      'cart.id',
      (s, whole) => {
        expect(s.cart.id).toEqual(expect.any(String))
        expect(s.cart).toEqual({ ...whole.cart, id: s.cart.id })
      },
    ],
    [
      'a line with a quantity of 0',
      (s) => (s.cart.lines[0]!.quantity = 0),
      'cart.lines[0]',
      (s) => expect(s.cart.lines.map((l) => l.name)).toEqual(['Château Deux']),
    ],
    [
      'a line whose promotion is a string',
      (s) => Reflect.set(s.cart.lines[0]!, 'promotion', 'none'),
      'cart.lines[0]',
      (s) => expect(s.cart.lines).toHaveLength(1),
    ],
    [
      'a VAT record without its valid flag',
      (s) => Reflect.deleteProperty(s.contacts.vat, 'valid'),
      'contacts.vat',
      (s, whole) => {
        expect(s.contacts.vat).toEqual({ number: '', valid: true, name: '' })
        expect(s.contacts.delivery).toEqual(whole.contacts.delivery)
      },
    ],
    [
      'a conversation line without a message',
      (s) => Reflect.deleteProperty(s.conversation[0]!, 'message'),
      'conversation[0]',
      (s, whole) => expect(s.conversation).toEqual([whole.conversation[1]]),
    ],
    [
      'a suggested wine without its colour',
      (s) => Reflect.deleteProperty(s.conversation[1]!.wines[0]!, 'c'),
      'conversation[1]',
      (s, whole) => expect(s.conversation).toEqual([whole.conversation[0]]),
    ],
    [
      'a payment progress of another shape',
      (s) => Reflect.set(s, 'payment', { phase: 'charged' }),
      'payment',
      (s, whole) => {
        expect(s.payment).toBeNull()
        expect(s.cart).toEqual(whole.cart)
      },
    ],
    [
      'contacts that are a string',
      (s) => Reflect.set(s, 'contacts', 'oops'),
      'contacts',
      (s, whole) => {
        expect(s.contacts).toEqual({
          delivery: emptyContact(),
          invoice: emptyContact(),
          vat: { number: '', valid: true, name: '' },
          isValidShipping: false,
          ageConfirmed: false,
        })
        expect(s.cart).toEqual(whole.cart)
      },
    ],
  ]

  it.each(cases)('%s: one warning, the rest kept and saved', (_label, tamper, part, check) => {
    const whole = savedState(1_000)
    const saved = structuredClone(whole)
    tamper(saved)
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify(saved) })
    const warn = vi.fn()
    const store = createStore({ storage, warn, now: () => 2_000 })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toContain(part)
    check(store.getState(), whole)
    // The repaired state is what is saved now: the next load reads it without a warning.
    const again = vi.fn()
    expect(createStore({ storage, warn: again, now: () => 3_000 }).getState()).toEqual(
      store.getState(),
    )
    expect(again).not.toHaveBeenCalled()
  })

  it('reads a complete saved state as it was, without a warning', () => {
    const whole = savedState(1_000)
    const warn = vi.fn()
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify(whole) })
    expect(createStore({ storage, warn, now: () => 2_000 }).getState()).toEqual(whole)
    expect(warn).not.toHaveBeenCalled()
  })

  it('a cart saved without an id (older saved state) loads with one, without a warning, saved at once', () => {
    const saved = savedState(1_000)
    Reflect.deleteProperty(saved.cart, 'id')
    const warn = vi.fn()
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify(saved) })
    const store = createStore({ storage, warn, now: () => 2_000 })
    const { id } = store.getState().cart
    expect(id).toEqual(expect.any(String))
    expect(id).not.toBe('')
    expect(store.getState().cart).toEqual({ ...saved.cart, id })
    expect(warn).not.toHaveBeenCalled()
    // Saved with it before any change: a tab duplicated now, or a reload, has the same id.
    expect(createStore({ storage, now: () => 3_000 }).getState().cart.id).toBe(id)
  })

  it('state saved before the session version existed reads it as null, without a warning', () => {
    const saved = savedState(1_000)
    Reflect.deleteProperty(saved, 'sessionVersion')
    const warn = vi.fn()
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify(saved) })
    const store = createStore({ storage, warn, now: () => 2_000 })
    expect(store.getState()).toEqual({ ...saved, sessionVersion: null })
    expect(warn).not.toHaveBeenCalled()
  })

  it('clearing the personal data forgets the session version it was confirmed with', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify(savedState(1_000)) })
    const store = createStore({ storage, now: () => 2_000 })
    expect(store.getState().sessionVersion).toBe('v-1')
    store.clearPersonal()
    expect(store.getState().sessionVersion).toBeNull()
    expect(createStore({ storage, now: () => 3_000 }).getState().sessionVersion).toBeNull()
  })

  it('a cart id survives a reload, and a new cart gets a new one', () => {
    const storage = memoryStorage()
    const first = createStore({ storage, now: () => 1_000 })
    first.update((d) => {
      d.cart.lines.push(line)
    })
    const { id } = first.getState().cart
    expect(id).toEqual(expect.any(String))
    expect(createStore({ storage, now: () => 2_000 }).getState().cart.id).toBe(id)
    expect(createStore({ storage: memoryStorage(), now: () => 2_000 }).getState().cart.id).not.toBe(
      id,
    )
  })

  it('an unreadable last-activity time counts as expired: personal data cleared', () => {
    const saved = { ...savedState(1_000), lastActivity: 'yesterday' }
    const warn = vi.fn()
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify(saved) })
    const store = createStore({ storage, warn, now: () => INACTIVITY_MS * 3 })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(store.expiredOnLoad).toEqual({ wasLoggedIn: true })
    expect(store.getState().cart.lines).toEqual([])
    expect(store.getState().session.isLoggedIn).toBe(false)
  })
})

describe('two pages of one tab over one storage: a write never goes over a newer state', () => {
  const wineB: CartLine = { ...line, id: '5000', odooId: 5000, name: 'Wine B', quantity: 1 }
  const names = (store: { getState: () => StoreState }) =>
    store.getState().cart.lines.map((l) => l.name)
  const savedNames = (storage: ReturnType<typeof memoryStorage>) =>
    (JSON.parse(storage.data.get(STORAGE_KEY)!) as StoreState).cart.lines.map((l) => l.name)

  /** Page A loaded first; page B (the next page, A kept in the back/forward cache) adds wine B. */
  function twoPages(warn = vi.fn()) {
    const storage = memoryStorage()
    const clock = { now: 0 }
    const now = () => clock.now
    const a = createStore({ storage, now, warn })
    a.update((d) => {
      d.cart.lines.push(line)
    })
    const b = createStore({ storage, now })
    b.update((d) => {
      d.cart.lines.push(wineB)
    })
    return { storage, clock, a, b, now }
  }

  it("a change on the older page is applied to the newer state: both pages' wines stay", () => {
    const { storage, a } = twoPages()
    a.update((d) => {
      d.cart.lines[0]!.quantity = 5
    })
    expect(savedNames(storage)).toEqual(['Château Test', 'Wine B'])
    expect(a.getState().cart.lines.map((l) => l.quantity)).toEqual([5, 1])
  })

  it('a change computed from the state reads the newer state, and update returns its result', () => {
    const { storage, a } = twoPages()
    const counted = a.update((d, newest) => {
      d.cart.lines = newest.cart.lines.map((l) => ({ ...l, quantity: l.quantity + 1 }))
      return newest.cart.lines.length
    })
    expect(counted).toBe(2)
    expect(savedNames(storage)).toEqual(['Château Test', 'Wine B'])
    expect(a.getState().cart.lines.map((l) => l.quantity)).toEqual([line.quantity + 1, 2])
  })

  it('activity on the older page (touch) keeps the newer state, and judges expiry on it', () => {
    const { storage, clock, a, b } = twoPages()
    // B was used a minute ago; A's copy says its last activity was 31 minutes ago.
    clock.now = INACTIVITY_MS - 60_000
    b.touch()
    clock.now = INACTIVITY_MS + 60_000
    expect(a.touch()).toBe(false)
    expect(savedNames(storage)).toEqual(['Château Test', 'Wine B'])
    expect(a.getState().lastActivity).toBe(clock.now)
  })

  it('logout on the older page clears the newer state, not a stale copy of it', () => {
    const { storage, a } = twoPages()
    a.clearPersonal()
    expect(savedNames(storage)).toEqual([])
    expect(names(a)).toEqual([])
  })

  it('refresh (a page shown again) takes the newer state and tells every subscriber once', () => {
    const { a } = twoPages()
    const listener = vi.fn()
    a.subscribe(listener)
    a.refresh()
    expect(names(a)).toEqual(['Château Test', 'Wine B'])
    expect(listener).toHaveBeenCalledTimes(1)
    a.refresh()
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('a newer state that does not read is dropped with one warning; the change still applies', () => {
    const warn = vi.fn()
    const { storage, a } = twoPages(warn)
    storage.data.set(STORAGE_KEY, '{"cart": [oops')
    a.update((d) => {
      d.conversation.push({ from: 'user', message: 'Hi', wines: [] })
    })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toMatch(/Discarded corrupted/)
    expect(savedNames(storage)).toEqual([])
    expect(a.getState().conversation).toHaveLength(1)
  })

  describe('a page that had nothing saved (its reader not loaded yet)', () => {
    /** Page A opened first on an empty tab; page B then saved a cart. */
    function firstPageThenAnother() {
      const storage = memoryStorage()
      let release: () => void = () => undefined
      const loadReader = vi.fn(
        () =>
          new Promise<typeof readSavedState>((resolve) => {
            release = () => resolve(readSavedState)
          }),
      )
      const a = createStoreWith({ readSaved: null, loadReader, storage })
      createStore({ storage }).update((d) => {
        d.cart.lines.push(wineB)
      })
      return { storage, a, loadReader, release: () => release() }
    }

    it('shown again: fetches the reader, then shows the newer state', async () => {
      const { a, loadReader, release } = firstPageThenAnother()
      const listener = vi.fn()
      a.subscribe(listener)
      a.refresh()
      expect(loadReader).toHaveBeenCalledTimes(1)
      release()
      await vi.waitFor(() => expect(names(a)).toEqual(['Wine B']))
      expect(listener).toHaveBeenCalled()
    })

    it('an add before the reader arrives shows at once and is saved on top of the newer state', async () => {
      const { storage, a, release } = firstPageThenAnother()
      a.update((d) => {
        d.cart.lines.push(line)
      })
      expect(names(a)).toEqual(['Château Test'])
      expect(savedNames(storage)).toEqual(['Wine B'])
      release()
      await vi.waitFor(() => expect(savedNames(storage)).toEqual(['Wine B', 'Château Test']))
      expect(names(a)).toEqual(['Wine B', 'Château Test'])
    })
  })
})
