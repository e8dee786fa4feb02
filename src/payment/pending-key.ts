/**
 * Where a payment under way is kept for every tab of the browser (localStorage), on its own so
 * the library entry can look for one without loading the payment code. `pending-order.ts` reads
 * and writes it; `forget-pending.ts` forgets it on logout.
 */
import { localStore } from '../store/web-storage'

export const PENDING_PAYMENTS_KEY = 'wine-widgets:pending-payments'

/**
 * True when some tab left a charged order unfinished (a cheap look at the text: the content is
 * checked on use). A confirmation another tab holds is that tab's business.
 */
export function hasPendingPayments(): boolean {
  try {
    return localStore()?.getItem(PENDING_PAYMENTS_KEY)?.includes('"phase":"charged"') ?? false
  } catch {
    return false
  }
}
