import { useEffect, useId, useRef } from 'react'
import { useLocale, useT } from '../../src/i18n/locale-context'
import { homePath } from '../../src/session/routes'
import type { PaidOrder } from './pay'
import styles from './Checkout.module.css'

/** Thank-you screen after a successful payment (spec 2), with a link to the home page. */
export function ThankYou({ order }: { order: PaidOrder }) {
  const t = useT('checkout')
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
      <a href={homePath(locale)}>{t('checkout.thanksHome')}</a>
    </section>
  )
}
