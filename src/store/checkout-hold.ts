/**
 * Whether a payment controller is working on a payment right now, in this page or in another tab
 * of the site: Pay was pressed (form check, order and intent creation, the confirmation), a lost
 * confirmation is being read, or the steps after the charge run. The cart's content must not move
 * under it (`isCheckoutLocked`), in any tab: the tabs share one cart.
 *
 * The controller lives in the payment chunk; this module only holds its answer, so pages without
 * a cart pull no payment code. `src/payment/shared-controller.ts` connects the page's controller.
 * A paying page tells the other tabs over a tab link, again every few seconds while it pays: a tab
 * that closes or crashes mid-payment stops holding the others once its word is older than that.
 */
import { useSyncExternalStore } from 'react'
import { pageSlot } from '../page/page-context'
import { randomId } from '../domain/random-id'
import { isRecord } from '../domain/is-record'
import { browserTabLink, type TabLink } from './tab-link'
import { STORAGE_VERSION } from './storage-key'
import { createSubscribable } from '../subscribable'

/** How often a paying page repeats that it pays; its word holds the other tabs a little longer. */
export const BUSY_REPEAT_MS = 2_000
const BUSY_HOLD_MS = 2.5 * BUSY_REPEAT_MS

export interface PaymentHold {
  setBusy(next: boolean): void
  /** Whether this page pays now. */
  isBusyHere(): boolean
  /** Whether another tab of the site pays now. */
  isElsewhere(): boolean
  subscribe(listener: () => void): () => void
  close(): void
}

/** One page's hold, told and telling over `link` (null: this page knows only its own). */
export function createPaymentHold(link: TabLink | null, now = Date.now): PaymentHold {
  const id = randomId()
  let busy = false
  const elsewhere = new Map<string, number>()
  const listeners = createSubscribable()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let repeat: ReturnType<typeof setInterval> | null = null
  const notify = listeners.notify
  const tell = () => link?.post({ type: 'paying', from: id, on: busy })
  const isElsewhere = () => {
    const at = now()
    for (const [tab, until] of elsewhere) if (until < at) elsewhere.delete(tab)
    return elsewhere.size > 0
  }
  const stop = link?.listen((message) => {
    if (!isRecord(message) || typeof message.from !== 'string' || message.from === id) return
    if (message.type === 'ask') {
      if (busy) tell()
      return
    }
    if (message.type !== 'paying') return
    const was = isElsewhere()
    if (message.on === true) {
      elsewhere.set(message.from, now() + BUSY_HOLD_MS)
      // Judged again once the word expires: the paying tab may have gone without saying so.
      const timer = setTimeout(() => {
        timers.delete(timer)
        notify()
      }, BUSY_HOLD_MS + 10)
      timers.add(timer)
    } else elsewhere.delete(message.from)
    if (isElsewhere() !== was) notify()
  })
  link?.post({ type: 'ask', from: id })
  return {
    setBusy(next) {
      if (next === busy) return
      busy = next
      tell()
      if (repeat) clearInterval(repeat)
      repeat = next ? setInterval(tell, BUSY_REPEAT_MS) : null
      notify()
    },
    isBusyHere: () => busy,
    isElsewhere,
    subscribe: listeners.subscribe,
    close() {
      if (busy) link?.post({ type: 'paying', from: id, on: false })
      stop?.()
      link?.close()
      timers.forEach(clearTimeout)
      if (repeat) clearInterval(repeat)
    },
  }
}

const page = pageSlot<{ hold: PaymentHold | null }>(
  () => ({ hold: null }),
  (state) => state.hold?.close(),
)

/** The page's hold, opened at first use. */
function hold(): PaymentHold {
  const state = page.get()
  state.hold ??= createPaymentHold(browserTabLink(`wine-widgets:v${STORAGE_VERSION}:paying`))
  return state.hold
}

export function setPaymentBusy(next: boolean): void {
  hold().setBusy(next)
}

/** Whether another tab of the site is paying now. */
export const isPaymentElsewhere = (): boolean => hold().isElsewhere()

/** Whether a payment is under way, in this page or in another tab. */
export function isPaymentBusy(): boolean {
  const h = hold()
  return h.isBusyHere() || h.isElsewhere()
}

const subscribe = (listener: () => void): (() => void) => hold().subscribe(listener)

/** `isPaymentBusy`, re-rendering when it changes. */
export function usePaymentBusy(): boolean {
  return useSyncExternalStore(subscribe, isPaymentBusy, isPaymentBusy)
}

/** `isPaymentElsewhere`, re-rendering when it changes. */
export function usePaymentElsewhere(): boolean {
  return useSyncExternalStore(subscribe, isPaymentElsewhere, isPaymentElsewhere)
}
