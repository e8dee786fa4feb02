/**
 * Everything the payment shares with the other tabs of the browser, in one place. Each tab's own
 * progress lives in its sessionStorage, which a duplicated tab copies and a closed tab loses; so:
 *
 * Web Locks (`order-lock.ts`), one holder at a time across tabs:
 * - the flow's lock: one tab at a time starts, confirms, reads or finishes a flow;
 * - the cart's lock: around the start and the charge, since two tabs sharing a cart (duplicated
 *   before Pay) may start flows of their own;
 * - the paid marks: held while the paying page lives, because another tab's copy of localStorage
 *   may not show the records yet when it is granted the next lock.
 *
 * localStorage records (`paid-orders.ts`, `pending-order.ts`), read by every tab:
 * - paid orders and paid carts: a copy never pays again what another tab charged;
 * - the steps done after the charge: a copy never repeats a step another tab did;
 * - the payments under way: a closed tab's charged order is finished by the next page load, and a
 *   bank return into a tab without the progress continues it.
 */
import { getBus } from '../bus/bus'
import type { PaymentProgress } from '../domain/payment-flow'
import { readPendingPayments, mirrorPending, pendingPayment } from './pending-order'
import { recordPaid } from './paid-orders'

export { withCartLock, withPaymentLock } from './order-lock'
export {
  isCartPaidByAnyTab,
  isOrderPaid,
  isOrderPaidByAnyTab,
  isStepDoneByAnyTab,
  recordStepDoneByThisTab,
} from './paid-orders'

/** A charge, for every tab: its order number and cart id; resolves once the marks are held. */
export const recordCharge = (p: PaymentProgress): Promise<void> =>
  // A progress saved before snapshots carried the cart id has none to record.
  recordPaid(p.orderId ?? '', p.snapshot.cartId)

/**
 * Mirrors a tab's progress for the other tabs while it is confirming or charged. After a logout
 * the pending records are forgotten (a shared browser keeps no contacts): a flow under way then
 * keeps finishing from the tab's own store but writes no record back until it ends.
 */
export function pendingMirror(progress: () => PaymentProgress | null) {
  const loggedOut = new Set<string>()
  const stop = getBus().on('user:logged-out', () => {
    const id = progress()?.id
    if (id) loggedOut.add(id)
  })
  function write(before: PaymentProgress | null, after: PaymentProgress | null): void {
    if (!before || after === before) return
    if (after && loggedOut.has(after.id) && after.phase !== 'finished' && after.phase !== 'open')
      return
    mirrorPending(before.id, after)
  }
  return { write, stop }
}

/** Leaves a confirmed order's remaining points to whichever page loads next, out of sight. */
export const handOver = (p: PaymentProgress): void => mirrorPending(p.id, p)

/** Another tab's latest record of a flow (it may have moved on while this one waited). */
export const latestRecord = (flowId: string): PaymentProgress | null => pendingPayment(flowId)

/** The payment under way whose intent a bank return names. */
export const recordOfReturn = (secret: string): PaymentProgress | undefined =>
  readPendingPayments().find((r) => r.progress.intent?.secret === secret)?.progress

/** The payments under way in this browser, any tab's. */
export const pendingRecords = (): PaymentProgress[] => readPendingPayments().map((r) => r.progress)
