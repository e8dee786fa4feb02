/**
 * The page's session service: the inactivity expiry, found at page load
 * or on an open page. Started by the page services before any widget renders
 * (`mount/page-services.ts`), never from a component, so no ordering of roots and effects can
 * lose an expiry. Kept apart from the account calls (`session.ts`: current-user check, login,
 * logout, sign-up) so a page whose widgets never show the user loads only this.
 *
 * An expiry found at page load (the saved state is a state, `store.expiredOnLoad`, not an event)
 * and one on an open page take the same path: the store clears user, cart, contacts and
 * conversation (every root re-renders from it), the server session is ended (quietly, no
 * redirect) and `user:logged-out` is announced, on which the page's React Query cache is dropped
 * (`src/api/query-client.ts`).
 */
import { getBus } from '../bus/bus'
import { getStore } from '../store/shared-store'
import { pageSlot } from '../page/page-context'
import type { Store } from '../store/store'
import type { StoreState } from '../store/state'
import { trackActivity } from '../store/activity'
import { logoutUser } from '../api/logout'
import { forgetCsrfToken } from '../http/csrf'
import { reportError } from '../report/report'

interface SessionSlot {
  /** Bumped by every login, logout, sign-up and expiry: a slower, older check knows it is stale. */
  generation: number
  /** The running session service and the store it watches. */
  service: { store: Store; stop: () => void } | null
  /** The server logout after the last inactivity expiry: true once the server session ended. */
  inactivityLogout: Promise<boolean> | null
}
const page = pageSlot<SessionSlot>(
  () => ({ generation: 0, service: null, inactivityLogout: null }),
  (state) => state.service?.stop(),
)

/** The session changed (login, logout, sign-up, expiry): answers asked before it are stale. */
export function sessionChanged(): number {
  return (page.get().generation += 1)
}

export const sessionGeneration = (): number => page.get().generation

/**
 * The server logout after the last inactivity expiry, if one ran: resolves to whether the server
 * session ended. A current-user check or a login must wait for it.
 */
export const pendingInactivityLogout = (): Promise<boolean> | null => page.get().inactivityLogout

/**
 * After 30 minutes without activity. The store has already cleared user, cart, contacts and
 * conversation; a visitor who was logged in also loses the server session and the page hears
 * `user:logged-out`.
 */
function expire(wasLoggedIn: boolean): void {
  sessionChanged()
  if (!wasLoggedIn) return
  page.get().inactivityLogout = logoutUser().then(
    () => true,
    (error: unknown) => {
      reportError({ area: 'session', message: 'Logout after inactivity failed', error })
      return false
    },
  )
  getBus().emit('user:logged-out', { reason: 'inactivity' })
}

/**
 * Another tab logged in, logged out or expired (the store has taken its state): this page then
 * behaves as after its own. Answers this page asked before are stale; the server session was
 * handled by the tab where it happened.
 */
function sessionMovedElsewhere(before: StoreState, after: StoreState): void {
  const cleared = before.personalId !== after.personalId
  if (cleared || before.session.isLoggedIn !== after.session.isLoggedIn) {
    sessionChanged()
    // The site gave the session a new token there.
    forgetCsrfToken()
  }
  if (cleared && before.session.isLoggedIn) {
    getBus().emit('user:logged-out', { reason: 'other-tab' })
  } else if (!before.session.isLoggedIn && after.session.user) {
    getBus().emit('user:logged-in', { user: after.session.user, points: after.session.points })
  }
}

/**
 * Start the page's session service: the inactivity watch, and the expiry found at page load.
 * Safe to call twice (one service per store); returns the function that stops it.
 */
export function startSessionService(options: { checkEveryMs?: number } = {}): () => void {
  const store = getStore()
  const state = page.get()
  if (state.service?.store === store) return state.service.stop
  state.service?.stop()
  const stopWatch = trackActivity(store, expire, options.checkEveryMs)
  const stopHearing = store.onRemoteChange(sessionMovedElsewhere)
  const stop = () => {
    stopWatch()
    stopHearing()
    if (state.service?.store === store) state.service = null
  }
  state.service = { store, stop }
  if (store.expiredOnLoad) expire(store.expiredOnLoad.wasLoggedIn)
  return stop
}
