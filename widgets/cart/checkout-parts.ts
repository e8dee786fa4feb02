/**
 * What the cart shows only to a logged-in shopper with lines: the checkout tabs (contacts, VAT,
 * Stripe's payment form) and the droplets redemption. One chunk, loaded by `Cart` when that
 * state is reached or when the browser is idle after the lines are drawn.
 */
export { Checkout } from './Checkout'
export { Redemption } from './Redemption'
