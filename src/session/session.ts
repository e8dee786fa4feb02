/**
 * The session core ("Session"): the
 * current-user check, login, logout and account creation. Framework-free; `use-session.ts` holds
 * the React side.
 *
 * Design choices:
 * - The store's `session` slice is the only copy of the session. Every widget root reads it
 *   through `useStore`, so a login, logout or expiry in one place shows in every root at once.
 * - The session service (inactivity expiry) lives in `session-service.ts`, started with the page
 *   before any widget renders; this module reads its generation and pending inactivity logout.
 * - The request is a React Query query (`currentUserQueryOptions`) run through the page's one
 *   QueryClient (`getPageQueryClient`): checks asked at the same time (the page's check, the
 *   re-fetch after a sign-up) share one request, and the abort signal reaches the fetch. The cache
 *   keeps no copy of the user (`staleTime`/`gcTime` 0): the store stays the only one.
 * - The page's check (the request, then writing its answer to the store) runs once per page,
 *   whatever the number of roots: its promise is remembered per store, the page's one store, so a
 *   test that starts over with a fresh store also gets a fresh check.
 * - What a page view costs the shop's server: the check is a CMS request (and the CSRF token
 *   another). A page reuses the session an earlier one confirmed only while the site's session
 *   version cookie (`session.versionCookie` in the config) holds the value it was confirmed with
 *   (`sessionVersion` in the store): the site changes it on every login, logout and expiry of its
 *   own, so none goes unseen. Without the cookie every page asks once. It is asked again when it
 *   matters: the tab coming back to the foreground, a page restored from the back/forward cache,
 *   a widget about to make account calls (`fresh`), an account call answering 401, and on the
 *   first page after a logout or an inactivity expiry (they clear the version). A login's own
 *   answer confirms the session.
 * - The check waits for an inactivity logout under way, so it cannot log the visitor straight
 *   back in; if that logout failed, this page does not ask (the server session may still live).
 * - A check that answers after a login, logout, sign-up or expiry of this page is stale and
 *   ignored: a login, logout or sign-up cancels the request in flight (so a re-fetch never joins
 *   it), and any answer that still arrives after a session change (`sessionGeneration`) is
 *   dropped.
 */
import { CancelledError } from '@tanstack/react-query'
import type { Locale, SessionState, User } from '../domain/types'
import { getBus } from '../bus/bus'
import { getStore } from '../store/shared-store'
import type { Store } from '../store/store'
import { loggedOutSession } from '../store/state'
import {
  createUser,
  currentUserQueryKey,
  currentUserQueryOptions,
  loginUser,
  logoutUser,
  type NewAccount,
} from '../api/session'
import { getPageQueryClient } from '../api/query-client'
import { pendingInactivityLogout, sessionChanged, sessionGeneration } from './session-service'
import { redirectTo } from './redirect'
import { homePath } from './routes'
import { pageSlot } from '../page/page-context'
import { forgetCsrfToken, onUnauthenticated } from '../http/csrf'
import { reportError } from '../report/report'
import { readConfig } from '../config/config'
import { configText } from '../config/config-block'
import { sessionStillValid } from '../domain/session-version'
import Cookies from 'js-cookie'

export { startSessionService } from './session-service'

/** The page's check: its promise, and whether it asked the server (false: reused the session). */
interface PageCheck {
  done: Promise<void>
  asked: boolean
}

/** The current-user check under way or done, per store (one per page). */
const pageChecks = pageSlot(() => new WeakMap<Store, PageCheck>())

/** The site's session version now (its cookie's value), or null without one. */
function siteSessionVersion(): string | null {
  // A page without a config block has had that reported by the page services (tests have none).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- no document in node
  if (!globalThis.document || configText(document) === null) return null
  const name = readConfig().config.session?.versionCookie
  return name ? (Cookies.get(name) ?? null) : null
}

/** Whether the store's session is the one the site still has (`session-version.ts`). */
const stillValid = (store: Store): boolean =>
  sessionStillValid(store.getState().sessionVersion, siteSessionVersion())

/** Ask the server again, whatever this page knows: the moments when the session may have moved. */
function recheck(): void {
  forgetCsrfToken()
  pageChecks.get().delete(getStore())
  void ensureSessionChecked({ fresh: true })
}

/**
 * When the page asks again (listened to once per page, from its first check): a page restored
 * from the back/forward cache (the visitor may have logged in or out on another page meanwhile;
 * the store has already taken the tab's newer saved state by then), the tab coming back to the
 * foreground (another tab may have logged out), and an account call answering 401 (the server
 * session ended while this tab reused it).
 */
const recheckWhenItMatters = pageSlot(
  () => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) recheck()
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') recheck()
    }
    onUnauthenticated(recheck)
    // No window in node (tests), whatever the DOM types say.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    globalThis.window?.addEventListener('pageshow', onShow)
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- no document in node
    globalThis.document?.addEventListener('visibilitychange', onVisible)
    return () => {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- no window in node
      globalThis.window?.removeEventListener('pageshow', onShow)
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- no document in node
      globalThis.document?.removeEventListener('visibilitychange', onVisible)
    }
  },
  (stop) => stop(),
)

