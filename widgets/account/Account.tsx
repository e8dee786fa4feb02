import { useState } from 'react'
import type { User } from '../../src/domain/types'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useTranslation } from 'react-i18next'
import { useSession, useSessionChecked } from '../../src/session/use-session'
import { InvoiceList } from '../../src/features/invoice-list/InvoiceList'
import { LoginPanel } from '../../src/features/login-panel/LoginPanel'
import {
  LogoutButton,
  useFocusAfterLogin,
  type AfterLoginProps,
} from '../../src/features/login-panel/after-login'
import { Tabs } from '../../src/ui/tabs/Tabs'
import styles from './Account.module.css'

type AccountTab = 'orders'

interface AccountPageProps extends AfterLoginProps {
  user: User
}

function AccountPage({ user, focus, logoutFrom }: AccountPageProps) {
  const { t } = useTranslation('account')
  const [tab, setTab] = useState<AccountTab>('orders')
  const greeting = useFocusAfterLogin<HTMLHeadingElement>(focus)

  return (
    <div className={styles.account}>
      <div className={styles.top}>
        <h2 ref={greeting} className={styles.greeting} tabIndex={-1}>
          {t('account.greeting', { name: user.name })}
        </h2>
        <LogoutButton
          from={logoutFrom}
          label={t('account.logout')}
          busyLabel={t('account.loggingOut')}
        />
      </div>
      <Tabs
        label={t('account.tabs')}
        tabs={[{ key: 'orders', label: t('account.orders') }]}
        selected={tab}
        onSelect={setTab}
      >
        <InvoiceList user={user} headingLevel={3} />
      </Tabs>
    </div>
  )
}

/**
 * The customer account page: greeting, logout and the "Orders" tab. Logged-out visitors
 * get the login panel; after a login there the account shows at once. While the page's
 * current-user check runs for a visitor the store does not know, a short status shows instead of
 * a login form that would vanish a moment later.
 */
export default function Account({ locale, element }: WidgetComponentProps) {
  const { t } = useTranslation('account')
  const { isLoggedIn, user } = useSession()
  // Its account calls are made for the stored user: ask the server on this page.
  const checked = useSessionChecked({ fresh: true })
  const [loggedInHere, setLoggedInHere] = useState(false)

  if (isLoggedIn && user) {
    return <AccountPage user={user} focus={loggedInHere} logoutFrom={{ locale, from: element }} />
  }
  if (!checked) {
    return (
      <p className={styles.checking} role="status">
        {t('account.checking')}
      </p>
    )
  }
  return (
    <div className={styles.login}>
      <LoginPanel
        heading={t('account.loginHeading')}
        subheading={t('account.loginSubheading')}
        onLoggedIn={() => setLoggedInHere(true)}
      />
    </div>
  )
}
