import type { InputHTMLAttributes, Ref } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './LoginPanel.module.css'

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string
  label: string
  ref?: Ref<HTMLInputElement>
  /** Ids of the messages that describe the field (errors, hints); falsy entries are skipped. */
  describedBy?: readonly (string | false | null | undefined)[]
  invalid?: boolean
}

/** A labelled input whose messages are tied to it with aria-describedby. */
export function Field({ id, label, describedBy = [], invalid = false, ...input }: FieldProps) {
  const ids = describedBy.filter(Boolean).join(' ')
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={styles.input}
        aria-invalid={invalid || undefined}
        aria-describedby={ids || undefined}
      />
    </div>
  )
}

/**
 * The email field of the login-panel forms: the same label, type, name and keyboard everywhere;
 * `autoComplete` says whether it is a known account (`username`, the default) or a new one.
 */
export function EmailField(props: Omit<FieldProps, 'label' | 'type' | 'name' | 'inputMode'>) {
  const { t } = useTranslation('login')
  return (
    <Field
      label={t('login.email')}
      type="email"
      name="email"
      inputMode="email"
      autoComplete="username"
      {...props}
    />
  )
}

/**
 * The password field: `current-password` for an existing account (named `password`),
 * `new-password` for a new one.
 */
export function PasswordField({
  autoComplete,
  ...props
}: Omit<FieldProps, 'label' | 'type' | 'name' | 'autoComplete'> & {
  autoComplete: 'current-password' | 'new-password'
}) {
  const { t } = useTranslation('login')
  return (
    <Field
      label={t('login.password')}
      type="password"
      name={autoComplete === 'new-password' ? 'new-password' : 'password'}
      autoComplete={autoComplete}
      {...props}
    />
  )
}
