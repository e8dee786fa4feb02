/**
 * Pure cart operations and derived totals. Every operation returns a
 * new `CartState` (or the same object when nothing changes) and never mutates its input, so it
 * works on plain state and inside an immer producer alike.
 *
 * Decisions of ours (the product rules leave these open):
 * - `addLine`: a line with the same `id` gets its quantity raised, capped at the NEW line's
 *   `qty_available` (the fresher stock figure, which also replaces the stored one); other fields
 *   of the existing line are kept. A new line is appended with its quantity capped at its stock.
 *   Adding a quantity < 1, or a result below 1 (sold out), leaves the cart unchanged.
 * - `updateQuantity`: the quantity is floored, capped at the line's stock and kept at least 1;
 *   removing a line is always explicit (`removeLine`). A non-numeric quantity changes nothing.
 * - An orderId belongs to the content it was created for: any change of lines or redemption drops
 *   it (the payment flow creates a new order; see `payment-flow.ts`).
 * - Redeemed points never discount more than the subtotal: after a line change that lowers the
 *   subtotal below the redeemed amount, the redemption shrinks to the largest valid count
 *   (possibly 0), see `redemption.ts`.
 * - Totals are computed in whole cents. `bottles`: a product line counts its quantity, a bundle
 *   counts quantity × the sum of its wines' quantities (a bundle without wine data counts 1 per
 *   bundle, so a shipment is never 0 bottles). `freeShipping` is true when ANY line has
 *   `free_shipping` (a free-shipping bundle ships the whole order free, as the bundle page's
 *   "free shipping" claim promises).
 * - total = subtotal + shipping cost − redeemed points amount, never below 0.
 */
import { roundCents, toCents } from './money'
import { wholeCount } from './to-number'
import { orderPoints } from './points'
import { maxRedeemablePoints, redemptionAmount } from './redemption'
import type { CartLine, CartState } from './types'

export interface CartTotals {
  /** Sum of the line quantities. */
  itemsCount: number
  /** Sum of quantity × price, in EUR, rounded to cents. */
  subTotal: number
  bottles: number
  freeShipping: boolean
  orderPoints: number
  /** subTotal + shippingCost − redeemedPointsAmount, at least 0, rounded to cents. */
  total: number
}

function stockOf(line: Pick<CartLine, 'qty_available'>): number {
  return wholeCount(line.qty_available)
}

/** quantity × price of one line, in EUR rounded to cents. */
export function lineTotal(line: Pick<CartLine, 'quantity' | 'price'>): number {
  return toCents(wholeCount(line.quantity) * line.price) / 100
}

function subTotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + toCents(wholeCount(line.quantity) * line.price), 0)
}

/** Bottles shipped for one line (see the module comment for bundles). */
export function lineBottles(line: Pick<CartLine, 'quantity' | 'type' | 'wines'>): number {
  const quantity = wholeCount(line.quantity)
  if (line.type !== 'bundle') return quantity
  const perBundle = line.wines.reduce((sum, wine) => sum + wholeCount(wine.quantity), 0)
  return quantity * (perBundle > 0 ? perBundle : 1)
}

export function cartTotals(state: CartState): CartTotals {
  const { lines } = state
  const subCents = subTotalCents(lines)
  const totalCents = subCents + toCents(state.shippingCost) - toCents(state.redeemedPointsAmount)
  return {
    itemsCount: lines.reduce((sum, line) => sum + wholeCount(line.quantity), 0),
    subTotal: subCents / 100,
    bottles: lines.reduce((sum, line) => sum + lineBottles(line), 0),
    freeShipping: lines.some((line) => line.free_shipping),
    orderPoints: orderPoints(lines),
    total: roundCents(Math.max(0, totalCents) / 100),
  }
}

/** Quantity of the line with this id already in the cart (0 when absent). */
export function quantityInCart(state: CartState, id: string): number {
  const line = state.lines.find((l) => l.id === id)
  return line ? wholeCount(line.quantity) : 0
}

/**
 * The cart with new lines: its order is dropped and "the redeemed amount covers at most the
 * subtotal" is applied again.
 */
export function withLines(state: CartState, lines: CartLine[]): CartState {
  const next: CartState = { ...state, lines, orderId: null }
  const subTotal = subTotalCents(lines) / 100
  if (state.redeemedPoints <= 0 || state.redeemedPointsAmount <= subTotal) return next
  const redeemedPoints = maxRedeemablePoints(state.redeemedPoints, subTotal)
  return { ...next, redeemedPoints, redeemedPointsAmount: redemptionAmount(redeemedPoints) }
}

export function addLine(state: CartState, line: CartLine): CartState {
  const added = wholeCount(line.quantity)
  if (added < 1) return state
  const stock = stockOf(line)
  const existing = state.lines.find((l) => l.id === line.id)
  if (!existing) {
    const quantity = Math.min(added, stock)
    if (quantity < 1) return state
    return withLines(state, [...state.lines, { ...line, quantity }])
  }
  const quantity = Math.min(wholeCount(existing.quantity) + added, stock)
  if (quantity < 1) return state
  if (quantity === existing.quantity && existing.qty_available === line.qty_available) return state
  const lines = state.lines.map((l) =>
    l === existing
      ? { ...l, quantity, qty_available: line.qty_available, free_qty: line.free_qty }
      : l,
  )
  return withLines(state, lines)
}

export function updateQuantity(state: CartState, id: string, quantity: number): CartState {
  if (!Number.isFinite(quantity)) return state
  const line = state.lines.find((l) => l.id === id)
  if (!line) return state
  const next = Math.max(1, Math.min(Math.floor(quantity), stockOf(line)))
  if (next === line.quantity) return state
  return withLines(
    state,
    state.lines.map((l) => (l === line ? { ...l, quantity: next } : l)),
  )
}

export function removeLine(state: CartState, id: string): CartState {
  if (!state.lines.some((l) => l.id === id)) return state
  return withLines(
    state,
    state.lines.filter((l) => l.id !== id),
  )
}

/** Empty resets lines, orderId, redeemed points and shipping cost. */
export function emptyCart(state: CartState): CartState {
  return {
    ...state,
    orderId: null,
    lines: [],
    shippingCost: 0,
    redeemedPoints: 0,
    redeemedPointsAmount: 0,
  }
}

/**
 * Sets the points to redeem from the points input, clamped to the balance and the subtotal
 * ("the amount is clamped to the allowed maximum on change").
 */
export function redeemPoints(state: CartState, points: number, balance: number): CartState {
  const subTotal = subTotalCents(state.lines) / 100
  const max = maxRedeemablePoints(balance, subTotal)
  const wanted = wholeCount(points)
  const redeemedPoints = redemptionAmount(wanted) > 0 ? Math.min(wanted, max) : 0
  if (redeemedPoints === state.redeemedPoints) return state
  return {
    ...state,
    orderId: null,
    redeemedPoints,
    redeemedPointsAmount: redemptionAmount(redeemedPoints),
  }
}
