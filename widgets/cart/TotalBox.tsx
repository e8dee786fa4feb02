import type { CartTotals } from '../../src/domain/cart'
import type { CartState } from '../../src/domain/types'
import { useTranslation } from 'react-i18next'
import { useStore } from '../../src/store/shared-store'
import type { StoreState } from '../../src/store/state'
import { Money } from '../../src/ui/money/Money'
import cartStyles from './Cart.module.css'
import styles from './TotalBox.module.css'
import { Pair } from './Pair'
import { CartBox } from './TitledSection'

const selectValidShipping = (state: StoreState) => state.contacts.isValidShipping

/**
 * Subtotal, shipping, redeemed droplets and total (total = subtotal + shipping − redeemed
 * amount). The shipping cost is shown once the shipping contact is valid; before that a
 * placeholder says when it will be known.
 */
export function TotalBox({ cart, totals }: { cart: CartState; totals: CartTotals }) {
  const { t } = useTranslation('cart')
  const shippingKnown = useStore(selectValidShipping)
  return (
    <CartBox title={t('cart.summary')}>
      <dl className={styles.totals}>
        <Pair term={t('cart.subtotal')}>
          <Money amount={totals.subTotal} />
        </Pair>
        <Pair term={t('cart.shipping')}>
          {!shippingKnown ? (
            <span className={cartStyles.muted}>{t('cart.shippingLater')}</span>
          ) : cart.shippingCost > 0 ? (
            <Money amount={cart.shippingCost} />
          ) : (
            t('cart.shippingFree')
          )}
        </Pair>
        {cart.redeemedPointsAmount > 0 && (
          <Pair term={t('cart.redeemed')}>
            <Money amount={cart.redeemedPointsAmount} negative />
          </Pair>
        )}
        <Pair term={t('cart.total')} className={styles.grandTotal}>
          <Money amount={totals.total} />
          <span className={styles.vat}>{t('cart.vatIncluded')}</span>
        </Pair>
      </dl>
    </CartBox>
  )
}
