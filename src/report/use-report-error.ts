import { useEffect, useRef } from 'react'
import { reportError, type ErrorArea } from './report'

/**
 * Report a query's error once per error object (a re-render, or StrictMode's second effect run,
 * does not report it again; a new failure after a retry does).
 */
export function useReportError(
  error: unknown,
  report: { widget: string; area: ErrorArea; message: string },
): void {
  const reported = useRef<unknown>(null)
  const { widget, area, message } = report
  useEffect(() => {
    if (!error || reported.current === error) return
    reported.current = error
    reportError({ widget, area, message, error })
  }, [error, widget, area, message])
}
