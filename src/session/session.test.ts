// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loggedCallFailure } from '../../mocks/test-setups/console'
import { callsOf, db } from '../../mocks/db'
import { server } from '../../mocks/node'
import { releaseHeld, setFault } from '../../mocks/faults'
import { getBus } from '../bus/bus'
import type { BusEventName, BusEvents } from '../bus/events'
import { wineLine } from '../../fixtures/checkout'
import { createStore } from '../store/store'
import { readSavedState } from '../store/saved-state'
import { INACTIVITY_MS } from '../store/state'
import { getStore, setPageStore } from '../store/shared-store'
import { setPageRedirect } from './redirect'
import { getPageQueryClient } from '../api/query-client'
import { currentUserQueryKey, currentUserQueryOptions } from '../api/session'
import { getInvoices } from '../api/account'
import { loadPage } from '../../mocks/page'
import { memoryStorage } from '../../mocks/memory-storage'
import { tabLine } from '../../mocks/tab-line'
import { http, HttpResponse } from 'msw'
import { createAccount, ensureSessionChecked, login, logout, startSessionService } from './session'

const CLAIRE = { name: 'Claire Dubois', email: 'claire@example.com', odooID: 1001 }

const line = wineLine()

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
  setPageRedirect((url) => redirects.push(url))
})

afterEach(() => {
  stops.forEach((stop) => stop())
  stops = []
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

  it('logs out a session the server no longer knows, clearing it as a logout does', async () => {
    getStore().update((d) => {
      d.session = { isLoggedIn: true, user: CLAIRE, points: 420 }
      d.cart.lines = [line]
    })
    const loggedOut = record('user:logged-out')
    await ensureSessionChecked()
    expect(getStore().getState().session).toEqual({ isLoggedIn: false, user: null, points: 0 })
    expect(getStore().getState().cart.lines).toEqual([])
    expect(loggedOut).toEqual([{ reason: 'logout' }])
  })

  it('only logs a failed check and keeps the stored session', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    getStore().update((d) => {
      d.session = { isLoggedIn: true, user: CLAIRE, points: 420 }
    })
    setFault('getcurrentuser', { kind: 'status', status: 500 })
    await expect(ensureSessionChecked()).resolves.toBeUndefined()
    expect(error).toHaveBeenCalledWith(
      ...loggedCallFailure(
        'session: who is signed in could not be checked',
        'GET /login/getcurrentuser',
        '500',
      ),
    )
    expect(getStore().getState().session.user).toEqual(CLAIRE)
  })

  it('ignores a check that answers after a login made meanwhile', async () => {
    setFault('getcurrentuser', { kind: 'held' }, { times: 1 })
    const check = ensureSessionChecked()
    // The check left with no session; the login finishes first.
    await vi.waitFor(() => expect(callsOf('getcurrentuser')).toHaveLength(1))
    await login('tom@example.com', 'droplets-50')
    db.sessionEmail = null // what the late answer would say if it were read now
    releaseHeld('getcurrentuser')
    await check
    expect(getStore().getState().session.user?.name).toBe('Tom Peeters')
  })
})

/** The requests of the current-user check made until the end of the test. */
function currentUserRequests(): Request[] {
  const requests: Request[] = []
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname === '/login/getcurrentuser') requests.push(request)
  }
  server.events.on('request:start', listener)
  stops.push(() => server.events.removeListener('request:start', listener))
  return requests
}

describe('a page restored from the back/forward cache', () => {
  const restore = () =>
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))

  it('a page restored after a login elsewhere asks with the new token, never the old one first', async () => {
    await ensureSessionChecked()
    // The visitor logged in on the next page: the site gave the session a new token there.
    db.sessionEmail = 'claire@example.com'
    db.csrfToken = 'csrf-token-2'
    restore()
    await vi.waitFor(() => expect(getStore().getState().session.user).toEqual(CLAIRE))
    // One check each time, none refused with 419 and retried.
    expect(callsOf('getcurrentuser')).toHaveLength(2)
  })

  it('asks again who is logged in: a login on another page shows, with its balance', async () => {
    await ensureSessionChecked()
    expect(getStore().getState().session.isLoggedIn).toBe(false)
    // The visitor logged in on the next page, then pressed Back.
    db.sessionEmail = 'claire@example.com'
    restore()
    await vi.waitFor(() =>
      expect(getStore().getState().session).toEqual({
        isLoggedIn: true,
        user: CLAIRE,
        points: 420,
      }),
    )
    expect(callsOf('getcurrentuser')).toHaveLength(2)
  })

  it('a logout on another page shows too; a page shown without the cache asks nothing more', async () => {
    db.sessionEmail = 'claire@example.com'
    await ensureSessionChecked()
    db.sessionEmail = null
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }))
    expect(callsOf('getcurrentuser')).toHaveLength(1)
    restore()
    await vi.waitFor(() => expect(getStore().getState().session.isLoggedIn).toBe(false))
    expect(callsOf('getcurrentuser')).toHaveLength(2)
  })
})

