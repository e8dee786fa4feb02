import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { MissingConfigError } from '../../config/config'

/** The real Stripe.js, loaded from js.stripe.com with the page's publishable key. */
export async function loadRealStripe(publishableKey: string | undefined): Promise<Stripe> {
  if (!publishableKey) throw new MissingConfigError('stripe')
  const stripe = await loadStripe(publishableKey)
  // loadStripe resolves to null only where there is no window (server rendering).
  if (!stripe) throw new Error('Stripe.js is not available in this environment')
  return stripe
}
