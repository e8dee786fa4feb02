/**
 * The library's one reporting point for failures: every failure the widgets meet goes through
 * `reportError`, which writes one console line and tells the host page with a
 * `wine-widgets:error` event on `window`, so a site can forward it to its error tracker.
 * A failed call to the site (an HttpError) is described here, once for every caller: the line
 * ends with the call and its answer, and the event carries them as fields. Loads and requests
 * cut short because the page is going away, or aborted on purpose, are not failures: neither
 * logged nor announced (`page-leave.ts`).
 *
 * Import-light on purpose: every widget page loads it (the page base).
 */
import { HttpError, type Answered, type HttpMethod } from '../http/http'
import { departures, isCutShort, isLoadFailure } from './page-leave'
import { showNote } from './demo-note'

export const ERROR_EVENT = 'wine-widgets:error'

/**
 * Where a failure happened (docs/embedding.md, "Errors", lists them for integrators):
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
  /** A failed call only: its method, its URL, and its status or why there was none. */
  method?: HttpMethod
  url?: string
  status?: Answered
}

/**
 * Ends the line of every failed call: each call the widgets make is one of the site's own
 * (its back office, or its proxies named in the config), all listed in the contract.
 */
export const SITE_ENDPOINT = '(an endpoint the site must provide, see docs/server-contract.md)'

/** `— POST /api/getbundle answered 404 (an endpoint the site must provide…)`. */
export const callFailure = (call: HttpError): string =>
  `— ${call.method} ${call.url} answered ${call.answered} ${call.service ? `(${call.service})` : SITE_ENDPOINT}`

export interface ErrorReport {
  widget?: string | null
  area: ErrorArea
  /**
   * What failed, for a failed call what the shopper missed (`bundle: could not load B12`):
   * the call and its answer are added to it.
   */
  message: string
  error?: unknown
  /** The widget's tag: on demo pages the failure is shown beside it. */
  element?: Element
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
  const { area, error } = report
  // A failed call, or a failure whose cause is one (the sommelier's stream, which is no JSON call).
  const call =
    error instanceof HttpError
      ? error
      : error instanceof Error && error.cause instanceof HttpError
        ? error.cause
        : null
  // A failed call's line says it all (the error object would only repeat "Error fetching data").
  const message = call ? `${report.message} ${callFailure(call)}` : report.message
  const logged = report.logged ?? (error === undefined || call ? [] : [error])
  console[report.level ?? 'error'](`[wine-widgets] ${message}`, ...logged)
  const detail: ErrorDetail = { widget: report.widget ?? null, area, message, error }
  if (call) Object.assign(detail, { method: call.method, url: call.url, status: call.answered })
  if (report.element) showNote(report.element, message)
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- no window in node
  globalThis.window?.dispatchEvent(new CustomEvent(ERROR_EVENT, { detail }))
}
