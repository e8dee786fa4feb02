import type { InputHTMLAttributes, Ref } from 'react'
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
