import type { ReactNode } from 'react'
import styles from './LoginPanel.module.css'

/** What every view of the panel gets (LoginPanel): its title, and the email typed in any view. */
export interface PanelViewProps {
  titleId: string
  email: string
  onEmailChange: (email: string) => void
}

/** A login-panel form, named by its view's title; submitting it calls `onSubmit`, nothing else. */
export function PanelForm({
  titleId,
  onSubmit,
  children,
}: {
  titleId: string
  onSubmit: () => void
  children: ReactNode
}) {
  return (
    <form
      className={styles.form}
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
      noValidate
    >
      {children}
    </form>
  )
}

/**
 * How a form message is announced and looks: an error is an alert; a success or a check under
 * way is a status; a hint or an intro is only read with the field it describes.
 */
const TONES = {
  error: { role: 'alert', className: styles.error },
  success: { role: 'status', className: styles.success },
  progress: { role: 'status', className: styles.hint },
  hint: { role: undefined, className: styles.hint },
  intro: { role: undefined, className: styles.intro },
} as const

/** A message of a login-panel form; its id ties it to the fields it describes. */
export function FormMessage({
  id,
  tone,
  children,
}: {
  id: string
  tone: keyof typeof TONES
  children: ReactNode
}) {
  const { role, className } = TONES[tone]
  return (
    <p id={id} role={role} className={className}>
      {children}
    </p>
  )
}

/** "No account yet? Sign up": a question and the button that switches to the other view. */
export function SwitchView({
  question,
  action,
  onClick,
}: {
  question: string
  action: string
  onClick: () => void
}) {
  return (
    <p className={styles.switch}>
      {question}{' '}
      <button type="button" className={styles.secondary} onClick={onClick}>
        {action}
      </button>
    </p>
  )
}
