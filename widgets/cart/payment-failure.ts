import { useTranslation } from 'react-i18next'
import type { PaymentFailure } from '../../src/payment/payment-controller'

/*
 * The payment's failure texts, apart from the payment form so the cart's notice and its resume
 * on load can use them without loading Stripe's form (the checkout is its own chunk).
 */
const FAILURE_TEXT = {
  order: 'payment.errorOrder',
  intent: 'payment.errorIntent',
  processing: 'payment.errorProcessing',
  'not-completed': 'payment.notCompleted',
  'already-paid': 'payment.alreadyPaid',
  'cart-changed': 'payment.cartChanged',
  'sold-out': 'payment.soldOut',
} as const

/**
 * Failures told above the cart's lines, in the notice that names what changed
 * (`CatalogueNotice`, which takes the focus), or above the page: not next to the Pay button.
 */
export const toldElsewhere = (failure: PaymentFailure): boolean =>
  failure.kind === 'already-paid' || failure.kind === 'cart-changed' || failure.kind === 'sold-out'

/** Our message for a failure before the charge; the provider's own for card errors. */
export function useFailureText(): (failure: PaymentFailure) => string {
  const { t } = useTranslation('payment')
  return (failure) => (failure.kind === 'card' ? failure.message : t(FAILURE_TEXT[failure.kind]))
}

export const PROVIDER_FAILED = 'The card payment provider failed to load'
