import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { User } from '../../domain/types'
import { canEditSignUpDetails, canSignUp, isEmail } from '../../domain/validation'
import { existingEmailQueryOptions } from '../../api/session'
import { useTranslation } from 'react-i18next'
import { useCreateAccount } from '../../session/use-session'
import { EmailField, Field, PasswordField } from './Field'
import { FormMessage, PanelForm, SwitchView, type PanelViewProps } from './FormParts'
import styles from './LoginPanel.module.css'

export interface SignUpFormProps extends PanelViewProps {
  onLoggedIn?: (user: User) => void
  /** The account exists but the backend did not log the new user in: go and log in. */
  onCreatedLoggedOut: (email: string) => void
  onBack: () => void
}

/**
 * Where the existing-email check stands for the address in the field. `failed` means the check
 * itself failed: the fields stay locked (the address is not known to be free) and leaving the
 * field again, pressing Enter in it or the retry button checks again.
 */
type EmailCheck = 'none' | 'checking' | 'free' | 'taken' | 'failed'

/**
 * The email must have a proper format; on blur an existing-email check runs;
 * name and password stay disabled until the address is valid and free; the sign-up button needs
 * a name and a password and is disabled while submitting.
 */
export function SignUpForm({
  titleId,
  email,
  onEmailChange,
  onLoggedIn,
  onCreatedLoggedOut,
  onBack,
}: SignUpFormProps) {
  const { t } = useTranslation('login')
  const id = useId()
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  /**
   * The address the latest check ran for. The check is a query keyed by address, so an answer
   * about an older address is ignored: it lands under that address's key, never this one's.
   */
  const [checked, setChecked] = useState<string | null>(null)
  const emailCheck = useQuery({
    ...existingEmailQueryOptions(checked ?? ''),
    enabled: checked !== null,
  })
  const create = useCreateAccount((result, account) => {
    if (result.status === 'error') return
    if (result.user) onLoggedIn?.(result.user)
    else onCreatedLoggedOut(account.email)
  })
  const submitting = create.isPending
  const createFailed = create.data?.status === 'error'
  const nameRef = useRef<HTMLInputElement>(null)
  /** Set when Enter in the email field asked for the check: move on to the name once free. */
  const advance = useRef(false)

  const address = email.trim()
  const emailValid = isEmail(address)
  const formatError = touched && address !== '' && !emailValid
  const check: EmailCheck =
    checked !== address
      ? 'none'
      : emailCheck.isPending
        ? 'checking'
        : emailCheck.isError
          ? 'failed'
          : emailCheck.data
            ? 'taken'
            : 'free'
  const emailFree = check === 'free' ? true : check === 'taken' ? false : null
  const unlocked = canEditSignUpDetails(address, emailFree)
  const ready = canSignUp({ email: address, emailFree, name, password, submitting })

  const ids = {
    format: `${id}-format`,
    taken: `${id}-taken`,
    checking: `${id}-checking`,
    hint: `${id}-hint`,
    failed: `${id}-failed`,
    checkFailed: `${id}-check-failed`,
  }

  const runCheck = () => {
    if (!emailValid) return
    if (checked !== address) setChecked(address)
    // A failed check is forgotten, so that the next blur or Enter runs it again.
    else if (emailCheck.isError) void emailCheck.refetch()
  }

  useEffect(() => {
    if (!unlocked || !advance.current) return
    advance.current = false
    if (document.activeElement?.id === `${id}-email`) nameRef.current?.focus()
  }, [unlocked, id])

  // The sign-up button is disabled until the address is checked, so Enter cannot submit the
  // form: in the email field it runs the check instead.
  const onEmailKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || unlocked) return
    event.preventDefault()
    setTouched(true)
    advance.current = true
    runCheck()
  }

  const submit = () => {
    if (ready) create.mutate({ email: address, name: name.trim(), password })
  }
  /** Name and password wait for a free address; the hint says so. */
  const locked = { disabled: !unlocked, describedBy: [!unlocked && ids.hint] }

  return (
    <PanelForm titleId={titleId} onSubmit={submit}>
      <EmailField
        id={`${id}-email`}
        autoComplete="email"
        value={email}
        invalid={formatError || check === 'taken'}
        describedBy={[
          formatError && ids.format,
          check === 'taken' && ids.taken,
          check === 'checking' && ids.checking,
          check === 'failed' && ids.checkFailed,
        ]}
        onChange={(e) => {
          onEmailChange(e.target.value)
          if (e.target.value.trim() !== checked) setChecked(null)
        }}
        onKeyDown={onEmailKeyDown}
        onBlur={() => {
          setTouched(true)
          runCheck()
        }}
      />
      {formatError && (
        <FormMessage id={ids.format} tone="error">
          {t('login.badEmail')}
        </FormMessage>
      )}
      {check === 'taken' && (
        <FormMessage id={ids.taken} tone="error">
          {t('login.emailTaken')}
        </FormMessage>
      )}
      {check === 'failed' && (
        <FormMessage id={ids.checkFailed} tone="error">
          {t('login.checkFailed')}{' '}
          <button type="button" className={styles.secondary} onClick={runCheck}>
            {t('login.retry')}
          </button>
        </FormMessage>
      )}
      {check === 'checking' && (
        <FormMessage id={ids.checking} tone="progress">
          {t('login.checkingEmail')}
        </FormMessage>
      )}
      {!unlocked && (
        <FormMessage id={ids.hint} tone="hint">
          {t('login.emailFirst')}
        </FormMessage>
      )}
      <Field
        ref={nameRef}
        id={`${id}-name`}
        label={t('login.name')}
        type="text"
        name="name"
        autoComplete="name"
        value={name}
        {...locked}
        onChange={(e) => setName(e.target.value)}
      />
      <PasswordField
        id={`${id}-password`}
        autoComplete="new-password"
        value={password}
        {...locked}
        onChange={(e) => setPassword(e.target.value)}
      />
      {createFailed && (
        <FormMessage id={ids.failed} tone="error">
          {t('login.createError')}
        </FormMessage>
      )}
      <button type="submit" className={styles.primary} disabled={!ready}>
        {submitting ? t('login.creating') : t('login.createSubmit')}
      </button>
      <SwitchView question={t('login.haveAccount')} action={t('login.submit')} onClick={onBack} />
    </PanelForm>
  )
}
