/**
 * Card payments adapter (docs/protocols.md, "Card payments").
 *
 * `loadPayments(config)` resolves to a Stripe.js object: the one a test page registered in
 * `window.wineWidgetsServices.payments` (`../overrides`; the demo's fake lives in `mocks/`, never
 * in this build), else the real Stripe.js (`@stripe/stripe-js` `loadStripe` with the config's
 * publishable key, a lazy chunk, so a page without a cart never downloads it). The widget code
 * never knows which: it renders `<Elements stripe={…}>` and `<PaymentElement>` on whatever this
 * returns.
 *
 * The promise is shared by the page (Stripe asks for one instance); a rejection is not cached,
 * so a later attempt loads again. Callers go through `paymentsQueryOptions` (React Query decides
 * loading and failure), never track the load themselves.
 */
import { queryOptions } from '@tanstack/react-query'
import type { Stripe } from '@stripe/stripe-js'
import { readConfig, type WidgetsConfig } from '../../config/config'
import { serviceOverride } from '../overrides'
import { pageSlot } from '../../page/page-context'

const page = pageSlot<{ stripe: Promise<Stripe> | null }>(() => ({ stripe: null }))

export function loadPayments(config?: WidgetsConfig): Promise<Stripe> {
  const state = page.get()
  if (!state.stripe) {
    const override = serviceOverride('payments')
    const loading = override
      ? Promise.resolve().then(override)
      : import('./stripe').then((m) =>
          m.loadRealStripe((config ?? readConfig().config).stripe?.publishableKey),
        )
    state.stripe = loading
    loading.catch(() => {
      if (state.stripe === loading) state.stripe = null
    })
  }
  return state.stripe
}

/**
 * Stripe.js as a query of the page's QueryClient: one load at a time (a form and a resumed
 * payment asking together share it), kept for the page once loaded. No retry and no failure
 * kept: a failed load shows its message, and the next payment form (or resume) loads again.
 * The instance itself stays `loadPayments`' (one per page, also across a cleared query cache).
 */
export const paymentsQueryOptions = () =>
  queryOptions({
    queryKey: ['payments-service'],
    queryFn: () => loadPayments(),
    retry: false,
    // The form started this load while rendering; its observer must not start a second one.
    retryOnMount: false,
    staleTime: Infinity,
    gcTime: Infinity,
  })