const log = (message: string, error: unknown) => reportError({ area: 'session', message, error })

/** Who is logged in, through the page's QueryClient (shared with a check already in flight). */
const fetchCurrentUser = (): Promise<SessionState> =>
  getPageQueryClient().query(currentUserQueryOptions())

/**
 * The session changed here (login, logout, sign-up): answers asked before are stale. The check in
 * flight is cancelled (its request aborted), so the next one asks the server again.
 */
function changeSession(): Promise<void> {
  sessionChanged()
  return getPageQueryClient().cancelQueries({ queryKey: currentUserQueryKey })
}

/**
 * Write a session the server just gave to the store, with the time it was confirmed; a logged-in
 * one is announced on the bus.
 */
function applySession(session: SessionState): void {
  getStore().update((d) => {
    d.session = session
    d.sessionVersion = siteSessionVersion()
  })
  if (session.isLoggedIn && session.user) {
    getBus().emit('user:logged-in', { user: session.user, points: session.points })
  }
}

async function runCheck(store: Store): Promise<void> {
  // Asking while the inactivity logout is under way could log the visitor straight back in.
  const inactivityLogout = pendingInactivityLogout()
  if (inactivityLogout && !(await inactivityLogout)) return
  const started = sessionGeneration()
  try {
    const session = await fetchCurrentUser()
    if (started !== sessionGeneration() || store !== getStore()) return
    if (session.isLoggedIn) applySession(session)
    // The server no longer knows this visitor: logged out by the site (its own logout link) or
    // expired there. Cleared as the widgets' own logout clears, without a redirect.
    else if (store.getState().session.isLoggedIn) {
      sessionChanged()
      store.clearPersonal()
      applySession(loggedOutSession())
      getBus().emit('user:logged-out', { reason: 'logout' })
    } else
      store.update((d) => {
        d.sessionVersion = siteSessionVersion()
      })
  } catch (error) {
    // Cancelled by a session change (or the cache dropped on logout): stale, not a failure.
    if (error instanceof CancelledError) return
    // Only logged: the visitor stays as the store says and can still log in by hand.
    log('session: who is signed in could not be checked', error)
  }
}

/**
 * Start the page's one current-user check. Every caller gets the same promise; it never rejects.
 * While the site's session version is the one the stored session was confirmed with (on any page
 * of the tab) it is taken as it is and nothing is asked; `fresh` asks the server anyway, once per page
 * (a widget about to make account calls for the stored user).
 */
export function ensureSessionChecked(options: { fresh?: boolean } = {}): Promise<void> {
  recheckWhenItMatters.get()
  const store = getStore()
  const checks = pageChecks.get()
  let check = checks.get(store)
  if (!check || (options.fresh && !check.asked)) {
    const ask = options.fresh === true || !stillValid(store)
    check = { done: ask ? runCheck(store) : Promise.resolve(), asked: ask }
    checks.set(store, check)
  }
  return check.done
}

export type LoginResult = { status: 'ok'; user: User } | { status: 'invalid' } | { status: 'error' }

/** Log in. Wrong credentials give `invalid`; any other failure is logged and gives `error`. */
export async function login(email: string, password: string): Promise<LoginResult> {
  let session: SessionState
  try {
    // The server must see the inactivity logout before this login, not after it.
    await pendingInactivityLogout()
    session = await loginUser(email, password)
  } catch (error) {
    log('Login failed', error)
    return { status: 'error' }
  }
  if (!session.isLoggedIn || !session.user) return { status: 'invalid' }
  void changeSession()
  applySession(session)
  return { status: 'ok', user: session.user }
}

export interface LogoutOptions {
  locale: Locale
  /** The widget the visitor logged out from: the redirect home is announced from it. */
  from?: Element | null
}

/**
 * Log out: on success the personal state is cleared, `user:logged-out` is emitted and the page
 * goes to `/{locale}`. On failure "Logout failed" is only logged and nothing else happens.
 * Resolves to whether the logout succeeded.
 */
export async function logout({ locale, from }: LogoutOptions): Promise<boolean> {
  try {
    await logoutUser()
  } catch (error) {
    log('Logout failed', error)
    return false
  }
  void changeSession()
  getStore().clearPersonal()
  getBus().emit('user:logged-out', { reason: 'logout' })
  redirectTo(homePath(locale), from)
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
  await changeSession()
  let user: User | null = null
  try {
    const session = await fetchCurrentUser()
    applySession(session)
    user = session.user
  } catch (error) {
    log('The current-user check after sign-up failed', error)
  }
  getBus().emit('user:created', { email: account.email })
  return { status: 'created', user }
}
