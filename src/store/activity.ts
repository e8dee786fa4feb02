import type { Store } from './store'
import { ACTIVITY_RESOLUTION_MS, INACTIVITY_MS } from './state'
import { whenIdle } from '../page/when-idle'

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
  const touch = (at: number) => {
    const wasLoggedIn = store.getState().session.isLoggedIn
    if (store.touch(at)) onExpired(wasLoggedIn)
  }
  // Saving the activity (read the newest revision, write the state, notify every root) took
  // 25 ms of a phone's tap at 4×, and a shopper's first tap after 10 s of reading always pays
  // it: it waits until the input's own work and paint are done. An expiry this page can already
  // see is decided at once, before the input's handlers change anything the expiry clears.
  let cancelLater: (() => void) | null = null
  let inputAt = 0
  const cancel = () => {
    cancelLater?.()
    cancelLater = null
  }
  const onInput = () => {
    const { lastActivity } = store.getState()
    const at = Date.now()
    if (at - lastActivity > INACTIVITY_MS) {
      cancel()
      touch(at)
    } else if (!cancelLater && at - lastActivity >= ACTIVITY_RESOLUTION_MS) {
      inputAt = at
      cancelLater = whenIdle(() => {
        cancelLater = null
        touch(inputAt)
      })
    }
  }
  const check = () => {
    // A check is not activity: only expire, never extend.
    const { lastActivity, session } = store.getState()
    if (Date.now() - lastActivity > INACTIVITY_MS && store.touch()) onExpired(session.isLoggedIn)
  }
  // A tap on a link leaves before the page is idle: the activity is saved on the way out.
  const onHide = () => {
    if (!cancelLater) return
    cancel()
    touch(inputAt)
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
  EVENTS.forEach((e) => window.addEventListener(e, onInput, { passive: true, capture: true }))
  document.addEventListener('visibilitychange', onVisible)
  window.addEventListener('pageshow', onShow)
  window.addEventListener('pagehide', onHide)
  const timer = window.setInterval(check, checkEveryMs)
  return () => {
    EVENTS.forEach((e) => window.removeEventListener(e, onInput, { capture: true }))
    cancel()
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('pageshow', onShow)
    window.removeEventListener('pagehide', onHide)
    window.clearInterval(timer)
  }
}
