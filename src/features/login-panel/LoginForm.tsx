import { useId, useState } from 'react'
import type { User } from '../../domain/types'
import { canLogin } from '../../domain/validation'
import { useTranslation } from 'react-i18next'
import { useLogin } from '../../session/use-session'
import { EmailField, PasswordField } from './Field'
import { FormMessage, PanelForm, SwitchView, type PanelViewProps } from './FormParts'
import styles from './LoginPanel.module.css'

export interface LoginFormProps extends PanelViewProps {
  /** A message shown above the form when the view opens (e.g. after creating an account). */
  notice?: string | null
  onLoggedIn?: (user: User) => void
  onForgotPassword: () => void
  onSignUp: () => void
}

/** The login button stays disabled while email or password is empty. */
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

  const submit = () => {
    if (submitting || !canLogin(email, password)) return
    loginMutation.mutate({ email: email.trim(), password })
  }
  /** Both fields are named in an answer that refuses them, and described by it. */
  const answered = { invalid: error === 'invalid', describedBy: [error && errorId] }

  return (
    <PanelForm titleId={titleId} onSubmit={submit}>
      {notice && (
        <FormMessage id={noticeId} tone="success">
          {notice}
        </FormMessage>
      )}
      <EmailField
        id={`${id}-email`}
        value={email}
        {...answered}
        onChange={(e) => {
          onEmailChange(e.target.value)
          clearError()
        }}
      />
      <PasswordField
        id={`${id}-password`}
        autoComplete="current-password"
        value={password}
        {...answered}
        onChange={(e) => {
          setPassword(e.target.value)
          clearError()
        }}
      />
      {error && (
        <FormMessage id={errorId} tone="error">
          {error === 'invalid' ? t('login.invalid') : t('login.error')}
        </FormMessage>
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
      <SwitchView question={t('login.noAccount')} action={t('login.signUp')} onClick={onSignUp} />
    </PanelForm>
  )
}
