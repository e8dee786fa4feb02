import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf, db } from '../../mocks/db'
import { setFault } from '../../mocks/faults'
import { getBus } from '../bus/bus'
import type { BusEventName, BusEvents } from '../bus/events'
import type { CartLine } from '../domain/types'
import { NO_PROMOTION } from '../domain/types'
import { getStore } from '../store/shared-store'
import { setRedirect } from './redirect'
import { createAccount, ensureSessionChecked, login, logout, resetSessionForTests } from './session'

const CLAIRE = { name: 'Claire Dubois', email: 'claire@example.com', odooID: 1001 }

const line: CartLine = {
  id: '501',
  odooCode: 'W501',
  odooId: 501,
  name: 'Chablis',
  vintage: '2021',
  volume: '75cl',
  quantity: 2,
  price: 19.5,
  qty_available: 10,
  free_qty: 10,
  type: 'product',
  wines: [],
  free_shipping: false,
  promotion: NO_PROMOTION,
}

/** Records the payloads of a bus event until the end of the test. */
function record<K extends BusEventName>(name: K): BusEvents[K][] {
  const seen: BusEvents[K][] = []
  stops.push(getBus().on(name, (p) => seen.push(p)))
  return seen
}

let stops: (() => void)[] = []
let redirects: string[] = []

beforeEach(() => {
  redirects = []
  stops.push(setRedirect((url) => redirects.push(url)))
})

afterEach(() => {
  stops.forEach((stop) => stop())
  stops = []
  resetSessionForTests()
})

describe('the current-user check', () => {
  it('runs once per page, however many callers, and writes a logged-in user to the store', async () => {
    db.sessionEmail = 'claire@example.com'
    const loggedIn = record('user:logged-in')
    await Promise.all([ensureSessionChecked(), ensureSessionChecked()])
    await ensureSessionChecked()
    expect(callsOf('getcurrentuser')).toHaveLength(1)
    expect(getStore().getState().session).toEqual({ isLoggedIn: true, user: CLAIRE, points: 420 })
    expect(loggedIn).toEqual([{ user: CLAIRE, points: 420 }])
  })

  it('leaves a logged-out visitor logged out without any event', async () => {
    const loggedIn = record('user:logged-in')
    await ensureSessionChecked()
    expect(getStore().getState().session.isLoggedIn).toBe(false)
    expect(loggedIn).toEqual([])
  })

  it('logs out a session the server no longer knows, keeping the cart', async () => {
    getStore().update((d) => {
      d.session = { isLoggedIn: true, user: CLAIRE, points: 420 }
      d.cart.lines = [line]
    })
    await ensureSessionChecked()
    expect(getStore().getState().session).toEqual({ isLoggedIn: false, user: null, points: 0 })
    expect(getStore().getState().cart.lines).toHaveLength(1)
  })

  it('only logs a failed check and keeps the stored session', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    getStore().update((d) => {
      d.session = { isLoggedIn: true, user: CLAIRE, points: 420 }
    })
    setFault('getcurrentuser', { kind: 'status', status: 500 })
    await expect(ensureSessionChecked()).resolves.toBeUndefined()
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('current-user check failed'),
      expect.anything(),
    )
    expect(getStore().getState().session.user).toEqual(CLAIRE)
  })

  it('ignores a check that answers after a login made meanwhile', async () => {
    setFault('getcurrentuser', { kind: 'delay', ms: 150 }, { times: 1 })
    const check = ensureSessionChecked()
    // The check left with no session; the login finishes first.
    await new Promise((r) => setTimeout(r, 20))
    await login('tom@example.com', 'droplets-50')
    db.sessionEmail = null // what the late answer would say if it were read now
    await check
    expect(getStore().getState().session.user?.name).toBe('Tom Peeters')
  })
})

describe('login', () => {
  it.each([
    ['claire@example.com', 'droplets-420', 'Claire Dubois', 420],
    ['tom@example.com', 'droplets-50', 'Tom Peeters', 50],
  ])(
    'logs %s in: store updated and user:logged-in emitted',
    async (email, password, name, points) => {
      const loggedIn = record('user:logged-in')
      const result = await login(email, password)
      expect(result).toMatchObject({ status: 'ok', user: { name, email } })
      expect(getStore().getState().session).toMatchObject({
        isLoggedIn: true,
        user: { name },
        points,
      })
      expect(loggedIn).toEqual([{ user: expect.objectContaining({ name }), points }])
    },
  )

  it('answers invalid for wrong credentials and leaves the store alone', async () => {
    await expect(login('claire@example.com', 'droplets-42')).resolves.toEqual({ status: 'invalid' })
    expect(getStore().getState().session.isLoggedIn).toBe(false)
  })

  it('only logs other failures', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    setFault('loginuser', { kind: 'network' })
    await expect(login('claire@example.com', 'droplets-420')).resolves.toEqual({ status: 'error' })
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Login failed'), expect.anything())
  })
})

