/**
 * The library's one reporting point for failures (issue 14): every failure the widgets meet goes
 * through `reportError`, which writes the console line it always wrote and tells the host page
 * with a `wine-widgets:error` event on `window`, so a site can forward it to its error tracker.
 * Loads and requests cut short because the page is going away, or aborted on purpose, are not
 * failures: neither logged nor announced (issue 17, `page-leave.ts`).
 *
 * Import-light on purpose: the library entry loads it on every page.
 */
import { departures, isCutShort, isLoadFailure } from './page-leave'

export const ERROR_EVENT = 'wine-widgets:error'

/**
 * Where a failure happened (the README's "Errors" section lists them for integrators):
 * - `config`: the page's JSON config block;
 * - `mount`: a tag's attributes, loading a widget's code, unmounting;
 * - `widget`: a widget crashed (caught by its root's error boundary) or reported its own content
 *   as unusable (an FAQ without questions);
 * - `texts`: a text missing from the locale files;
 * - `data`: the content a widget shows (collections, wines, bundles, quotes) could not be loaded;
 * - `session`: the current-user check, login, logout, sign-up, password reset;
 * - `checkout`: shipping, VAT check, address autocomplete, the card form provider;
 * - `payment`: a payment, including the steps after the card was charged;
 * - `promotions`: the rules service;
 * - `sommelier`: the sommelier's answer, stream and wine search;
 * - `storage`: the state saved in sessionStorage;
 * - `events`: a listener of the library's own event bus;
 * - `analytics`: the GA4 analytics (loading them, pushing an event).
 */
export type ErrorArea =
  | 'config'
  | 'mount'
  | 'widget'
  | 'texts'
  | 'data'
  | 'session'
  | 'checkout'
  | 'payment'
  | 'promotions'
  | 'sommelier'
  | 'storage'
  | 'events'
  | 'analytics'

/** The `detail` of a `wine-widgets:error` event. */
export interface ErrorDetail {
  /** The widget that met the failure (`data-widget` name), or null for page-wide work. */
  widget: string | null
  area: ErrorArea
  /** What failed, in English, as the console shows it (without the `[wine-widgets]` prefix). */
  message: string
  /** The error object when there is one (an `Error`, an HTTP failure…), else undefined. */
  error: unknown
}

export interface ErrorReport {
  widget?: string | null
  area: ErrorArea
  message: string
  error?: unknown
  /** What the console line shows after the message. @default the error, when there is one */
  logged?: readonly unknown[]
  /** `warn` for a degraded result the widget works around. @default 'error' */
  level?: 'error' | 'warn'
}

/** The fields of a provider's error object that say what went wrong, and nothing personal. */
const SHAREABLE = ['type', 'code', 'decline_code', 'message', 'status']

/**
 * A failure as it may leave the library: a provider's error object (Stripe's carries the intent
 * with its client secret, and the payment method with the billing details) is cut to its kind,
 * code and message. Errors of the library's own are shared whole.
 */
function shareable(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || error instanceof Error) return error
  return Object.fromEntries(
    SHAREABLE.filter((key) => key in error).map((key) => [
      key,
      (error as Record<string, unknown>)[key], // `key in error` checked just above
    ]),
  )
}

/**
 * Log a failure and announce it to the host page. Never throws: a host listener that fails is
 * the host's own error (the browser reports it), not a reason to stop the widget. A load that
 * stopped (`isLoadFailure`) is logged and announced a task later, unless the page left meanwhile.
 */
export function reportError(report: ErrorReport): void {
  const error = shareable(report.error)
  const shared = { ...report, error }
  if (error === undefined || !isLoadFailure(error)) {
    announce(shared)
    return
  }
  if (isCutShort(error)) return
  // A stopped load on a page that seems to stay. When the visitor leaves from the browser itself
  // (address bar, bookmark, reload), Chromium fires no navigate event: it stops the page's loads
  // in the task that unloads it, and their failures can reach us before the page-leave watch
  // hears pagehide. Judged once that task is over, such a page is gone (its timers never run) or
  // has started leaving.
  const before = departures()
  setTimeout(() => {
    if (departures() === before && !isCutShort(error)) announce(shared)
  }, 0)
}

function announce(report: ErrorReport): void {
  const { area, message, error } = report
  const logged = report.logged ?? (error === undefined ? [] : [error])
  console[report.level ?? 'error'](`[wine-widgets] ${message}`, ...logged)
  const detail: ErrorDetail = { widget: report.widget ?? null, area, message, error }
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- no window in node
  globalThis.window?.dispatchEvent(new CustomEvent(ERROR_EVENT, { detail }))
}
