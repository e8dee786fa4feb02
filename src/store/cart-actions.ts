/**
 * Cart actions over the pure cart operations of `src/domain/cart.ts`. Each action
 * applies the operation to the page's one store (persisted to sessionStorage, shared by every
 * widget root) and, when the cart really changed, emits `cart:changed` with the new totals.
 * An operation that changes nothing (adding to a line already at its stock, updating to the same
 * quantity) emits nothing.
 */
import { castDraft, type Draft } from 'immer'
import { useMemo } from 'react'
import { getBus } from '../bus/bus'
import {
  addLine,
  cartTotals,
  emptyCart as emptyCartState,
  quantityInCart,
  removeLine,
  updateQuantity,
  type CartTotals,
} from '../domain/cart'
import { isCheckoutLocked } from '../domain/payment-progress'
import { isPaymentBusy, usePaymentBusy } from './checkout-hold'
import type { CartLine, CartState } from '../domain/types'
import { emptyContacts, type StoreState } from './state'
import { getStore, useStore } from './shared-store'
import { announceCart } from './cart-changed'

/**
 * Applies a pure cart operation to the newest saved cart (another page of the tab may have
 * changed it since this page last read it); returns whether the cart changed.
 */
function applyCart(
  operation: (cart: CartState) => CartState,
  extra?: (d: Draft<StoreState>) => void,
): boolean {
  const after = getStore().update((draft, newest) => {
    const next = operation(newest.cart)
    if (next === newest.cart && !extra) return null
    draft.cart = castDraft(next)
    if (extra) extra(draft)
    return next
  })
  if (after) announceCart(after)
  return after !== null
}

export interface AddResult {
  /** Whether the cart changed. */
  added: boolean
  /** The line's quantity in the cart afterwards. */
  quantity: number
}

/**
 * Announces how a line's quantity moved (`cart:item-added` / `cart:item-removed`, which the
 * analytics read, with how many more or fewer): a shopper's change, or the cart's reading of the
 * catalogue lowering it to the stock.
 */
export function announceQuantityMove(line: CartLine, before: number, after: number): void {
  if (after === before) return
  const item = { ...line, quantity: Math.abs(after - before) }
  getBus().emit(after > before ? 'cart:item-added' : 'cart:item-removed', { item })
}

/** `announceQuantityMove` for a shopper's change, the quantity after read from the store. */
function emitQuantityMoved(line: CartLine | undefined, before: number): void {
  if (line) announceQuantityMove(line, before, quantityInCart(getStore().getState().cart, line.id))
}

const lineOf = (id: string) =>
  getStore()
    .getState()
    .cart.lines.find((l) => l.id === id)

/**
 * A line's quantity as the store holds it now: plus and minus step from it, not from the last
 * render's, so a second tap that comes before the re-render still counts.
 */
export const currentQuantity = (id: string): number | undefined => lineOf(id)?.quantity

/** An existing line's quantity is raised up to qty_available; a new line is appended. */
export function addToCart(line: CartLine): AddResult {
  const before = quantityInCart(getStore().getState().cart, line.id)
  const added = applyCart((cart) => addLine(cart, line))
  if (added) emitQuantityMoved(lineOf(line.id), before)
  return { added, quantity: quantityInCart(getStore().getState().cart, line.id) }
}

/**
 * True from the moment Pay is pressed until the payment settles (and, once charged, until the
 * order is finished): the cart page's lines, redemption, contacts and shipping are read-only
 * then. Adding from another widget stays allowed: what was paid leaves the cart afterwards, what
 * was added stays (`cartAfterCharge`).
 */
export function isCheckoutLockedNow(): boolean {
  return isCheckoutLocked(getStore().getState().payment, isPaymentBusy())
}

/** Update sets the quantity, capped at the line's stock (at least 1). */
export function updateCartQuantity(id: string, quantity: number): boolean {
  if (isCheckoutLockedNow()) return false
  const line = lineOf(id)
  const changed = applyCart((cart) => updateQuantity(cart, id, quantity))
  if (changed) emitQuantityMoved(lineOf(id) ?? line, line?.quantity ?? 0)
  return changed
}

/** Remove deletes the line. */
export function removeFromCart(id: string): boolean {
  if (isCheckoutLockedNow()) return false
  const line = lineOf(id)
  const changed = applyCart((cart) => removeLine(cart, id))
  if (changed) emitQuantityMoved(line, line?.quantity ?? 0)
  return changed
}

const selectLocked = (state: StoreState) => isCheckoutLocked(state.payment)

/** Whether the cart page must be read-only now (see `isCheckoutLockedNow`). */
export function useCheckoutLocked(): boolean {
  const busy = usePaymentBusy()
  return useStore(selectLocked) || busy
}

/** Empty resets lines, orderId, redeemed points and shipping cost. */
export function emptyCart(): void {
  applyCart(emptyCartState, () => undefined)
}

/** A full clean-up also resets the contacts. */
export function cleanUpCart(): void {
  applyCart(emptyCartState, (draft) => {
    draft.contacts = emptyContacts()
  })
}

const selectCart = (state: StoreState) => state.cart

/** The cart as the store holds it; re-renders on every change, from any root. */
export function useCart(): CartState {
  return useStore(selectCart)
}

/** The cart and its derived totals (items count, subtotal, bottles, points, total…). */
export function useCartTotals(): { cart: CartState; totals: CartTotals } {
  const cart = useCart()
  const totals = useMemo(() => cartTotals(cart), [cart])
  return { cart, totals }
}

/** How many of this line (variant id or bundle code) the cart holds. */
export function useQuantityInCart(id: string): number {
  const cart = useCart()
  return quantityInCart(cart, id)
}