describe('the pages of a tab reuse the session while the site says it is unchanged', () => {
  /** What the server was asked: the CSRF token and the current-user check. */
  const asked = () => ({
    token: callsOf('csrf').length,
    currentUser: callsOf('getcurrentuser').length,
  })
  /** The visitor goes to the tab's next page: a new page context over the same sessionStorage. */
  const nextPage = () => loadPage()
  /** The site's session version cookie, as the site sets it. */
  const siteVersion = (value: string) => {
    document.cookie = `private_content_version=${value}; path=/`
  }

  beforeEach(() => {
    // The site's config block names its version cookie (docs/server-contract.md).
    const block = document.createElement('script')
    block.type = 'application/json'
    block.id = 'wine-widgets-config'
    block.textContent = JSON.stringify({ session: { versionCookie: 'private_content_version' } })
    document.head.append(block)
    siteVersion('v-1')
    loadPage()
  })
  afterEach(() => {
    document.getElementById('wine-widgets-config')?.remove()
  })

  it('a second page asks the server nothing while the version is unchanged', async () => {
    db.sessionEmail = 'claire@example.com'
    await ensureSessionChecked()
    expect(asked()).toEqual({ token: 1, currentUser: 1 })
    nextPage()
    await ensureSessionChecked()
    expect(asked()).toEqual({ token: 1, currentUser: 1 })
    expect(getStore().getState().session).toEqual({ isLoggedIn: true, user: CLAIRE, points: 420 })
  })

  it('an anonymous visitor is not asked about again on the next pages either', async () => {
    await ensureSessionChecked()
    nextPage()
    await ensureSessionChecked()
    nextPage()
    await ensureSessionChecked()
    expect(asked()).toEqual({ token: 1, currentUser: 1 })
    expect(getStore().getState().session.isLoggedIn).toBe(false)
  })

  it("the site's own login (a new version) shows on the next page", async () => {
    await ensureSessionChecked()
    // The site's login form, a single sign-on return or a reset that logs in: the site's doing.
    db.sessionEmail = 'claire@example.com'
    siteVersion('v-2')
    nextPage()
    await ensureSessionChecked()
    expect(asked().currentUser).toBe(2)
    expect(getStore().getState().session.user).toEqual(CLAIRE)
  })

  it("the site's own logout link clears user, cart, contacts and conversation on the next page", async () => {
    db.sessionEmail = 'claire@example.com'
    await ensureSessionChecked()
    getStore().update((d) => {
      d.cart.lines = [line]
      d.contacts.delivery.name = 'Claire Dubois'
      d.conversation = [{ from: 'user', message: 'Lamb tonight', wines: [] }]
    })
    db.sessionEmail = null
    siteVersion('v-2')
    nextPage()
    const loggedOut = record('user:logged-out')
    await ensureSessionChecked()
    const state = getStore().getState()
    expect(state.session.isLoggedIn).toBe(false)
    expect(state.cart.lines).toEqual([])
    expect(state.contacts.delivery.name).toBe('')
    expect(state.conversation).toEqual([])
    expect(loggedOut).toEqual([{ reason: 'logout' }])
  })

  it('a version cookie that is gone means ask again', async () => {
    db.sessionEmail = 'claire@example.com'
    await ensureSessionChecked()
    document.cookie = 'private_content_version=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    nextPage()
    await ensureSessionChecked()
    expect(asked().currentUser).toBe(2)
  })

  it('without a version cookie in the config, every page asks once', async () => {
    document.getElementById('wine-widgets-config')?.remove()
    loadPage()
    db.sessionEmail = 'claire@example.com'
    await ensureSessionChecked()
    await ensureSessionChecked()
    nextPage()
    await ensureSessionChecked()
    nextPage()
    await ensureSessionChecked()
    expect(asked().currentUser).toBe(3)
  })

  it('asks again when the tab comes back to the foreground', async () => {
    await ensureSessionChecked()
    nextPage()
    await ensureSessionChecked()
    expect(asked().currentUser).toBe(1)
    // Logged in in another tab meanwhile.
    db.sessionEmail = 'claire@example.com'
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(getStore().getState().session.user).toEqual(CLAIRE))
    expect(asked().currentUser).toBe(2)
  })

  it('a widget about to make account calls asks on its page, once', async () => {
    db.sessionEmail = 'claire@example.com'
    await ensureSessionChecked()
    nextPage()
    await ensureSessionChecked()
    expect(asked().currentUser).toBe(1)
    await Promise.all([
      ensureSessionChecked({ fresh: true }),
      ensureSessionChecked({ fresh: true }),
    ])
    await ensureSessionChecked()
    expect(asked().currentUser).toBe(2)
  })

  it('an account call answering 401 finds a session that ended on the server', async () => {
    db.sessionEmail = 'claire@example.com'
    await ensureSessionChecked()
    nextPage()
    await ensureSessionChecked()
    expect(getStore().getState().session.isLoggedIn).toBe(true)
    db.sessionEmail = null
    server.use(
      http.post('/user/getinvoices', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    )
    await expect(getInvoices({ odooID: CLAIRE.odooID, locale: 'en' })).rejects.toMatchObject({
      status: 401,
    })
    await vi.waitFor(() => expect(getStore().getState().session.isLoggedIn).toBe(false))
    expect(asked().currentUser).toBe(2)
  })

  it('a login confirms the session for the next pages; after a logout the next page asks', async () => {
    await ensureSessionChecked()
    await login('claire@example.com', 'droplets-420')
    nextPage()
    await ensureSessionChecked()
    expect(asked().currentUser).toBe(1)
    expect(getStore().getState().session.user).toEqual(CLAIRE)
    expect(await logout({ locale: 'en' })).toBe(true)
    nextPage()
    await ensureSessionChecked()
    expect(asked().currentUser).toBe(2)
    expect(getStore().getState().session.isLoggedIn).toBe(false)
  })
})

