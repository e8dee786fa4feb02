import { getBus } from '../bus/bus'
import { cartTotals } from '../domain/cart'
import type { CartState } from '../domain/types'

/** Every root hears the cart's new content (its count and subtotal), whoever changed it. */
export function announceCart(cart: CartState): void {
  const { itemsCount, subTotal } = cartTotals(cart)
  getBus().emit('cart:changed', { itemsCount, subTotal })
}
