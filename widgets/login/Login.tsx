import { useState } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../src/session/use-session'
import { LoginPanel } from '../../src/features/login-panel/LoginPanel'
import {
  LogoutButton,
  useFocusAfterLogin,
  type AfterLoginProps,
} from '../../src/features/login-panel/after-login'
import styles from './Login.module.css'

interface LoggedInProps extends AfterLoginProps {
  name: string
}

function LoggedIn({ name, focus, logoutFrom }: LoggedInProps) {
  const { t } = useTranslation('session')
  const message = useFocusAfterLogin<HTMLParagraphElement>(focus)

  return (
    <div className={styles.loggedIn}>
      <p ref={message} className={styles.message} tabIndex={-1}>
        {t('session.loggedInAs', { name })}
      </p>
      <LogoutButton
        from={logoutFrom}
        className={styles.logout}
        label={t('session.logout')}
        busyLabel={t('session.loggingOut')}
      />
    </div>
  )
}

/** The login page (`/{locale}/login`, `/fr/se-loguer`, `/nl/inloggen`). */
export default function Login({ locale, element }: WidgetComponentProps) {
  const { isLoggedIn, user } = useSession()
  const [loggedInHere, setLoggedInHere] = useState(false)

  if (isLoggedIn && user) {
    return <LoggedIn name={user.name} focus={loggedInHere} logoutFrom={{ locale, from: element }} />
  }
  return (
    <div className={styles.login}>
      <LoginPanel onLoggedIn={() => setLoggedInHere(true)} />
    </div>
  )
}