describe('the current-user check through the page QueryClient', () => {
  it('shares one request between the page check and a check asked meanwhile', async () => {
    db.sessionEmail = 'claire@example.com'
    setFault('getcurrentuser', { kind: 'held' }, { times: 1 })
    const both = Promise.all([
      ensureSessionChecked(),
      getPageQueryClient().query(currentUserQueryOptions()),
    ])
    await vi.waitFor(() => expect(callsOf('getcurrentuser')).toHaveLength(1))
    releaseHeld('getcurrentuser')
    const [, session] = await both
    expect(session.user).toEqual(CLAIRE)
    expect(callsOf('getcurrentuser')).toHaveLength(1)
  })

  it('keeps no copy of the user in the cache once the check answered', async () => {
    db.sessionEmail = 'claire@example.com'
    await ensureSessionChecked()
    await new Promise((r) => setTimeout(r, 0)) // gcTime 0: dropped on the next tick
    expect(getPageQueryClient().getQueryData(currentUserQueryKey)).toBeUndefined()
  })

  it('a logout during a check aborts its request and its answer is dropped, not logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const requests = currentUserRequests()
    db.sessionEmail = 'claire@example.com'
    setFault('getcurrentuser', { kind: 'held' }, { times: 1 })
    const check = ensureSessionChecked()
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    expect(await logout({ locale: 'fr' })).toBe(true)
    await check
    expect(requests[0]?.signal.aborted).toBe(true)
    expect(getStore().getState().session.isLoggedIn).toBe(false)
    expect(error).not.toHaveBeenCalled()
  })

  it('a login during a check aborts its request and its answer is dropped, not logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const requests = currentUserRequests()
    setFault('getcurrentuser', { kind: 'held' }, { times: 1 })
    const check = ensureSessionChecked()
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    await login('tom@example.com', 'droplets-50')
    await check
    expect(requests[0]?.signal.aborted).toBe(true)
    expect(getStore().getState().session.user?.name).toBe('Tom Peeters')
    expect(error).not.toHaveBeenCalled()
  })

  it('the re-fetch after a sign-up never joins a check asked before it', async () => {
    const requests = currentUserRequests()
    setFault('getcurrentuser', { kind: 'held' }, { times: 1 })
    const check = ensureSessionChecked()
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    const result = await createAccount({ email: 'ann@example.com', name: 'Ann', password: 'pw' })
    expect(result).toMatchObject({ status: 'created', user: { email: 'ann@example.com' } })
    await check
    expect(requests).toHaveLength(2)
    expect(requests[0]?.signal.aborted).toBe(true)
    expect(getStore().getState().session.user?.email).toBe('ann@example.com')
  })

  it('drops an answer that arrives after an expiry of this page (no request to cancel then)', async () => {
    // An anonymous visitor's expiry ends no server session, so nothing cancels the check: the
    // session generation alone makes its answer stale.
    saveIdleState(0, false)
    startSessionService()
    db.sessionEmail = 'claire@example.com'
    setFault('getcurrentuser', { kind: 'held' }, { times: 1 })
    const check = ensureSessionChecked()
    await vi.waitFor(() => expect(callsOf('getcurrentuser')).toHaveLength(1))
    getStore().update((d) => {
      d.lastActivity = Date.now() - IDLE
    })
    window.dispatchEvent(new Event('pointerdown'))
    expect(getStore().getState().cart.lines).toEqual([])
    releaseHeld('getcurrentuser')
    await check
    expect(getStore().getState().session.isLoggedIn).toBe(false)
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
    // A network failure is logged a task later, once the page is known to stay.
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        ...loggedCallFailure('Login failed', 'POST /login/loginuser', 'network error'),
      ),
    )
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
    expect(error).toHaveBeenCalledWith(
      ...loggedCallFailure('Logout failed', 'GET /login/logoutuser', '500'),
    )
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
    // The new session has a new token (the contract): fetched before the next account call.
    expect(db.calls.map((c) => c.call)).toEqual(['csrf', 'createuser', 'csrf', 'getcurrentuser'])
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

