import { useId } from 'react'
import type { CartTotals } from '../../src/domain/cart'
import type { CartState } from '../../src/domain/types'
import { useTranslation } from 'react-i18next'
import { useStore } from '../../src/store/shared-store'
import type { StoreState } from '../../src/store/state'
import { Money } from '../../src/ui/money/Money'
import styles from './Cart.module.css'

const selectValidShipping = (state: StoreState) => state.contacts.isValidShipping

/**
 * Subtotal, shipping, redeemed droplets and total (spec 9: total = subtotal + shipping − redeemed
 * amount). The shipping cost is shown once the shipping contact is valid (spec 2); before that a
 * placeholder says when it will be known.
 */
export function TotalBox({ cart, totals }: { cart: CartState; totals: CartTotals }) {
  const { t } = useTranslation('cart')
  const id = useId()
  const shippingKnown = useStore(selectValidShipping)
  return (
    <section className={styles.box} aria-labelledby={`${id}-summary`}>
      <h3 id={`${id}-summary`} className={styles.boxTitle}>
        {t('cart.summary')}
      </h3>
      <dl className={styles.totals}>
        <div>
          <dt>{t('cart.subtotal')}</dt>
          <dd>
            <Money amount={totals.subTotal} />
          </dd>
        </div>
        <div>
          <dt>{t('cart.shipping')}</dt>
          <dd>
            {!shippingKnown ? (
              <span className={styles.muted}>{t('cart.shippingLater')}</span>
            ) : cart.shippingCost > 0 ? (
              <Money amount={cart.shippingCost} />
            ) : (
              t('cart.shippingFree')
            )}
          </dd>
        </div>
        {cart.redeemedPointsAmount > 0 && (
          <div>
            <dt>{t('cart.redeemed')}</dt>
            <dd>
              <Money amount={cart.redeemedPointsAmount} negative />
            </dd>
          </div>
        )}
        <div className={styles.grandTotal}>
          <dt>{t('cart.total')}</dt>
          <dd>
            <Money amount={totals.total} />
            <span className={styles.vat}>{t('cart.vatIncluded')}</span>
          </dd>
        </div>
      </dl>
    </section>
  )
}
