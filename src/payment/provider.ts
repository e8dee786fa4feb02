/**
 * The card provider as the payment flow needs it: what it answers about an intent, and the calls
 * the flow makes. `widgets/cart/stripe-provider.ts` adapts Stripe.js and its Payment Element to
 * it; `resume-on-load.ts` has a reading-only one for a bank return.
 */
import type { Contact } from '../domain/types'

/** What the provider tells about an intent. */
export interface ProviderIntent {
  status: string
  last_payment_error?: { message?: string } | null
}

export interface ProviderError {
  type: string
  code?: string
  message?: string
}

export type ProviderResult =
  | { paymentIntent: ProviderIntent; error?: undefined }
  | { error: ProviderError; paymentIntent?: undefined }

export interface PaymentProvider {
  /** The payment method chosen in the form (`card`, `bancontact`…). */
  method(): string
  /** Validates the form (Stripe: `elements.submit()`); an error stops the payment. */
  submit(): Promise<ProviderError | null>
  confirm(args: { clientSecret: string; billing: Contact }): Promise<ProviderResult>
  retrieve(clientSecret: string): Promise<ProviderResult>
  handleNextAction(clientSecret: string): Promise<ProviderResult>
}

/** Redirect-based methods leave the page; the others finish in place (3-D Secure included). */
const STAYS_ON_PAGE = new Set(['card'])

export const staysOnPage = (method: string | null): boolean => STAYS_ON_PAGE.has(method ?? '')
