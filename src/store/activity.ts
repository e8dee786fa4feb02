import type { Store } from './store'
import { INACTIVITY_MS } from './state'

const EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const

/**
 * Records user activity on the page and clears the personal state after 30 minutes without any.
 * The last-activity clock lives in the store (sessionStorage), so it survives reloads.
 * Returns a function that stops tracking.
 */
export function trackActivity(store: Store, onExpired: () => void, checkEveryMs = 60_000) {
  const touch = () => {
    if (store.touch()) onExpired()
  }
  const check = () => {
    // A check is not activity: only expire, never extend.
    const { lastActivity } = store.getState()
    if (Date.now() - lastActivity > INACTIVITY_MS && store.touch()) onExpired()
  }
  EVENTS.forEach((e) => window.addEventListener(e, touch, { passive: true, capture: true }))
  const timer = window.setInterval(check, checkEveryMs)
  return () => {
    EVENTS.forEach((e) => window.removeEventListener(e, touch, { capture: true }))
    window.clearInterval(timer)
  }
}
