/**
 * Card payments adapter (spec 7 "Card payment provider"; PROTOCOLS.md "Card payments").
 *
 * `loadPayments(config)` resolves to a Stripe.js object: the real one (`@stripe/stripe-js`
 * `loadStripe` with the config's publishable key) in production, or the demo fake (`./fake`, same
 * interface as far as `@stripe/react-stripe-js` and our payment flow use it) when the config's
 * `demo` flag is set. Both are lazy chunks, so a page without a cart never downloads either. The
 * widget code never branches on the demo flag: it renders `<Elements stripe={…}>` and
 * `<CardElement>` on whatever this returns.
 *
 * The promise is shared by the page (Stripe asks for one instance); a rejection is not cached,
 * so a later attempt loads again.
 */
import type { Stripe } from '@stripe/stripe-js'
import { readConfig, type WidgetsConfig } from '../../config/config'

let shared: Promise<Stripe> | null = null

export function loadPayments(config: WidgetsConfig = readConfig().config): Promise<Stripe> {
  if (!shared) {
    const loading = config.demo
      ? import('./fake').then((m) => m.createFakeStripe())
      : import('./stripe').then((m) => m.loadRealStripe(config.stripe?.publishableKey))
    shared = loading
    loading.catch(() => {
      if (shared === loading) shared = null
    })
  }
  return shared
}

/** Test hook: forget the loaded provider. */
export function resetPaymentsForTests(): void {
  shared = null
}
