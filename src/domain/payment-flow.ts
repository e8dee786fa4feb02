/**
 * The payment flow as a pure state machine (docs/architecture.md, "Where logic lives" 6). Hooks run
 * the effects (`src/payment/`), components dispatch and render; this file decides.
 *
 * The charged snapshot is the truth: pressing Pay freezes the cart's content (lines, quantities,
 * prices, shipping, redemption, contacts, VAT, locale, user) into an `OrderSnapshot`. The order
 * number, the payment intent and every step after the charge belong to that snapshot, never to
 * the live cart:
 *
 *   open ──(order created, intent created)──▶ confirming ──(provider: succeeded)──▶ charged
 *     ▲                                          │                                    │
 *     └──────────(declined, failed, abandoned)───┘              (steps done) ──▶ finished
 *
 * - `open`: no money taken. The order (once created) is kept while the content is unchanged; a
 *   Pay with different content starts a new flow with a new order (the old one is abandoned:
 *   the back office never checks it out).
 * - `confirming`: a confirmation was handed to the provider (it may show 3-D Secure or leave the
 *   page for the bank). Nothing is known until the provider answers, so after a reload or a
 *   redirect the intent's status is READ first (`retrieve`), never confirmed again blindly.
 * - `charged`: the money is taken (or nothing was due: a zero-euro order). The remaining steps
 *   (checkout, confirmation e-mail, points redeemed then earned) run from the snapshot, each with
 *   its own idempotency key, until all are done.
 * - `finished`: the order is confirmed; the thank-you screen shows.
 *
 * Events that do not fit the current phase leave the progress unchanged (the same object), so a
 * duplicated or late event can never move money state backwards.
 */
import { cartTotals } from './cart'
import { CONTACT_KEYS } from './payment-progress'
import { paymentAmount } from './checkout'
import type { CartLine, CartState, Contact, Locale, VatRecord } from './types'
import { normalizeVat } from './validation'
import { wholeCount } from './to-number'

export interface OrderSnapshot {
  locale: Locale
  user: { email: string; name: string }
  lines: CartLine[]
  shippingCost: number
  redeemedPoints: number
  redeemedPointsAmount: number
  delivery: Contact
  invoice: Contact
  vat: VatRecord
  /** EUR, as the shopper saw it on the Pay button. */
  total: number
  /** Cents, rounded: what the provider charges. */
  amount: number
  /** Droplets this order earns. */
  orderPoints: number
  /**
   * The id of the cart it was taken from (`CartState.id`): recorded as paid with the charge.
   * Absent in progress saved before it existed.
   */
  cartId?: string
}

export type AfterChargeStep = 'checkout' | 'confirmation' | 'redeemed' | 'earned'
export type PaymentPhase = 'open' | 'confirming' | 'charged' | 'finished'

export interface PaymentProgress {
  /** Random id of this flow (one per content); keys the order creation. */
  id: string
  /** The snapshot's content key (`contentKey`). */
  key: string
  snapshot: OrderSnapshot
  orderId: string | null
  intent: { secret: string; amount: number } | null
  phase: PaymentPhase
  /** The method of the last confirmation (`card`, `bancontact`…): how to resume it after a reload. */
  method: string | null
  done: AfterChargeStep[]
}

export type PaymentEvent =
  | { type: 'start'; snapshot: OrderSnapshot; id: string }
  | { type: 'order-created'; orderId: string }
  | { type: 'intent-created'; secret: string; amount: number }
  | { type: 'confirming'; method: string }
  | { type: 'charged' }
  | { type: 'not-charged' }
  | { type: 'step-done'; step: AfterChargeStep }

export type PaymentAction =
  | { do: 'none' }
  | { do: 'create-order' }
  | { do: 'create-intent' }
  | { do: 'confirm' }
  /** Nothing to pay (droplets cover everything): the order counts as charged without intent. */
  | { do: 'skip-charge' }
  /** A confirmation was under way when the page went away: read the intent's status first. */
  | { do: 'retrieve' }
  | { do: 'step'; step: AfterChargeStep }

