/**
 * Whether the page's payment controller is working on a payment right now: Pay was pressed (form
 * check, order and intent creation, the confirmation), a lost confirmation is being read, or the
 * steps after the charge run. The cart's content must not move under it (`isCheckoutLocked`).
 *
 * The controller lives in the payment chunk; this module only holds its answer, so pages without
 * a cart pull no payment code. `src/payment/shared-controller.ts` connects the page's controller.
 */
import { useSyncExternalStore } from 'react'

let busy = false
const listeners = new Set<() => void>()

export function setPaymentBusy(next: boolean): void {
  if (next === busy) return
  busy = next
  listeners.forEach((l) => l())
}

export function isPaymentBusy(): boolean {
  return busy
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** `isPaymentBusy`, re-rendering when it changes. */
export function usePaymentBusy(): boolean {
  return useSyncExternalStore(subscribe, isPaymentBusy, isPaymentBusy)
}
