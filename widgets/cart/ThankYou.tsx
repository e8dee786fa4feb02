import { useEffect, useId, useRef } from 'react'
import { formatMoney } from '../../src/domain/money'
import { useLocale } from '../../src/i18n/locale-context'
import { useTranslation } from 'react-i18next'
import type { PaidOrder } from '../../src/payment/payment-controller'
import { homePath } from '../../src/session/routes'
import styles from './Checkout.module.css'

/**
 * Thank-you screen once the order is confirmed, with a recap of what was paid (order
 * number, total, droplets earned) and a link to the home page.
 */
export function ThankYou({ order }: { order: PaidOrder }) {
  const { t } = useTranslation('checkout')
  const locale = useLocale()
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className={styles.thanks} aria-labelledby={`${id}-thanks`}>
      <h2 id={`${id}-thanks`} ref={heading} tabIndex={-1}>
        {t('checkout.thanksTitle')}
      </h2>
      <p>{t('checkout.thanksText', { orderId: order.orderId })}</p>
      <ul className={styles.recap}>
        <li>{t('checkout.thanksTotal', { amount: formatMoney(order.total, locale) })}</li>
        {order.orderPoints > 0 && (
          <li>{t('checkout.thanksDroplets', { count: order.orderPoints })}</li>
        )}
      </ul>
      <a href={homePath(locale)}>{t('checkout.thanksHome')}</a>
    </section>
  )
}