export interface SnapshotInput {
  cart: CartState
  contacts: { delivery: Contact; invoice: Contact; vat: VatRecord }
  user: { email: string; name: string }
  locale: Locale
}

/**
 * A flow's id: its cart's and its content's (`contentKey`). Two tabs sharing a cart (a tab
 * duplicated before Pay) that pay the same content name the same flow, so their idempotency keys
 * agree: whatever one tab learns late of the other's charge, the back office answers its order
 * creation with the first order, the intent is the first one, and the provider never charges a
 * succeeded intent again. A paid cart takes a new id, so buying the same again is a new flow.
 */
export function flowId(s: OrderSnapshot): string {
  return `${s.cartId ?? 'cart'}-${hash53(contentKey(s))}`
}

/** cyrb53: a 53-bit hash of a text (not cryptographic; two contents of one cart never meet). */
function hash53(text: string): string {
  let a = 0xdeadbeef
  let b = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 2654435761)
    b = Math.imul(b ^ c, 1597334677)
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909)
  b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909)
  return (4294967296 * (2097151 & b) + (a >>> 0)).toString(36)
}

/** Freezes what is about to be paid. */
export function takeSnapshot({ cart, contacts, user, locale }: SnapshotInput): OrderSnapshot {
  const totals = cartTotals(cart)
  return {
    locale,
    user: { email: user.email, name: user.name },
    lines: cart.lines.map((line) => ({ ...line, wines: line.wines.map((w) => ({ ...w })) })),
    shippingCost: cart.shippingCost,
    redeemedPoints: cart.redeemedPoints,
    redeemedPointsAmount: cart.redeemedPointsAmount,
    delivery: { ...contacts.delivery },
    invoice: { ...contacts.invoice },
    // The number as the back office stores it ("BE 0403.170,701" → "BE0403170701").
    vat: { ...contacts.vat, number: normalizeVat(contacts.vat.number) },
    total: totals.total,
    amount: paymentAmount(totals.total),
    orderPoints: totals.orderPoints,
    cartId: cart.id,
  }
}

/**
 * Everything the order is made of, as one string: two snapshots with the same key would create
 * the same order. Key order is fixed so the key does not depend on how objects were built.
 */
export function contentKey(s: OrderSnapshot): string {
  const contact = (c: Contact) => CONTACT_KEYS.map((k) => c[k].trim())
  return JSON.stringify([
    s.locale,
    s.user.email,
    s.lines.map((l) => [l.id, l.odooCode, l.type, l.quantity, l.price]),
    s.shippingCost,
    s.redeemedPoints,
    s.redeemedPointsAmount,
    contact(s.delivery),
    contact(s.invoice),
    [s.vat.number.trim(), s.vat.valid],
    s.amount,
  ])
}

/**
 * The points a points step sends to the back office: the redeemed ones taken off the
 * balance (negative), the earned ones added. 0: nothing to send (the step is not taken).
 */
export function pointsOf(s: OrderSnapshot, step: 'redeemed' | 'earned'): number {
  return step === 'redeemed' ? -wholeCount(s.redeemedPoints) : wholeCount(s.orderPoints)
}

/** The steps after the charge, in order (points redeemed first, then earned). */
export function stepsFor(s: OrderSnapshot): AfterChargeStep[] {
  const steps: AfterChargeStep[] = ['checkout', 'confirmation']
  if (pointsOf(s, 'redeemed') !== 0) steps.push('redeemed')
  if (pointsOf(s, 'earned') !== 0) steps.push('earned')
  return steps
}

function fresh(snapshot: OrderSnapshot, id: string): PaymentProgress {
  return {
    id,
    key: contentKey(snapshot),
    snapshot,
    orderId: null,
    intent: null,
    phase: 'open',
    method: null,
    done: [],
  }
}