describe('logout', () => {
  beforeEach(async () => {
    await login('claire@example.com', 'droplets-420')
    getStore().update((d) => {
      d.cart.lines = [line]
      d.conversation = [{ from: 'user', message: 'Lamb tonight', wines: [] }]
      d.contacts.delivery.name = 'Claire Dubois'
    })
  })

  it('clears user, cart, contacts and conversation, emits the event and goes home', async () => {
    const loggedOut = record('user:logged-out')
    await expect(logout({ locale: 'fr' })).resolves.toBe(true)
    const state = getStore().getState()
    expect(state.session).toEqual({ isLoggedIn: false, user: null, points: 0 })
    expect(state.cart.lines).toEqual([])
    expect(state.conversation).toEqual([])
    expect(state.contacts.delivery.name).toBe('')
    expect(loggedOut).toEqual([{ reason: 'logout' }])
    expect(redirects).toEqual(['/fr'])
    expect(db.sessionEmail).toBeNull()
  })

  it('on failure only logs "Logout failed": no redirect, nothing cleared', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const loggedOut = record('user:logged-out')
    setFault('logoutuser', { kind: 'status', status: 500 })
    await expect(logout({ locale: 'nl' })).resolves.toBe(false)
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Logout failed'), expect.anything())
    expect(redirects).toEqual([])
    expect(loggedOut).toEqual([])
    expect(getStore().getState().session.user).toEqual(CLAIRE)
    expect(getStore().getState().cart.lines).toHaveLength(1)
  })
})

describe('createAccount', () => {
  it('creates the account, re-fetches the current user, then emits user:created', async () => {
    const order: string[] = []
    stops.push(getBus().on('user:logged-in', () => order.push('logged-in')))
    stops.push(getBus().on('user:created', (p) => order.push(`created ${p.email}`)))
    const result = await createAccount({
      email: 'ann@example.com',
      name: 'Ann Claes',
      password: 'pw-1',
    })
    expect(result).toMatchObject({ status: 'created', user: { name: 'Ann Claes' } })
    expect(getStore().getState().session).toMatchObject({
      isLoggedIn: true,
      user: { name: 'Ann Claes', email: 'ann@example.com' },
      points: 0,
    })
    expect(order).toEqual(['logged-in', 'created ann@example.com'])
    expect(db.calls.map((c) => c.call)).toEqual(['csrf', 'createuser', 'getcurrentuser'])
  })

  it('reports a created account without user when the server did not log it in', async () => {
    const created = record('user:created')
    setFault('getcurrentuser', { kind: 'status', status: 503 })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const result = await createAccount({ email: 'bob@example.com', name: 'Bob', password: 'pw' })
    expect(result).toEqual({ status: 'created', user: null })
    expect(created).toEqual([{ email: 'bob@example.com' }])
  })

  it('only logs a refused creation and emits nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const created = record('user:created')
    const result = await createAccount({ email: 'claire@example.com', name: 'C', password: 'pw' })
    expect(result).toEqual({ status: 'error' })
    expect(created).toEqual([])
    expect(error).toHaveBeenCalled()
  })
})

describe('inactivity', () => {
  it('ends the server session too when the runtime reports the inactivity clean-up', async () => {
    await ensureSessionChecked()
    await login('claire@example.com', 'droplets-420')
    getStore().clearPersonal() // what the runtime does before it emits
    getBus().emit('user:logged-out', { reason: 'inactivity' })
    await vi.waitFor(() => expect(callsOf('logoutuser')).toHaveLength(1))
    expect(db.sessionEmail).toBeNull()
    expect(redirects).toEqual([])
  })

  it('clears a session still in the store when another emitter reports inactivity', async () => {
    await ensureSessionChecked()
    await login('tom@example.com', 'droplets-50')
    getBus().emit('user:logged-out', { reason: 'inactivity' })
    expect(getStore().getState().session.isLoggedIn).toBe(false)
    await vi.waitFor(() => expect(db.sessionEmail).toBeNull())
  })
})
