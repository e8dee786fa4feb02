/**
 * How far a cart is from free delivery in Belgium (the shop's rule: from
 * `FREE_DELIVERY_BELGIUM_FROM` EUR of products, or always when a line ships free, see
 * `cartTotals`). In whole cents like the cart's totals, so 150 − 126.50 is 23.50, never 23.499….
 */
import type { CartTotals } from './cart'
import { FREE_DELIVERY_BELGIUM_FROM } from './cart-page'
import { toCents } from './money'

export type FreeDelivery =
  /** An empty cart: the offer itself. */
  | { kind: 'offer'; from: number }
  /** Products in the cart, below the threshold: what is left to add, in EUR. */
  | { kind: 'remaining'; amount: number }
  /** At or above the threshold, or a line that ships the whole order free. */
  | { kind: 'reached' }

/** EUR left to reach free delivery from a products subtotal (0 once reached). */
export function freeDeliveryRemaining(subTotal: number): number {
  return Math.max(0, toCents(FREE_DELIVERY_BELGIUM_FROM) - toCents(subTotal)) / 100
}

/** What the free-delivery banner says for a cart's totals. */
export function freeDelivery(
  totals: Pick<CartTotals, 'itemsCount' | 'subTotal' | 'freeShipping'>,
): FreeDelivery {
  if (totals.freeShipping) return { kind: 'reached' }
  if (totals.itemsCount === 0) return { kind: 'offer', from: FREE_DELIVERY_BELGIUM_FROM }
  const amount = freeDeliveryRemaining(totals.subTotal)
  return amount > 0 ? { kind: 'remaining', amount } : { kind: 'reached' }
}
