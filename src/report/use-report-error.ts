import { useEffect, useRef } from 'react'
import { reportError, type ErrorArea } from './report'

/**
 * Report a query's error once per error object (a re-render, or StrictMode's second effect run,
 * does not report it again; a new failure after a retry does). `message` says what the shopper
 * missed; a failed call's method, URL and answer are added by `reportError`. With the widget's
 * tag (`element`), demo pages show the failure beside it.
 */
export function useReportError(
  error: unknown,
  report: { widget: string; area: ErrorArea; message: string; element?: Element },
): void {
  const reported = useRef<unknown>(null)
  const { widget, area, message, element } = report
  useEffect(() => {
    if (!error || reported.current === error) return
    reported.current = error
    reportError({ widget, area, message, error, element })
  }, [error, widget, area, message, element])
}