/** A saved state as a tab left `idleMs` ago holds it: Claire logged in, a cart, a delivery name. */
function saveIdleState(idleMs: number, loggedIn = true): void {
  createStore({ readSaved: readSavedState, now: () => Date.now() - idleMs }).update((d) => {
    if (loggedIn) d.session = { isLoggedIn: true, user: CLAIRE, points: 420 }
    d.cart.lines = [line]
    d.contacts.delivery.name = 'Claire Dubois'
    d.conversation = [{ from: 'user', message: 'Lamb tonight', wines: [] }]
  })
  setPageStore(readSavedState) // the next getStore() reads it back, as a page load does
}

const IDLE = INACTIVITY_MS + 60_000

/** A page open since the state was saved, whose last activity was IDLE ago. */
function openIdlePage(): void {
  saveIdleState(0)
  startSessionService()
  getStore().update((d) => {
    d.lastActivity = Date.now() - IDLE
  })
}

/** The two ways an expiry is found: reloading an idle tab, or coming back to an open one. */
const EXPIRIES = {
  'found at page load': () => {
    saveIdleState(IDLE)
    startSessionService()
  },
  'on an open page': () => {
    openIdlePage()
    window.dispatchEvent(new Event('pointerdown'))
  },
  'when the tab comes back to the foreground': () => {
    openIdlePage()
    document.dispatchEvent(new Event('visibilitychange'))
  },
}

