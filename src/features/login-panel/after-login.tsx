import { useEffect, useRef } from 'react'
import type { LogoutOptions } from '../../session/session'
import { useLogout } from '../../session/use-session'
import styles from './AfterLogin.module.css'

/** What a widget shows in place of its login panel once the user is logged in. */
export interface AfterLoginProps {
  /** Move focus to it (after a login made here, so focus is not lost with the form). */
  focus: boolean
  /** The page's locale (where logout leads) and the widget's element. */
  logoutFrom: LogoutOptions
}

/**
 * A ref for what replaces the login panel once the user is logged in: it takes the focus when
 * `focus` is set (after a login made in this widget, so focus is not lost with the form). Its
 * element's class composes `focusTarget` of AfterLogin.module.css.
 */
export function useFocusAfterLogin<T extends HTMLElement>(focus: boolean) {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  return ref
}

export interface LogoutButtonProps {
  from: AfterLoginProps['logoutFrom']
  /** A class of the widget's own, beside the button's look. */
  className?: string
  /** The button's text, and its text while the logout runs (from the caller's namespace). */
  label: string
  busyLabel: string
}

/**
 * The logout button, disabled while the logout runs. Success navigates home; a failure is only
 * logged and the button comes back.
 */
export function LogoutButton({ from, className, label, busyLabel }: LogoutButtonProps) {
  const { logout, busy } = useLogout(from)
  return (
    <button
      type="button"
      className={className ? `${styles.logout} ${className}` : styles.logout}
      disabled={busy}
      onClick={logout}
    >
      {busy ? busyLabel : label}
    </button>
  )
}
