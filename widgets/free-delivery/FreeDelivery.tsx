import { useTranslation } from 'react-i18next'
import type { WidgetComponentProps } from '../../src/props/schema'
import { freeDelivery } from '../../src/domain/free-delivery'
import { formatMoney } from '../../src/domain/money'
import { useCartTotals } from '../../src/store/cart-actions'
import styles from './FreeDelivery.module.css'

/**
 * One line on free delivery in Belgium that follows the cart: the offer, what is left to add,
 * or that the order qualifies. React like the minicart: the cart store is React's (its hook and
 * its chunk), so a DOM-drawn banner would load React all the same. A polite live region, so a
 * screen reader hears the new line after an add to cart without losing its place.
 */
export default function FreeDelivery({ locale }: WidgetComponentProps) {
  const { t } = useTranslation('freeDelivery')
  const { totals } = useCartTotals()
  const state = freeDelivery(totals)
  const text =
    state.kind === 'offer'
      ? t('freeDelivery.offer', { amount: formatMoney(state.from, locale) })
      : state.kind === 'remaining'
        ? t('freeDelivery.remaining', { amount: formatMoney(state.amount, locale) })
        : t('freeDelivery.reached')
  return (
    <p role="status" className={styles.banner} data-state={state.kind}>
      {text}
    </p>
  )
}
