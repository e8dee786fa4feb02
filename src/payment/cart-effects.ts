/**
 * What a payment does to the live cart. What was paid leaves it; anything added meanwhile (from
 * another widget during the confirmation) stays, as a new cart with an identity of its own, so
 * the next purchase is never taken for the paid one. Every root hears the cart's new content.
 */
import { castDraft } from 'immer'
import { cartAfterCharge, type PaymentProgress } from '../domain/payment-flow'
import { randomId } from '../domain/random-id'
import { announceCart } from '../store/cart-changed'
import { emptyCart } from '../store/state'
import type { Store } from '../store/store'
import { recordCharge } from './cross-tab'
import type { PaymentRun } from './run'

const cartChanged = (store: Store) => announceCart(store.getState().cart)

function removePaidFromCart(store: Store, p: PaymentProgress): void {
  store.update((d) => {
    d.cart = castDraft({ ...cartAfterCharge(d.cart, p.snapshot), id: randomId() })
  })
  cartChanged(store)
}

/** The charge succeeded: every tab learns the order and the cart, the paid content leaves. */
export async function onCharged(run: PaymentRun): Promise<void> {
  const p = run.progress()
  if (!p?.orderId) return
  const recorded = recordCharge(p)
  removePaidFromCart(run.store, p)
  // Awaited inside the locks: their next holder sees the marks.
  await recorded
}

/** Another tab sharing this cart paid it: nothing is started, the cart starts afresh. */
export function cartAlreadyPaid(run: PaymentRun): void {
  run.store.update((d) => {
    d.payment = null
    d.cart = castDraft(emptyCart())
  })
  cartChanged(run.store)
  run.tell({ type: 'fail', failure: { kind: 'already-paid' } })
}

/** This tab holds an order another tab has paid: forget it and keep only what came after. */
export function alreadyPaid(run: PaymentRun, p: PaymentProgress): void {
  run.store.update((d) => {
    d.payment = null
  })
  removePaidFromCart(run.store, p)
  run.tell({ type: 'fail', failure: { kind: 'already-paid' } })
}

/** A flow that was not charged, taken over into a tab with an empty cart: the cart is put back. */
export function restoreCart(store: Store, p: PaymentProgress): void {
  if (p.phase !== 'open') return
  const s = p.snapshot
  // Decided on the newest cart: one filled on another page since is kept.
  const restored = store.update((d, newest) => {
    if (newest.cart.lines.length > 0) return false
    d.cart = castDraft({
      // The cart it was taken from (not charged: still unpaid), or this tab's.
      id: s.cartId ?? d.cart.id,
      orderId: p.orderId,
      lines: s.lines,
      shippingCost: s.shippingCost,
      redeemedPoints: s.redeemedPoints,
      redeemedPointsAmount: s.redeemedPointsAmount,
    })
    // The contacts too, where this tab has none (the shopper reviews them before paying again).
    if (!d.contacts.delivery.street) d.contacts.delivery = { ...s.delivery }
    if (!d.contacts.invoice.street) d.contacts.invoice = { ...s.invoice }
    if (!d.contacts.vat.number && s.vat.number) d.contacts.vat = { ...s.vat }
    return true
  })
  if (restored) cartChanged(store)
}
