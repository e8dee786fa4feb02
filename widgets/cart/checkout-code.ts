import { lazyCode } from '../../src/ui/lazy-code/lazy-code'

// The checkout (Stripe's form among it) and the redemption are for a logged-in shopper with
// lines: an empty or logged-out cart page does not load, parse or run them before its lines.
const checkoutCode = lazyCode(() => import('./checkout-parts'))

export const Checkout = checkoutCode.part((code) => code.Checkout)
export const Redemption = checkoutCode.part((code) => code.Redemption)
export const checkoutLoaded = checkoutCode.loaded
/** Loads the checkout's code (one chunk); resolves when it is there. */
export const loadCheckout = checkoutCode.preload
/** Starts loading it early; a failure is tried again (and reported) when it renders. */
export const preloadCheckout = () => void checkoutCode.preload().catch(() => {})
