import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js'
import { paymentAmount } from '../../src/domain/checkout'
import { formatMoney } from '../../src/domain/money'
import { useLocale } from '../../src/i18n/locale-context'
import { useTranslation } from 'react-i18next'
import type { PayCheck, PaymentProvider } from '../../src/payment/payment-controller'
import { getPaymentController } from '../../src/payment/shared-controller'
import { usePaymentProgress, usePaymentStatus } from '../../src/payment/use-payment'
import { paymentsQueryOptions } from '../../src/services/payments'
import { useCartTotals } from '../../src/store/cart-actions'
import { confirmAge, useContacts } from '../../src/store/contacts-actions'
import { cartReturnUrl, stripeProvider } from './stripe-provider'
import { checkCart } from './catalogue-check'
import styles from './Checkout.module.css'
import { reportError } from '../../src/report/report'
import { PROVIDER_FAILED, toldElsewhere, useFailureText } from './payment-failure'

/**
 * Starts the provider's query and gives `<Elements>` its promise. Never rejects (react-stripe-js
 * would leave a rejection unhandled): a failure is reported here and shown from the query.
 */
function loadProvider(client: QueryClient): Promise<Stripe | null> {
  return client.query(paymentsQueryOptions()).catch((error: unknown) => {
    reportError({ widget: 'cart', area: 'checkout', message: PROVIDER_FAILED, error })
    return null
  })
}

/**
 * The payment tab on Stripe's Payment Element: card first, Bancontact, and the
 * wallets the browser offers (real Stripe.js, or the fake a test page registers). The loading
 * promise goes straight to `<Elements>` (Stripe's way: the form renders while Stripe.js loads);
 * the same load is a React Query query (`paymentsQueryOptions`) that says whether it failed.
 * The amount follows the cart. An order the droplets
 * cover entirely (€0.00) is confirmed without any payment form.
 */
export function PaymentForm() {
  const { t } = useTranslation('payment')
  const locale = useLocale()
  const { totals } = useCartTotals()
  const amount = paymentAmount(totals.total)
  const client = useQueryClient()
  const [stripe] = useState(() => loadProvider(client))
  const provider = useQuery(paymentsQueryOptions())
  const options = useMemo<StripeElementsOptions>(
    () => ({
      mode: 'payment',
      amount,
      currency: 'eur',
      locale,
      allowedPaymentMethodTypes: ['card', 'bancontact'],
    }),
    [amount, locale],
  )
  if (amount === 0) return <FreeOrder />
  if (provider.isError) {
    return (
      <p role="alert" className={styles.alert}>
        {t('payment.errorProcessing')}
      </p>
    )
  }
  return (
    <Elements stripe={stripe} options={options}>
      <ElementPayment />
    </Elements>
  )
}

/**
 * The buyer's age confirmation, required before Pay (the payment tab is valid only with it): a
 * real checkbox, remembered with the contacts. Its rule shows once the box was left unchecked,
 * as the contact fields' rules show once a field was left.
 */
function AgeConfirmation({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('payment')
  const { ageConfirmed } = useContacts()
  const id = useId()
  const [left, setLeft] = useState(false)
  const invalid = left && !ageConfirmed
  return (
    <div className={styles.age}>
      <input
        id={id}
        type="checkbox"
        required
        checked={ageConfirmed}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => confirmAge(event.target.checked)}
        onBlur={() => setLeft(true)}
      />
      <label htmlFor={id}>{t('payment.ageConfirm')}</label>
      {invalid && (
        <p id={`${id}-error`} className={styles.error}>
          {t('payment.ageRequired')}
        </p>
      )}
    </div>
  )
}

/** Pay button, progress and the message of the last failure, shared by both forms. */
function PayControls({
  ready,
  label,
  onPay,
}: {
  ready: boolean
  label: string
  onPay: () => void
}) {
  const { t } = useTranslation('payment')
  const status = usePaymentStatus()
  const failureText = useFailureText()
  const { isValidShipping, ageConfirmed } = useContacts()
  const busy = status.state === 'paying' || status.state === 'checking'
  const failure = status.state === 'idle' ? status.failure : null
  const alert = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (failure && !toldElsewhere(failure)) alert.current?.focus()
  }, [failure])
  return (
    <>
      {!isValidShipping && <p className={styles.hint}>{t('payment.needShipping')}</p>}
      <AgeConfirmation disabled={busy} />
      {status.state === 'checking' && (
        <p role="status" className={styles.hint}>
          {t('payment.checking')}
        </p>
      )}
      <button
        type="button"
        className={styles.pay}
        disabled={!ready || !isValidShipping || !ageConfirmed || busy}
        onClick={onPay}
      >
        {busy ? t('payment.processing') : label}
      </button>
      <p
        ref={alert}
        tabIndex={-1}
        role="alert"
        className={styles.alert}
        hidden={!failure || toldElsewhere(failure)}
      >
        {failure && !toldElsewhere(failure) ? failureText(failure) : ''}
      </p>
    </>
  )
}

function ElementPayment() {
  const { t } = useTranslation('payment')
  const locale = useLocale()
  const check = usePayCheck()
  const stripe = useStripe()
  const elements = useElements()
  const { totals } = useCartTotals()
  const status = usePaymentStatus()
  const progress = usePaymentProgress()
  const [complete, setComplete] = useState(false)
  const method = useRef('card')
  const busy = status.state === 'paying' || status.state === 'checking'
  const locked = busy || progress?.phase === 'confirming'
  const elementOptions = useMemo(() => ({ layout: 'tabs' as const, readOnly: locked }), [locked])
  const ready = complete && stripe !== null && elements !== null
  return (
    <form
      className={styles.payment}
      aria-busy={busy}
      aria-label={t('payment.formLabel')}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className={styles.card}>
        <PaymentElement
          options={elementOptions}
          onChange={(event) => {
            setComplete(event.complete)
            method.current = event.value.type
          }}
        />
      </div>
      <PayControls
        ready={ready}
        label={t('payment.pay', { amount: formatMoney(totals.total, locale) })}
        onPay={() => {
          if (!stripe || !elements) return
          const provider = stripeProvider(stripe, elements, () => method.current, cartReturnUrl())
          void getPaymentController().pay(provider, locale, check)
        }}
      />
    </form>
  )
}

/** Pay's catalogue check: the cart's lines read again just before the order is created. */
function usePayCheck(): PayCheck {
  const client = useQueryClient()
  const locale = useLocale()
  return async () => {
    const verdict = await checkCart(client, locale, 'pay')
    return verdict === 'changed' ? 'cart-changed' : verdict
  }
}

/** Nothing is charged: the provider is never asked. */
const NO_PROVIDER: PaymentProvider = {
  method: () => 'none',
  submit: () => Promise.resolve(null),
  confirm: () => Promise.reject(new Error('A zero-euro order is never confirmed with a provider')),
  retrieve: () => Promise.reject(new Error('A zero-euro order has no payment intent')),
  handleNextAction: () => Promise.reject(new Error('A zero-euro order has no payment intent')),
}

function FreeOrder() {
  const { t } = useTranslation('payment')
  const locale = useLocale()
  const check = usePayCheck()
  return (
    <form className={styles.payment} onSubmit={(event) => event.preventDefault()}>
      <p className={styles.hint}>{t('payment.free')}</p>
      <PayControls
        ready
        label={t('payment.confirmFree')}
        onPay={() => void getPaymentController().pay(NO_PROVIDER, locale, check)}
      />
    </form>
  )
}
