import { isDeliveryValid } from '../../src/domain/validation'
import { useTranslation } from 'react-i18next'
import { useCartTotals } from '../../src/store/cart-actions'
import { useContacts } from '../../src/store/contacts-actions'
import { Money } from '../../src/ui/money/Money'
import styles from './Checkout.module.css'
import own from './ShippingBox.module.css'
import { Pair } from './Pair'
import { TitledSection } from './TitledSection'
import { useShippingQuote } from './use-shipping-quote'

/** Shipping box: destination and cost, once the delivery contact is valid. */
export function ShippingBox() {
  const { t } = useTranslation('checkout')
  const { status, retry } = useShippingQuote()
  const contacts = useContacts()
  const { cart } = useCartTotals()
  const { delivery } = contacts
  if (!isDeliveryValid(delivery)) return null
  return (
    <TitledSection
      className={styles.shipping}
      title={t('checkout.shippingTitle')}
      titleClassName={styles.boxTitle}
    >
      <dl className={styles.pairs}>
        <Pair term={t('checkout.shippingTo')}>
          {delivery.name}
          <br />
          {delivery.street}
          <br />
          {delivery.zip} {delivery.city}, {delivery.country}
        </Pair>
        <Pair term={t('checkout.shippingCost')}>
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
        </Pair>
      </dl>
    </TitledSection>
  )
}
