import { useId } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useTranslation } from 'react-i18next'
import { useSession, useSessionChecked } from '../../src/session/use-session'
import { InvoiceList } from '../../src/features/invoice-list/InvoiceList'
import { LoginPanel } from '../../src/features/login-panel/LoginPanel'
import styles from './Invoices.module.css'

/**
 * The invoice history on its own, under a "Your orders" heading. Invoices belong to a
 * logged-in user, so a logged-out visitor gets the shared login panel (with a line saying why),
 * and the list shows as soon as the login succeeds; while the page's current-user check is still
 * running, the loading status shows instead.
 */
export default function Invoices(_: WidgetComponentProps) {
  const { t } = useTranslation('invoices')
  const id = useId()
  const { isLoggedIn, user } = useSession()
  // Its account calls are made for the stored user: ask the server on this page.
  const checked = useSessionChecked({ fresh: true })

  if (!isLoggedIn || !user) {
    if (!checked) {
      return (
        <p className={styles.checking} role="status">
          {t('invoices.loading')}
        </p>
      )
    }
    return <LoginPanel heading={t('invoices.title')} subheading={t('invoices.loginSubheading')} />
  }
  return (
    <section className={styles.invoices} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('invoices.title')}
      </h2>
      <InvoiceList user={user} headingLevel={3} />
    </section>
  )
}
