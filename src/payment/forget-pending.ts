import { getBus } from '../bus/bus'
import { forgetPendingPayments } from './pending-key'

/**
 * Forgets the pending payments on every logout of this page; returns the unsubscribe function.
 * (Apart from ./pending-key, which the entry reads at once: this one needs the bus.)
 */
export function forgetPendingOnLogout(): () => void {
  return getBus().on('user:logged-out', forgetPendingPayments)
}
