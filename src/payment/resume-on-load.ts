import type { PaymentIntent, Stripe, StripeError } from '@stripe/stripe-js'
import { getPageQueryClient } from '../api/query-client'
import { paymentsQueryOptions } from '../services/payments'
import { getStore, prepareStore } from '../store/shared-store'
import { recordOfReturn } from './cross-tab'
import type { PaymentProvider, ProviderResult } from './provider'
import { returnParams } from './redirect-return'
import { getPaymentController } from './shared-controller'

function result(answer: { paymentIntent?: PaymentIntent; error?: StripeError }): ProviderResult {
  if (answer.error) return { error: answer.error }
  if (answer.paymentIntent) return { paymentIntent: answer.paymentIntent }
  return { error: { type: 'api_error', message: 'The provider answered nothing' } }
}

/**
 * Stripe.js for reading an intent only (no payment form on this page): what a bank return into
 * a tab without its progress needs. Confirming is the Pay button's job, never a page load's.
 */
export function readingProvider(stripe: Stripe, method: string): PaymentProvider {
  return {
    method: () => method,
    submit: () => Promise.resolve({ type: 'validation_error' as const }),
    confirm: () => Promise.reject(new Error('A page load never confirms a payment')),
    retrieve: async (clientSecret) => result(await stripe.retrievePaymentIntent(clientSecret)),
    handleNextAction: async (clientSecret) =>
      result(await stripe.handleNextAction({ clientSecret })),
  }
}

/**
 * On the next page load, in any tab: a charged order that did not finish (a failure, a closed
 * tab) finishes, and a bank redirect that came back into a tab without its progress (a new tab,
 * a cleared session) is read from the provider and continued. A tab that has the progress of
 * that return leaves it to the cart widget, which holds the payment form.
 */
export async function resumeOnLoad(): Promise<void> {
  // The entry starts this after the page services, which read the store back; awaiting it here
  // (already settled then) keeps the module safe to call on its own.
  await prepareStore()
  const controller = getPaymentController()
  const back = returnParams()
  const own = getStore().getState().payment
  const record = back ? recordOfReturn(back.secret) : undefined
  if (!back || !record || own?.intent?.secret === back.secret) return controller.resume()
  const stripe = await getPageQueryClient().query(paymentsQueryOptions())
  return controller.resume(readingProvider(stripe, record.method ?? ''))
}
