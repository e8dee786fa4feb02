import type { PaymentIntent, Stripe, StripeElements, StripeError } from '@stripe/stripe-js'
import type { Contact } from '../../src/domain/types'
import type { PaymentProvider, ProviderResult } from '../../src/payment/payment-controller'

type StripeAnswer = { paymentIntent?: PaymentIntent; error?: StripeError }

function result(answer: StripeAnswer): ProviderResult {
  if (answer.error) return { error: answer.error }
  if (answer.paymentIntent) return { paymentIntent: answer.paymentIntent }
  return { error: { type: 'api_error', message: 'The provider answered nothing' } }
}

const billingDetails = (c: Contact) => ({
  name: c.name,
  email: c.email,
  phone: c.phone,
  address: { line1: c.street, postal_code: c.zip, city: c.city, country: c.country_code },
})

/**
 * Stripe.js and its Payment Element as the payment flow's provider. `elements` is null when only
 * reading or resuming an intent (a page load after a reload or a bank redirect). Redirect-based
 * methods (Bancontact) come back to `returnUrl`, the localized cart page.
 */
export function stripeProvider(
  stripe: Stripe,
  elements: StripeElements | null,
  method: () => string,
  returnUrl: string,
): PaymentProvider {
  return {
    method,
    async submit() {
      if (!elements) return { type: 'validation_error' }
      const { error } = await elements.submit()
      return error ?? null
    },
    async confirm({ clientSecret, billing }) {
      if (!elements) throw new Error('The payment form is not ready')
      return result(
        await stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: {
            return_url: returnUrl,
            payment_method_data: { billing_details: billingDetails(billing) },
          },
          redirect: 'if_required',
        }),
      )
    },
    async retrieve(clientSecret) {
      return result(await stripe.retrievePaymentIntent(clientSecret))
    },
    async handleNextAction(clientSecret) {
      return result(await stripe.handleNextAction({ clientSecret }))
    },
  }
}

/** The page the bank sends the shopper back to: this cart page, without query or hash. */
export function cartReturnUrl(): string {
  return `${window.location.origin}${window.location.pathname}`
}