describe('the session service: inactivity', () => {
  it.each(Object.entries(EXPIRIES))(
    'an expiry %s logs out: server session ended, personal state cleared, event, no redirect',
    async (_when, expire) => {
      db.sessionEmail = 'claire@example.com' // the server still knows Claire
      const loggedOut = record('user:logged-out')
      expire()
      const state = getStore().getState()
      expect(state.session).toEqual({ isLoggedIn: false, user: null, points: 0 })
      expect([state.cart.lines, state.contacts.delivery.name, state.conversation]).toEqual([
        [],
        '',
        [],
      ])
      expect(loggedOut).toEqual([{ reason: 'inactivity' }])
      // The page's current-user check must not log Claire straight back in.
      await ensureSessionChecked()
      expect(getStore().getState().session.isLoggedIn).toBe(false)
      expect(db.sessionEmail).toBeNull()
      const order = db.calls.map((c) => c.call).filter((c) => c !== 'csrf')
      expect(order.indexOf('logoutuser')).toBeGreaterThanOrEqual(0)
      expect(order.indexOf('logoutuser')).toBeLessThan(order.lastIndexOf('getcurrentuser'))
      expect(redirects).toEqual([])
    },
  )

  it('handles an expiry at load whoever created the store first, and only once', async () => {
    saveIdleState(IDLE)
    getStore() // e.g. the payment resume peeked at the store before the service started
    const loggedOut = record('user:logged-out')
    startSessionService()
    startSessionService()
    await ensureSessionChecked()
    expect(loggedOut).toHaveLength(1)
    expect(callsOf('logoutuser')).toHaveLength(1)
  })

  it('a failed logout after inactivity is only logged, and this page does not ask who is in', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    db.sessionEmail = 'claire@example.com'
    setFault('logoutuser', { kind: 'network' })
    saveIdleState(IDLE)
    startSessionService()
    await ensureSessionChecked()
    // A network failure is logged a task later, once the page is known to stay.
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        ...loggedCallFailure(
          'Logout after inactivity failed',
          'GET /login/logoutuser',
          'network error',
        ),
      ),
    )
    expect(callsOf('getcurrentuser')).toEqual([])
    expect(getStore().getState().session.isLoggedIn).toBe(false)
  })

  it('an idle visitor who was not logged in loses the cart, without logout call or event', async () => {
    const loggedOut = record('user:logged-out')
    saveIdleState(IDLE, false)
    startSessionService()
    await ensureSessionChecked()
    expect(getStore().getState().cart.lines).toEqual([])
    expect(loggedOut).toEqual([])
    expect(callsOf('logoutuser')).toEqual([])
  })

  it('activity keeps the session: no expiry within 30 minutes', async () => {
    db.sessionEmail = 'claire@example.com'
    saveIdleState(INACTIVITY_MS - 60_000)
    startSessionService()
    window.dispatchEvent(new Event('keydown'))
    await ensureSessionChecked()
    expect(getStore().getState().session.user).toEqual(CLAIRE)
    expect(getStore().getState().cart.lines).toHaveLength(1)
    expect(callsOf('logoutuser')).toEqual([])
  })

  it('a login right after the expiry reaches the server after the inactivity logout', async () => {
    db.sessionEmail = 'claire@example.com'
    setFault('logoutuser', { kind: 'held' }, { times: 1 })
    saveIdleState(IDLE)
    startSessionService()
    const loggingIn = login('tom@example.com', 'droplets-50')
    await vi.waitFor(() => expect(callsOf('logoutuser')).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 0))
    expect(callsOf('loginuser')).toEqual([]) // the login waits for the logout
    releaseHeld('logoutuser')
    await loggingIn
    expect(db.sessionEmail).toBe('tom@example.com')
    expect(getStore().getState().session.user?.name).toBe('Tom Peeters')
  })
})

describe('the session service: the other tabs', () => {
  /** This page's store and another tab's, joined on one line that delivers at once. */
  function twoTabs() {
    const join = tabLine()
    const here = createStore({ readSaved: readSavedState, storage: memoryStorage(), link: join() })
    const there = createStore({
      readSaved: readSavedState,
      storage: memoryStorage(),
      link: join(),
    })
    setPageStore(readSavedState, here)
    startSessionService()
    return { here, there }
  }

  it('a login in another tab shows here and is announced to this page', () => {
    const loggedIn = record('user:logged-in')
    const { here, there } = twoTabs()
    there.update((d) => {
      d.session = { isLoggedIn: true, user: CLAIRE, points: 420 }
    })
    expect(here.getState().session.user).toEqual(CLAIRE)
    expect(loggedIn).toEqual([{ user: CLAIRE, points: 420 }])
  })

  it('a logout in another tab clears this page as its own would: state, event, cached answers', () => {
    const { here, there } = twoTabs()
    there.update((d) => {
      d.session = { isLoggedIn: true, user: CLAIRE, points: 420 }
      d.cart.lines = [line]
      d.contacts.delivery.name = 'Claire Dubois'
    })
    getPageQueryClient().setQueryData(['invoices', 1001, 'en'], [{ name: 'INV/2024/0001' }])
    const loggedOut = record('user:logged-out')

    there.clearPersonal()
    const state = here.getState()
    expect(state.session.isLoggedIn).toBe(false)
    expect(state.cart.lines).toEqual([])
    expect(state.contacts.delivery.name).toBe('')
    expect(loggedOut).toEqual([{ reason: 'other-tab' }])
    expect(getPageQueryClient().getQueryData(['invoices', 1001, 'en'])).toBeUndefined()
    // The server session was ended by the tab that logged out: this page asks nothing.
    expect(callsOf('logoutuser')).toEqual([])
  })
})
