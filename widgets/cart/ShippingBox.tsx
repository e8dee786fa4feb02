import { useId } from 'react'
import { isDeliveryValid } from '../../src/domain/validation'
import { useTranslation } from 'react-i18next'
import { useCartTotals } from '../../src/store/cart-actions'
import { useContacts } from '../../src/store/contacts-actions'
import { Money } from '../../src/ui/money/Money'
import styles from './Checkout.module.css'
import own from './ShippingBox.module.css'
import { useShippingQuote } from './use-shipping-quote'

/** Shipping box (spec 2): destination and cost, once the delivery contact is valid. */
export function ShippingBox() {
  const { t } = useTranslation('checkout')
  const id = useId()
  const { status, retry } = useShippingQuote()
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
        <div>
          <dt>{t('checkout.shippingCost')}</dt>
          <dd>
            {status === 'failed' ? (
              // Neutral: the address is fine, the calculation is not available right now.
              <span className={own.unavailable}>
                <span role="status">{t('checkout.shippingUnavailable')}</span>
                <button type="button" className={own.retry} onClick={retry}>
                  {t('checkout.shippingRetry')}
                </button>
              </span>
            ) : status === 'pending' || !contacts.isValidShipping ? (
              t('checkout.shippingPending')
            ) : cart.shippingCost > 0 ? (
              <Money amount={cart.shippingCost} />
            ) : (
              t('checkout.shippingFree')
            )}
          </dd>
        </div>
      </dl>
    </section>
  )
}
