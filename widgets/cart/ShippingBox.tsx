import { useEffect, useId, useState } from 'react'
import { shippingContext } from '../../src/domain/checkout'
import { isDeliveryValid } from '../../src/domain/validation'
import { useT } from '../../src/i18n/locale-context'
import { quoteShipping } from '../../src/services/rules'
import { useCartTotals } from '../../src/store/cart-actions'
import { destinationKey, setShippingQuote, useContacts } from '../../src/store/contacts-actions'
import { Money } from '../../src/ui/money/Money'
import styles from './Checkout.module.css'

/**
 * Keeps the shipping fee of the delivery destination up to date (spec 5 and 7): asks the rules
 * service's shipping decision when zip (longer than 3 characters), city and country are set, and
 * again when the destination or the cart changes. A failure is only logged (spec 8); the fee then
 * stays unknown, never free.
 */
function useShippingQuote(): 'idle' | 'pending' | 'done' | 'failed' {
  const { delivery } = useContacts()
  const { totals } = useCartTotals()
  const context = shippingContext(delivery, totals)
  const key = context ? JSON.stringify(context) : null
  const destination = destinationKey(delivery)
  const [state, setState] = useState<{ key: string | null; status: 'done' | 'failed' } | null>(null)
  useEffect(() => {
    // No quote without a destination; `updateContact` already dropped `isValidShipping` when
    // the destination changed.
    if (!key) return
    const controller = new AbortController()
    quoteShipping(JSON.parse(key), { signal: controller.signal }).then(
      (cost) => {
        setShippingQuote(cost, destination)
        setState({ key, status: 'done' })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error('[wine-widgets] Shipping calculation failed', error)
        setShippingQuote(null, destination)
        setState({ key, status: 'failed' })
      },
    )
    return () => controller.abort()
  }, [key, destination])
  if (!key) return 'idle'
  return state?.key === key ? state.status : 'pending'
}

/** Shipping box (spec 2): destination and cost, once the delivery contact is valid. */
export function ShippingBox() {
  const t = useT('checkout')
  const id = useId()
  const status = useShippingQuote()
  const contacts = useContacts()
  const { cart } = useCartTotals()
  const { delivery } = contacts
  if (!isDeliveryValid(delivery)) return null
  return (
    <section className={styles.shipping} aria-labelledby={`${id}-shipping`}>
      <h3 id={`${id}-shipping`} className={styles.boxTitle}>
        {t('checkout.shippingTitle')}
      </h3>
      <dl className={styles.pairs}>
        <div>
          <dt>{t('checkout.shippingTo')}</dt>
          <dd>
            {delivery.name}
            <br />
            {delivery.street}
            <br />
            {delivery.zip} {delivery.city}, {delivery.country}
          </dd>
        </div>
        {status !== 'failed' && (
          <div>
            <dt>{t('checkout.shippingCost')}</dt>
            <dd>
              {status === 'pending' || !contacts.isValidShipping ? (
                t('checkout.shippingPending')
              ) : cart.shippingCost > 0 ? (
                <Money amount={cart.shippingCost} />
              ) : (
                t('checkout.shippingFree')
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  )
}
