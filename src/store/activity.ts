import type { Store } from './store'
import { INACTIVITY_MS } from './state'

const EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const

/**
 * Records user activity on the page and clears the personal state after 30 minutes without any.
 * The last-activity clock lives in the store (sessionStorage), so it survives reloads.
 * `onExpired(wasLoggedIn)` runs once per expiry, after the store has cleared itself.
 * Returns a function that stops tracking.
 */
export function trackActivity(
  store: Store,
  onExpired: (wasLoggedIn: boolean) => void,
  checkEveryMs = 60_000,
) {
  const touch = () => {
    const wasLoggedIn = store.getState().session.isLoggedIn
    if (store.touch()) onExpired(wasLoggedIn)
  }
  const check = () => {
    // A check is not activity: only expire, never extend.
    const { lastActivity, session } = store.getState()
    if (Date.now() - lastActivity > INACTIVITY_MS && store.touch()) onExpired(session.isLoggedIn)
  }
  // A tab brought back to the foreground (or restored from the back/forward cache) after a long
  // pause shows the expiry at once, not at the next timer tick or click.
  const onVisible = () => {
    if (document.visibilityState === 'visible') check()
  }
  // A page restored from the back/forward cache first takes what the tab's other pages saved
  // meanwhile (every root re-renders from it), then judges the expiry on that.
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) store.refresh()
    check()
  }
  EVENTS.forEach((e) => window.addEventListener(e, touch, { passive: true, capture: true }))
  document.addEventListener('visibilitychange', onVisible)
  window.addEventListener('pageshow', onShow)
  const timer = window.setInterval(check, checkEveryMs)
  return () => {
    EVENTS.forEach((e) => window.removeEventListener(e, touch, { capture: true }))
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('pageshow', onShow)
    window.clearInterval(timer)
  }
}
