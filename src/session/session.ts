/**
 * The session core (spec section 4, "Session"): the current-user check, login, logout, account
 * creation and the reaction to the inactivity clean-up. Framework-free; `use-session.ts` holds
 * the React side.
 *
 * Design choices:
 * - The store's `session` slice is the only copy of the session. Every widget root reads it
 *   through `useStore`, so a login or logout in one root shows in every root at once.
 * - The current-user check runs once per page, whatever the number of roots and QueryClients: a
 *   module-level promise (not a React Query query, which would keep a second copy of the user and
 *   would run once per QueryClient rather than once per page). It is remembered per store, the
 *   page's one store, so a test that starts over with a fresh store also gets a fresh check.
 * - A check that answers after a login, logout or sign-up of this page is stale and ignored.
 * - When the inactivity clean-up fires, the server session is ended too (quietly, no redirect):
 *   otherwise the next page's current-user check would log the visitor straight back in.
 */
import type { Locale, SessionState, User } from '../domain/types'
import { getBus } from '../bus/bus'
import { getStore } from '../store/shared-store'
import type { Store } from '../store/store'
import { loggedOutSession } from '../store/state'
import { createUser, getCurrentUser, loginUser, logoutUser, type NewAccount } from '../api/session'
import { redirectTo } from './redirect'
import { homePath } from './routes'

let checks = new WeakMap<Store, Promise<void>>()
/** Bumped by every login, logout and sign-up: lets a slower, older check know it is stale. */
let generation = 0
let stopInactivityWatch: (() => void) | null = null

const log = (message: string, error: unknown) => console.error(`[wine-widgets] ${message}`, error)

/** Write a session answer to the store; a logged-in one is announced on the bus. */
function applySession(session: SessionState): void {
  getStore().update((d) => {
    d.session = session
  })
  if (session.isLoggedIn && session.user) {
    getBus().emit('user:logged-in', { user: session.user, points: session.points })
  }
}

function watchInactivity(): void {
  if (stopInactivityWatch) return
  stopInactivityWatch = getBus().on('user:logged-out', ({ reason }) => {
    if (reason !== 'inactivity') return
    generation += 1
    // The runtime clears the store before it emits; this covers any other emitter.
    if (getStore().getState().session.isLoggedIn) getStore().clearPersonal()
    logoutUser().catch((error: unknown) => log('Logout after inactivity failed', error))
  })
}

async function runCheck(store: Store): Promise<void> {
  const started = generation
  try {
    const session = await getCurrentUser()
    if (started !== generation || store !== getStore()) return
    if (session.isLoggedIn) applySession(session)
    // The server no longer knows this visitor (e.g. its session expired): reflect that, but keep
    // the cart and contacts, which an anonymous visitor may have too.
    else if (store.getState().session.isLoggedIn) applySession(loggedOutSession())
  } catch (error) {
    // Only logged: the visitor stays as the store says and can still log in by hand.
    log('The current-user check failed', error)
  }
}

/**
 * Start the page's one current-user check (and the inactivity watch). Every caller gets the same
 * promise; it never rejects.
 */
export function ensureSessionChecked(): Promise<void> {
  watchInactivity()
  const store = getStore()
  let check = checks.get(store)
  if (!check) {
    check = runCheck(store)
    checks.set(store, check)
  }
  return check
}

export type LoginResult = { status: 'ok'; user: User } | { status: 'invalid' } | { status: 'error' }

/** Log in. Wrong credentials give `invalid`; any other failure is logged and gives `error`. */
export async function login(email: string, password: string): Promise<LoginResult> {
  let session: SessionState
  try {
    session = await loginUser(email, password)
  } catch (error) {
    log('Login failed', error)
    return { status: 'error' }
  }
  if (!session.isLoggedIn || !session.user) return { status: 'invalid' }
  generation += 1
  applySession(session)
  return { status: 'ok', user: session.user }
}

export interface LogoutOptions {
  locale: Locale
}

/**
 * Log out: on success the personal state is cleared, `user:logged-out` is emitted and the page
 * goes to `/{locale}`. On failure "Logout failed" is only logged and nothing else happens.
 * Resolves to whether the logout succeeded.
 */
export async function logout({ locale }: LogoutOptions): Promise<boolean> {
  try {
    await logoutUser()
  } catch (error) {
    log('Logout failed', error)
    return false
  }
  generation += 1
  getStore().clearPersonal()
  getBus().emit('user:logged-out', { reason: 'logout' })
  redirectTo(homePath(locale))
  return true
}

export type CreateAccountResult = { status: 'created'; user: User | null } | { status: 'error' }

/**
 * Create an account, then re-fetch the current user (the backend logs the new user in) and emit
 * `user:created`. `user` is null when the re-fetch did not find a logged-in user.
 */
export async function createAccount(account: NewAccount): Promise<CreateAccountResult> {
  try {
    await createUser(account)
  } catch (error) {
    log('Account creation failed', error)
    return { status: 'error' }
  }
  generation += 1
  let user: User | null = null
  try {
    const session = await getCurrentUser()
    applySession(session)
    user = session.user
  } catch (error) {
    log('The current-user check after sign-up failed', error)
  }
  getBus().emit('user:created', { email: account.email })
  return { status: 'created', user }
}

/** Test hook: forget this page's check and stop the inactivity watch. */
export function resetSessionForTests(): void {
  checks = new WeakMap()
  generation = 0
  stopInactivityWatch?.()
  stopInactivityWatch = null
}
