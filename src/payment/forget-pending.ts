import { getBus } from '../bus/bus'
import { localStore } from '../store/web-storage'
import { PENDING_PAYMENTS_KEY } from './pending-key'

/**
 * Logout (and the inactivity clean-up): the browser may be shared, so the contacts a pending
 * record holds leave localStorage. The tab's own session copy still finishes its order. In the
 * page base, not the entry: the entry only looks for a pending payment.
 */
export function forgetPendingPayments(): void {
  try {
    localStore()?.removeItem(PENDING_PAYMENTS_KEY)
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/** Forgets the pending payments on every logout of this page; returns the unsubscribe function. */
export function forgetPendingOnLogout(): () => void {
  return getBus().on('user:logged-out', forgetPendingPayments)
}
