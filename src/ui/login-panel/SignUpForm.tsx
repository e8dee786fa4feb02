import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { User } from '../../domain/types'
import { canEditSignUpDetails, canSignUp, isEmail } from '../../domain/validation'
import { isExistingEmail } from '../../api/session'
import { useT } from '../../i18n/locale-context'
import { createAccount } from '../../session/session'
import { Field } from './Field'
import styles from './LoginPanel.module.css'

export interface SignUpFormProps {
  titleId: string
  email: string
  onEmailChange: (email: string) => void
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
 * Spec section 5: the email must have a proper format; on blur an existing-email check runs;
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
  const t = useT('login')
  const id = useId()
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  const [check, setCheck] = useState<EmailCheck>('none')
  const [submitting, setSubmitting] = useState(false)
  const [createFailed, setCreateFailed] = useState(false)
  /** The address the latest check ran for: an answer about an older address is ignored. */
  const checking = useRef<string | null>(null)
  const nameRef = useRef<HTMLInputElement>(null)
  /** Set when Enter in the email field asked for the check: move on to the name once free. */
  const advance = useRef(false)

  const address = email.trim()
  const emailValid = isEmail(address)
  const formatError = touched && address !== '' && !emailValid
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

  const runCheck = async () => {
    if (!emailValid || checking.current === address) return
    checking.current = address
    setCheck('checking')
    let next: EmailCheck
    try {
      next = (await isExistingEmail(address)) ? 'taken' : 'free'
    } catch (error) {
      console.error('[wine-widgets] The existing-email check failed', error)
      next = 'failed'
    }
    if (checking.current !== address) return
    // A failed check is forgotten, so that the next blur or Enter runs it again.
    if (next === 'failed') checking.current = null
    setCheck(next)
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
    void runCheck()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!ready) return
    setSubmitting(true)
    setCreateFailed(false)
    const result = await createAccount({ email: address, name: name.trim(), password })
    setSubmitting(false)
    if (result.status === 'error') setCreateFailed(true)
    else if (result.user) onLoggedIn?.(result.user)
    else onCreatedLoggedOut(address)
  }

  return (
    <form className={styles.form} aria-labelledby={titleId} onSubmit={submit} noValidate>
      <Field
        id={`${id}-email`}
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
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
          if (e.target.value.trim() !== checking.current) {
            checking.current = null
            setCheck('none')
          }
        }}
        onKeyDown={onEmailKeyDown}
        onBlur={() => {
          setTouched(true)
          void runCheck()
        }}
      />
      {formatError && (
        <p id={ids.format} role="alert" className={styles.error}>
          {t('login.badEmail')}
        </p>
      )}
      {check === 'taken' && (
        <p id={ids.taken} role="alert" className={styles.error}>
          {t('login.emailTaken')}
        </p>
      )}
      {check === 'failed' && (
        <p id={ids.checkFailed} role="alert" className={styles.error}>
          {t('login.checkFailed')}{' '}
          <button type="button" className={styles.secondary} onClick={() => void runCheck()}>
            {t('login.retry')}
          </button>
        </p>
      )}
      {check === 'checking' && (
        <p id={ids.checking} role="status" className={styles.hint}>
          {t('login.checkingEmail')}
        </p>
      )}
      {!unlocked && (
        <p id={ids.hint} className={styles.hint}>
          {t('login.emailFirst')}
        </p>
      )}
      <Field
        ref={nameRef}
        id={`${id}-name`}
        label={t('login.name')}
        type="text"
        name="name"
        autoComplete="name"
        value={name}
        disabled={!unlocked}
        describedBy={[!unlocked && ids.hint]}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        id={`${id}-password`}
        label={t('login.password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        disabled={!unlocked}
        describedBy={[!unlocked && ids.hint]}
        onChange={(e) => setPassword(e.target.value)}
      />
      {createFailed && (
        <p id={ids.failed} role="alert" className={styles.error}>
          {t('login.createError')}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={!ready}>
        {submitting ? t('login.creating') : t('login.createSubmit')}
      </button>
      <p className={styles.switch}>
        {t('login.haveAccount')}{' '}
        <button type="button" className={styles.secondary} onClick={onBack}>
          {t('login.submit')}
        </button>
      </p>
    </form>
  )
}
