import { useEffect, useRef, useState } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useTranslation } from 'react-i18next'
import { useLogout, useSession } from '../../src/session/use-session'
import type { LogoutOptions } from '../../src/session/session'
import { LoginPanel } from '../../src/features/login-panel/LoginPanel'
import type { LoginProps } from './index'
import styles from './Login.module.css'

interface LoggedInProps {
  name: string
  /** Move focus to the message (after a login made here, so focus is not lost with the form). */
  focus: boolean
  logoutFrom: LogoutOptions
}

function LoggedIn({ name, focus, logoutFrom }: LoggedInProps) {
  const { t } = useTranslation('session')
  const { logout, busy } = useLogout(logoutFrom)
  const message = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    if (focus) message.current?.focus()
  }, [focus])

  return (
    <div className={styles.loggedIn}>
      <p ref={message} className={styles.message} tabIndex={-1}>
        {t('session.loggedInAs', { name })}
      </p>
      <button type="button" className={styles.logout} disabled={busy} onClick={logout}>
        {busy ? t('session.loggingOut') : t('session.logout')}
      </button>
    </div>
  )
}

/** The login page (`/{locale}/login`, `/fr/se-loguer`, `/nl/inloggen`). */
export default function Login({ locale, element }: WidgetComponentProps<LoginProps>) {
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
