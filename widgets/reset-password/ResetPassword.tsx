import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type SubmitEvent,
} from 'react'
import { useResetPassword } from '../../src/api/account'
import {
  PASSWORD_RESET_REDIRECT_MS,
  readResetLink,
  withoutResetLink,
  type ResetLink,
} from '../../src/domain/invoices'
import type { Locale } from '../../src/domain/types'
import { canResetPassword } from '../../src/domain/validation'
import { useTranslation } from 'react-i18next'
import type { WidgetComponentProps } from '../../src/props/schema'
import { redirectTo } from '../../src/session/redirect'
import { homePath } from '../../src/session/routes'
import styles from './ResetPassword.module.css'
import { reportError } from '../../src/report/report'

/** A link without email cannot reset anything: go home at once. */
function GoHome({ locale, element }: { locale: Locale; element: HTMLElement }) {
  const { t } = useTranslation('resetPassword')
  const done = useRef(false)
  useEffect(() => {
    // StrictMode runs effects twice in development: navigate once.
    if (done.current) return
    done.current = true
    redirectTo(homePath(locale), element)
  }, [locale, element])
  return (
    <p className={styles.notice} role="status">
      {t('resetPassword.missingEmail')}
    </p>
  )
}

type Outcome = 'success' | 'failure' | null

/** The outcome's live regions: the success is polite news, the failure an alert. */
const OUTCOME_REGIONS = [
  { outcome: 'success', role: 'status', className: styles.success, text: 'resetPassword.success' },
  { outcome: 'failure', role: 'alert', className: styles.failure, text: 'resetPassword.failure' },
] as const

type InputProps = Omit<ComponentProps<'input'>, 'id'>

/** A labelled input of the form; `children` (the mismatch hint) go under it. */
function Field({ label, children, ...input }: InputProps & { label: string }) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={styles.input} {...input} />
      {children}
    </div>
  )
}

interface ResetFormProps {
  link: ResetLink
  locale: Locale
  /** The widget's element: the redirect home is announced from it. */
  element: HTMLElement
}

/**
 * The reset button is disabled while a request runs, or while the password is empty
 * or differs from its confirmation. The outcome (green success, red expired-link failure for any
 * error) is announced, then the page goes home after 4 seconds.
 */
function ResetForm({ link, locale, element }: ResetFormProps) {
  const { t } = useTranslation('resetPassword')
  const id = useId()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [outcome, setOutcome] = useState<Outcome>(null)
  const reset = useResetPassword()
  const message = useRef<HTMLParagraphElement>(null)
  const finished = outcome !== null
  const canSubmit = !finished && canResetPassword(password, confirmation, reset.isPending)
  const mismatch = confirmation !== '' && password !== confirmation
  const introId = `${id}-intro`
  const mismatchId = `${id}-mismatch`
  // Both password inputs: a new password, locked once the outcome is known.
  const newPassword = {
    type: 'password',
    autoComplete: 'new-password',
    disabled: finished,
  } satisfies InputProps

  useEffect(() => {
    if (!finished) return
    message.current?.focus()
    const timer = setTimeout(
      () => redirectTo(homePath(locale), element),
      PASSWORD_RESET_REDIRECT_MS,
    )
    return () => clearTimeout(timer)
  }, [finished, locale, element])

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!canSubmit) return
    reset.mutate(
      {
        locale,
        email: link.email,
        token: link.token,
        password,
        password_confirmation: confirmation,
      },
      {
        onSuccess: () => setOutcome('success'),
        onError: (error) => {
          reportError({
            widget: 'reset-password',
            area: 'session',
            message: 'reset-password: the password could not be reset',
            error,
          })
          setOutcome('failure')
        },
      },
    )
  }

  return (
    <form
      className={styles.form}
      aria-labelledby={`${id}-title`}
      aria-describedby={introId}
      onSubmit={submit}
      noValidate
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {t('resetPassword.title')}
      </h2>
      <p id={introId} className={styles.intro}>
        {t('resetPassword.intro')}
      </p>
      <Field
        label={t('resetPassword.email')}
        type="email"
        name="email"
        autoComplete="username"
        value={link.email}
        readOnly
      />
      <Field
        label={t('resetPassword.password')}
        {...newPassword}
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label={t('resetPassword.confirmation')}
        {...newPassword}
        name="password_confirmation"
        value={confirmation}
        aria-invalid={mismatch || undefined}
        aria-describedby={mismatch ? mismatchId : undefined}
        onChange={(e) => setConfirmation(e.target.value)}
      >
        {mismatch && (
          <p id={mismatchId} className={styles.hint}>
            {t('resetPassword.mismatch')}
          </p>
        )}
      </Field>
      {/* Both live regions exist from the start so screen readers announce what appears in them. */}
      {OUTCOME_REGIONS.map((region) => (
        <div key={region.outcome} role={region.role} className={styles.live}>
          {outcome === region.outcome && (
            <p ref={message} tabIndex={-1} className={region.className}>
              {t(region.text)}
            </p>
          )}
        </div>
      ))}
      <button type="submit" className={styles.submit} disabled={!canSubmit}>
        {reset.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
      </button>
    </form>
  )
}

/** The reset-password page (`/{locale}/reset-password?email=…&token=…`). */
export default function ResetPassword({ locale, element }: WidgetComponentProps) {
  // Read once: the page's own query string is the link that was e-mailed.
  const [link] = useState(() => readResetLink(window.location.search))
  // Read: the e-mailed secret leaves the address before anything else can record it.
  useLayoutEffect(() => {
    const clean = withoutResetLink(window.location.href)
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`
    if (clean !== current) window.history.replaceState(window.history.state, '', clean)
  }, [])
  if (!link) return <GoHome locale={locale} element={element} />
  return <ResetForm link={link} locale={locale} element={element} />
}
