import { useEffect, useId, useRef, useState } from 'react'
import type { User } from '../../domain/types'
import { useTranslation } from 'react-i18next'
import { ForgotPasswordForm } from './ForgotPasswordForm'
import type { PanelViewProps } from './FormParts'
import { LoginForm } from './LoginForm'
import { SignUpForm } from './SignUpForm'
import styles from './LoginPanel.module.css'

export type LoginPanelView = 'login' | 'forgot' | 'signup'

export interface LoginPanelProps {
  /** Called after a successful login or a sign-up that logged the new user in. */
  onLoggedIn?: (user: User) => void
  /** A heading above the panel (text from the caller's own namespace). */
  heading?: string
  /** A line under the heading, e.g. the cart's "Login or Sign Up to confirm your order". */
  subheading?: string
  /**
   * Level of the panel's top heading; the view titles sit one level below when a heading is given.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4
  /** @default 'login' */
  initialView?: LoginPanelView
}

const TITLES: Record<LoginPanelView, string> = {
  login: 'login.title',
  forgot: 'login.forgotTitle',
  signup: 'login.signUpTitle',
}

/**
 * The shared login panel: login, forgot-password and create-account
 * views. The email typed in one view follows to the others. When the view changes, focus moves to
 * the new view's first field (never on first render: the panel may sit in the middle of a page).
 */
export function LoginPanel({
  onLoggedIn,
  heading,
  subheading,
  headingLevel = 2,
  initialView = 'login',
}: LoginPanelProps) {
  const { t } = useTranslation('login')
  const id = useId()
  const [view, setView] = useState<LoginPanelView>(initialView)
  const [email, setEmail] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const body = useRef<HTMLDivElement>(null)
  const switched = useRef(false)

  useEffect(() => {
    if (!switched.current) return
    switched.current = false
    body.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus()
  }, [view])

  const show = (next: LoginPanelView, message: string | null = null) => {
    switched.current = true
    setNotice(message)
    setView(next)
  }

  const Heading = `h${headingLevel}` as const
  const Title = heading ? (`h${headingLevel + 1}` as 'h3' | 'h4' | 'h5') : Heading
  const titleId = `${id}-title`
  const viewProps: PanelViewProps = { titleId, email, onEmailChange: setEmail }

  return (
    <section className={styles.panel} aria-labelledby={heading ? `${id}-heading` : titleId}>
      {heading && (
        <Heading id={`${id}-heading`} className={styles.heading}>
          {heading}
        </Heading>
      )}
      {subheading && <p className={styles.subheading}>{subheading}</p>}
      <div ref={body}>
        <Title id={titleId} className={styles.title}>
          {t(TITLES[view])}
        </Title>
        {view === 'login' && (
          <LoginForm
            {...viewProps}
            notice={notice}
            onLoggedIn={onLoggedIn}
            onForgotPassword={() => show('forgot')}
            onSignUp={() => show('signup')}
          />
        )}
        {view === 'forgot' && <ForgotPasswordForm {...viewProps} onBack={() => show('login')} />}
        {view === 'signup' && (
          <SignUpForm
            {...viewProps}
            onLoggedIn={onLoggedIn}
            onCreatedLoggedOut={(address) => {
              setEmail(address)
              show('login', t('login.created'))
            }}
            onBack={() => show('login')}
          />
        )}
      </div>
    </section>
  )
}
