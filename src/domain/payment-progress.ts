/**
 * What every page needs to know about a saved payment progress, without the payment rules
 * themselves: its shape check (the store reads it on every load) and whether the checkout is
 * locked. No runtime import, so the store does not pull cart totals, VAT or money code into pages
 * without a cart (`payment-flow.ts` holds the rules).
 */
import type { PaymentProgress } from './payment-flow'
import { isRecord } from './is-record'

export const CONTACT_KEYS = [
  'name',
  'street',
  'zip',
  'city',
  'country',
  'country_code',
  'email',
  'phone',
] as const

/**
 * Whether the cart page's lines, redemption, contacts and shipping are read-only: from the moment
 * Pay is pressed (`paying`: the controller is checking the form, creating the order or the
 * intent) while the provider holds a confirmation, and once charged until the order is finished.
 * A declined or failed payment (back to `open`, controller idle) makes them editable again.
 */
export function isCheckoutLocked(p: PaymentProgress | null, paying = false): boolean {
  return paying || p?.phase === 'confirming' || p?.phase === 'charged'
}

const PHASES: readonly string[] = ['open', 'confirming', 'charged', 'finished']
const STEPS: readonly string[] = ['checkout', 'confirmation', 'redeemed', 'earned']

/** Shape check of a progress read back from storage (tampered data must never be half-read). */
export function isPaymentProgress(v: unknown): v is PaymentProgress {
  if (!isRecord(v) || !isRecord(v.snapshot)) return false
  const s = v.snapshot
  const contactOk = (c: unknown) =>
    isRecord(c) && CONTACT_KEYS.every((k) => typeof c[k] === 'string')
  return (
    typeof v.id === 'string' &&
    typeof v.key === 'string' &&
    (v.orderId === null || typeof v.orderId === 'string') &&
    (v.intent === null ||
      (isRecord(v.intent) &&
        typeof v.intent.secret === 'string' &&
        typeof v.intent.amount === 'number')) &&
    typeof v.phase === 'string' &&
    (v.method === null || typeof v.method === 'string') &&
    PHASES.includes(v.phase) &&
    Array.isArray(v.done) &&
    v.done.every((d) => typeof d === 'string' && STEPS.includes(d)) &&
    typeof s.locale === 'string' &&
    isRecord(s.user) &&
    typeof s.user.email === 'string' &&
    typeof s.user.name === 'string' &&
    Array.isArray(s.lines) &&
    s.lines.every(
      (l) =>
        isRecord(l) &&
        typeof l.id === 'string' &&
        typeof l.quantity === 'number' &&
        typeof l.price === 'number' &&
        Array.isArray(l.wines),
    ) &&
    [
      'shippingCost',
      'redeemedPoints',
      'redeemedPointsAmount',
      'total',
      'amount',
      'orderPoints',
    ].every((k) => typeof s[k] === 'number' && Number.isFinite(s[k])) &&
    contactOk(s.delivery) &&
    contactOk(s.invoice) &&
    isRecord(s.vat) &&
    typeof s.vat.number === 'string' &&
    // Absent in progress (and pending records) saved before snapshots carried it.
    (s.cartId === undefined || typeof s.cartId === 'string')
  )
}