export function transition(p: PaymentProgress | null, event: PaymentEvent): PaymentProgress | null {
  if (event.type === 'start') {
    if (!p || p.phase === 'finished') return fresh(event.snapshot, event.id)
    if (p.phase !== 'open') return p
    // Same content: keep the order (and its intent); otherwise a new flow and a new order.
    return p.key === contentKey(event.snapshot) ? p : fresh(event.snapshot, event.id)
  }
  if (!p) return p
  switch (event.type) {
    case 'order-created':
      return p.phase === 'open' && p.orderId === null ? { ...p, orderId: event.orderId } : p
    case 'intent-created':
      return p.phase === 'open' && p.orderId !== null && event.amount === p.snapshot.amount
        ? { ...p, intent: { secret: event.secret, amount: event.amount } }
        : p
    case 'confirming':
      return p.phase === 'open' && p.intent?.amount === p.snapshot.amount
        ? { ...p, phase: 'confirming', method: event.method }
        : p
    case 'charged':
      if (p.phase === 'confirming') return { ...p, phase: 'charged' }
      // A zero-euro order is charged without any intent.
      if (p.phase === 'open' && p.orderId !== null && p.snapshot.amount === 0)
        return { ...p, phase: 'charged' }
      return p
    case 'not-charged':
      return p.phase === 'confirming' ? { ...p, phase: 'open' } : p
    case 'step-done': {
      if (p.phase !== 'charged' || p.done.includes(event.step)) return p
      if (!stepsFor(p.snapshot).includes(event.step)) return p
      const done = [...p.done, event.step]
      const finished = stepsFor(p.snapshot).every((s) => done.includes(s))
      return { ...p, done, phase: finished ? 'finished' : 'charged' }
    }
  }
}

/** What the flow needs next. */
export function nextAction(p: PaymentProgress | null): PaymentAction {
  if (!p) return { do: 'none' }
  switch (p.phase) {
    case 'open':
      if (p.orderId === null) return { do: 'create-order' }
      if (p.snapshot.amount === 0) return { do: 'skip-charge' }
      if (p.intent?.amount !== p.snapshot.amount) return { do: 'create-intent' }
      return { do: 'confirm' }
    case 'confirming':
      return { do: 'retrieve' }
    case 'charged': {
      const step = stepsFor(p.snapshot).find((s) => !p.done.includes(s))
      return step ? { do: 'step', step } : { do: 'none' }
    }
    case 'finished':
      return { do: 'none' }
  }
}

/**
 * The idempotency key of a mutating call: the same call for the same order and content always
 * carries the same key, so a retry after a lost answer has no second effect. Every key starts
 * with the flow's id, which holds the cart's random id: nobody outside the tab can guess a key
 * from an order number (the server still scopes keys to the session).
 */
export function idempotencyKey(
  p: PaymentProgress,
  call: 'create-order' | 'create-intent' | AfterChargeStep,
): string {
  const order = p.orderId === null ? p.id : `${p.id}-${p.orderId}`
  switch (call) {
    case 'create-order':
      return `order-${p.id}`
    case 'create-intent':
      return `intent-${order}-${p.snapshot.amount}`
    case 'redeemed':
      return `points-redeemed-${order}`
    case 'earned':
      return `points-earned-${order}`
    default:
      return `${call}-${order}`
  }
}

/**
 * The cart once its snapshot is paid: what was paid leaves the cart; anything added meanwhile
 * (another widget's add-to-cart during the confirmation) stays as the next cart.
 */
export function cartAfterCharge(cart: CartState, snapshot: OrderSnapshot): CartState {
  const paid = new Map(snapshot.lines.map((l) => [l.id, l.quantity]))
  const lines = cart.lines
    .map((line) => ({ ...line, quantity: line.quantity - (paid.get(line.id) ?? 0) }))
    .filter((line) => line.quantity > 0)
  return {
    id: cart.id,
    orderId: null,
    lines,
    shippingCost: 0,
    redeemedPoints: 0,
    redeemedPointsAmount: 0,
  }
}

// Kept for callers that read the whole flow from one module.
export { isCheckoutLocked, isPaymentProgress } from './payment-progress'
