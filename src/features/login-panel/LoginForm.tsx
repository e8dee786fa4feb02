import { useId, useState, type SubmitEvent } from 'react'
import type { User } from '../../domain/types'
import { canLogin } from '../../domain/validation'
import { useTranslation } from 'react-i18next'
import { useLogin } from '../../session/use-session'
import { EmailField, Field } from './Field'
import styles from './LoginPanel.module.css'

export interface LoginFormProps {
  titleId: string
  email: string
  onEmailChange: (email: string) => void
  /** A message shown above the form when the view opens (e.g. after creating an account). */
  notice?: string | null
  onLoggedIn?: (user: User) => void
  onForgotPassword: () => void
  onSignUp: () => void
}

/** Spec section 5: the login button stays disabled while email or password is empty. */
export function LoginForm({
  titleId,
  email,
  onEmailChange,
  notice,
  onLoggedIn,
  onForgotPassword,
  onSignUp,
}: LoginFormProps) {
  const { t } = useTranslation('login')
  const id = useId()
  const [password, setPassword] = useState('')
  const loginMutation = useLogin((result) => {
    if (result.status === 'ok') onLoggedIn?.(result.user)
  })
  const submitting = loginMutation.isPending
  const status = loginMutation.data?.status
  const error = status === 'invalid' || status === 'error' ? status : null
  const errorId = `${id}-error`
  const noticeId = `${id}-notice`

  // A new answer replaces the shown one; typing during a login leaves that login's answer to come.
  const clearError = () => {
    if (!submitting) loginMutation.reset()
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting || !canLogin(email, password)) return
    loginMutation.mutate({ email: email.trim(), password })
  }

  return (
    <form className={styles.form} aria-labelledby={titleId} onSubmit={submit} noValidate>
      {notice && (
        <p id={noticeId} role="status" className={styles.success}>
          {notice}
        </p>
      )}
      <EmailField
        id={`${id}-email`}
        value={email}
        invalid={error === 'invalid'}
        describedBy={[error && errorId]}
        onChange={(e) => {
          onEmailChange(e.target.value)
          clearError()
        }}
      />
      <Field
        id={`${id}-password`}
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        invalid={error === 'invalid'}
        describedBy={[error && errorId]}
        onChange={(e) => {
          setPassword(e.target.value)
          clearError()
        }}
      />
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error === 'invalid' ? t('login.invalid') : t('login.error')}
        </p>
      )}
      <button
        type="submit"
        className={styles.primary}
        disabled={submitting || !canLogin(email, password)}
      >
        {submitting ? t('login.submitting') : t('login.submit')}
      </button>
      <button type="button" className={styles.link} onClick={onForgotPassword}>
        {t('login.forgot')}
      </button>
      <p className={styles.switch}>
        {t('login.noAccount')}{' '}
        <button type="button" className={styles.secondary} onClick={onSignUp}>
          {t('login.signUp')}
        </button>
      </p>
    </form>
  )
}
