import { useId } from 'react'
import { formatMoney } from '../../src/domain/money'
import { FREE_DELIVERY_BELGIUM_FROM } from '../../src/domain/cart-page'
import { useLocale, useT } from '../../src/i18n/locale-context'
import styles from './Cart.module.css'

/** Three shop claims under the cart (spec 2): free delivery from 150 EUR, money back, droplets. */
export function CommercialStrip() {
  const t = useT('cart')
  const locale = useLocale()
  const id = useId()
  return (
    <section className={styles.strip} aria-labelledby={`${id}-claims`}>
      <h3 id={`${id}-claims`} className={styles.visuallyHidden}>
        {t('cart.claims')}
      </h3>
      <ul>
        <li>
          <span aria-hidden="true" className={styles.claimIcon}>
            🚚
          </span>
          {t('cart.claimDelivery', { amount: formatMoney(FREE_DELIVERY_BELGIUM_FROM, locale) })}
        </li>
        <li>
          <span aria-hidden="true" className={styles.claimIcon}>
            ↺
          </span>
          {t('cart.claimMoneyBack')}
        </li>
        <li>
          <span aria-hidden="true" className={styles.claimIcon}>
            💧
          </span>
          {t('cart.claimDroplets')}
        </li>
      </ul>
    </section>
  )
}
