/**
 * The payment under way, for every tab of the browser. The tab's own progress lives in its store
 * (sessionStorage), which dies with the tab: closing it after the charge, or coming back from the
 * bank into another tab, would leave a charged order unfinished. So while a payment is
 * `confirming` or `charged`, the controller mirrors it here (localStorage), keeping only what the
 * remaining steps need:
 *
 * - `confirming`: the snapshot (to finish the steps once the provider says succeeded, and to put
 *   the cart back if it did not), the order number, the intent's client secret and the method.
 *   The user's name is left out (only the intent creation used it).
 * - `charged`: no client secret, no content key, no VAT record; once the confirmation e-mail is
 *   sent, no contacts and no lines either (the points need only the e-mail and the counts).
 *
 * The record is removed when the order is finished (or falls back to `open`), and on logout
 * (`pending-key.ts`). What is read back is checked with valibot (`PendingSchema`, as the saved
 * state is in `src/store/saved-state.ts`): an entry that does not fit is dropped with one
 * warning, the others are kept. (`pending-key.ts`, which the entry imports, stays free of it.)
 */
import * as v from 'valibot'
import type { PaymentProgress } from '../domain/payment-flow'
import { isPaymentProgress } from '../domain/payment-progress'
import { reportError } from '../report/report'
import { emptyContact, emptyContacts } from '../store/state'
import { readJson } from '../store/read-json'
import { localStore } from '../store/web-storage'
import { PENDING_PAYMENTS_KEY } from './pending-key'

export { PENDING_PAYMENTS_KEY } from './pending-key'

export interface PendingPayment {
  /** Epoch ms of the last write. */
  savedAt: number
  progress: PaymentProgress
}

/** Records older than this are dropped when read: an intent Stripe would have expired long ago. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** A browser never has more than a few payments under way; a bound keeps storage small. */
const KEEP = 10

const warn = (message: string) => reportError({ area: 'payment', message, level: 'warn' })

/**
 * A pending record: its write time and a progress that is confirming or charged, with an order
 * number. The progress itself goes through its own deep check, the one the store uses
 * (`isPaymentProgress`).
 */
const PendingSchema: v.GenericSchema<PendingPayment> = v.object({
  savedAt: v.pipe(v.number(), v.finite()),
  progress: v.pipe(
    v.custom<PaymentProgress>(isPaymentProgress),
    v.check(
      (p) => (p.phase === 'confirming' || p.phase === 'charged') && typeof p.orderId === 'string',
    ),
  ),
})

function write(records: PendingPayment[]): void {
  try {
    if (records.length === 0) localStore()?.removeItem(PENDING_PAYMENTS_KEY)
    else localStore()?.setItem(PENDING_PAYMENTS_KEY, JSON.stringify(records.slice(-KEEP)))
  } catch {
    // Storage disabled or full: the tab's own progress (sessionStorage) still finishes the order.
  }
}

/** The payments under way in this browser; what does not fit is dropped with one warning. */
export function readPendingPayments(now = Date.now()): PendingPayment[] {
  let text: string | null
  try {
    text = localStore()?.getItem(PENDING_PAYMENTS_KEY) ?? null
  } catch {
    return []
  }
  if (!text) return []
  const parsed = readJson(text)
  if (!Array.isArray(parsed)) {
    warn(`Discarded corrupted pending payments in localStorage "${PENDING_PAYMENTS_KEY}".`)
    write([])
    return []
  }
  const fit = parsed.filter((record) => v.is(PendingSchema, record))
  const fresh = fit.filter((r) => now - r.savedAt <= MAX_AGE_MS)
  if (fit.length < parsed.length)
    warn(
      `Discarded ${parsed.length - fit.length} pending payment(s) in localStorage "${PENDING_PAYMENTS_KEY}" that do not fit.`,
    )
  if (fresh.length < parsed.length) write(fresh)
  return fresh
}

export function pendingPayment(flowId: string): PaymentProgress | null {
  return readPendingPayments().find((r) => r.progress.id === flowId)?.progress ?? null
}

/** Only what the remaining steps need (see the module comment). */
export function minimalProgress(p: PaymentProgress): PaymentProgress {
  const snapshot = { ...p.snapshot, user: { email: p.snapshot.user.email, name: '' } }
  if (p.phase === 'confirming') return { ...p, snapshot }
  const confirmed = p.done.includes('confirmation')
  return {
    ...p,
    key: '',
    intent: null,
    snapshot: {
      ...snapshot,
      vat: emptyContacts().vat,
      lines: confirmed ? [] : snapshot.lines,
      delivery: confirmed ? emptyContact() : snapshot.delivery,
      invoice: confirmed ? emptyContact() : snapshot.invoice,
    },
  }
}

/**
 * Mirrors a tab's progress: kept while confirming or charged (with an order number), removed
 * otherwise (open again, finished, forgotten).
 */
export function mirrorPending(flowId: string, p: PaymentProgress | null, now = Date.now()): void {
  const others = readPendingPayments(now).filter((r) => r.progress.id !== flowId)
  if (p && p.orderId && (p.phase === 'confirming' || p.phase === 'charged'))
    write([...others, { savedAt: now, progress: minimalProgress(p) }])
  else write(others)
}
