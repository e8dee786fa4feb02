import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js'
import { formatMoney } from '../../src/domain/money'
import { useLocale, useT } from '../../src/i18n/locale-context'
import { loadPayments } from '../../src/services/payments'
import { useCartTotals } from '../../src/store/cart-actions'
import { useContacts } from '../../src/store/contacts-actions'
import { PaymentError, pay, type PaidOrder } from './pay'
import styles from './Checkout.module.css'

export interface PaymentFormProps {
  onPaid: (order: PaidOrder) => void
}

/**
 * The payment tab (spec 2 and 4): the card provider (real Stripe.js or the demo fake, chosen by
 * the config in `loadPayments`) behind `@stripe/react-stripe-js` `<Elements>`/`<CardElement>`,
 * and the pay button. A provider that fails to load shows the processing error.
 */
export function PaymentForm({ onPaid }: PaymentFormProps) {
  const t = useT('payment')
  const locale = useLocale()
  const [stripe, setStripe] = useState<Stripe | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    loadPayments().then(
      (loaded) => {
        if (live) setStripe(loaded)
      },
      (error: unknown) => {
        console.error('[wine-widgets] The card payment provider failed to load', error)
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [])
  const options = useMemo(() => ({ locale }), [locale])
  if (failed) {
    return (
      <p role="alert" className={styles.alert}>
        {t('payment.errorProcessing')}
      </p>
    )
  }
  if (!stripe) return <p className={styles.hint}>{t('payment.loading')}</p>
  return (
    <Elements stripe={stripe} options={options}>
      <CardPayment onPaid={onPaid} />
    </Elements>
  )
}

function CardPayment({ onPaid }: PaymentFormProps) {
  const t = useT('payment')
  const locale = useLocale()
  const id = useId()
  const stripe = useStripe()
  const elements = useElements()
  const { totals } = useCartTotals()
  const { isValidShipping } = useContacts()
  const [complete, setComplete] = useState(false)
  const [cardError, setCardError] = useState<string | null>(null)
  const [processing, setProcessing] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The state update lands after a render; the ref closes the door at once (double click).
  const busy = useRef(false)
  const cardOptions = useMemo(() => ({ hidePostalCode: true, disabled: processing }), [processing])

  const ready = complete && isValidShipping && stripe !== null && elements !== null
  const submit = async () => {
    if (busy.current || !ready) return
    const card = elements.getElement(CardElement)
    if (!card) return
    busy.current = true
    setProcessing(true)
    setError(null)
    try {
      await pay({ stripe, card, locale, onPaid })
    } catch (failure) {
      setError(
        failure instanceof PaymentError
          ? failure.failure.kind === 'card'
            ? failure.failure.message
            : t(
                failure.failure.kind === 'order'
                  ? 'payment.errorOrder'
                  : failure.failure.kind === 'intent'
                    ? 'payment.errorIntent'
                    : 'payment.errorProcessing',
              )
          : t('payment.errorProcessing'),
      )
    } finally {
      busy.current = false
      setProcessing(false)
    }
  }

  return (
    <form
      className={styles.payment}
      aria-busy={processing}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <span id={`${id}-card`} className={styles.cardLabel}>
        {t('payment.card')}
      </span>
      <div role="group" aria-labelledby={`${id}-card`} className={styles.card}>
        <CardElement
          options={cardOptions}
          onChange={(event: StripeCardElementChangeEvent) => {
            setComplete(event.complete)
            setCardError(event.error?.message ?? null)
          }}
        />
      </div>
      {cardError && <p className={styles.error}>{cardError}</p>}
      {!isValidShipping && <p className={styles.hint}>{t('payment.needShipping')}</p>}
      <button type="submit" className={styles.pay} disabled={!ready || processing}>
        {processing
          ? t('payment.processing')
          : t('payment.pay', { amount: formatMoney(totals.total, locale) })}
      </button>
      <p role="alert" className={styles.alert} hidden={!error}>
        {error}
      </p>
    </form>
  )
}
