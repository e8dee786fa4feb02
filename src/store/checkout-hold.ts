/**
 * Whether the page's payment controller is working on a payment right now: Pay was pressed (form
 * check, order and intent creation, the confirmation), a lost confirmation is being read, or the
 * steps after the charge run. The cart's content must not move under it (`isCheckoutLocked`).
 *
 * The controller lives in the payment chunk; this module only holds its answer, so pages without
 * a cart pull no payment code. `src/payment/shared-controller.ts` connects the page's controller.
 */
import { useSyncExternalStore } from 'react'
import { pageSlot } from '../page/page-context'

const page = pageSlot(() => ({ busy: false, listeners: new Set<() => void>() }))

export function setPaymentBusy(next: boolean): void {
  const state = page.get()
  if (next === state.busy) return
  state.busy = next
  state.listeners.forEach((l) => l())
}

export function isPaymentBusy(): boolean {
  return page.get().busy
}

function subscribe(listener: () => void): () => void {
  const { listeners } = page.get()
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** `isPaymentBusy`, re-rendering when it changes. */
export function usePaymentBusy(): boolean {
  return useSyncExternalStore(subscribe, isPaymentBusy, isPaymentBusy)
}
