/**
 * The cookie consent (a cookie named cookieconsent_status, 1 year, path /). The consent
 * widget writes it; anything that needs consent (the GA4 analytics) reads it here, each time.
 */
import Cookies from 'js-cookie'

export const CONSENT_COOKIE = 'cookieconsent_status'
/** What the overlay's Accept stores. */
export const CONSENT_ALLOW = 'allow'
/** What the overlay's Refuse (or a withdrawal from the cookie settings) stores. */
export const CONSENT_DENY = 'deny'
export const CONSENT_DAYS = 365

/**
 * The DOM event (on `window`) the host hears with `{ analytics: boolean }`: once when the page
 * services start, then on every answer.
 */
export const CONSENT_EVENT = 'wine-widgets:consent'
export { CONSENT_OPEN_EVENT } from './open-event'

export interface ConsentDetail {
  analytics: boolean
}

/**
 * Values that mean yes: `allow` (Accept) and `dismiss`, which the former single OK button
 * wrote, so visitors who already answered are not asked again. `deny` or no cookie: no.
 */
const YES = new Set([CONSENT_ALLOW, 'dismiss'])

/** Whether a value of the cookie (undefined: none) means yes. */
export const isConsentValue = (value: string | undefined): boolean =>
  value !== undefined && YES.has(value)

/** Whether the visitor has consented (read from the cookie now, never cached). */
export const hasConsent = (): boolean => isConsentValue(Cookies.get(CONSENT_COOKIE))

/** Tells the host (and the analytics) the visitor's answer as it stands now. */
export function announceConsent(): void {
  const detail: ConsentDetail = { analytics: hasConsent() }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail }))
}

/**
 * Stores the visitor's answer for a year (Accept: `allow`, Refuse or a withdrawal: `deny`) and
 * announces it. The analytics read the cookie at each event, so a withdrawal stops them at once.
 */
export function answerConsent(allow: boolean): void {
  Cookies.set(CONSENT_COOKIE, allow ? CONSENT_ALLOW : CONSENT_DENY, {
    expires: CONSENT_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
  })
  announceConsent()
}

/** Whether the visitor has answered the overlay at all (it is then not shown again by itself). */
export function hasConsentCookie(): boolean {
  return Cookies.get(CONSENT_COOKIE) !== undefined
}

/** Reads a `wine-widgets:consent` event's detail (null for anything else). */
export function consentDetail(event: Event): ConsentDetail | null {
  if (!(event instanceof CustomEvent)) return null
  const detail: unknown = event.detail
  return typeof detail === 'object' &&
    detail !== null &&
    'analytics' in detail &&
    typeof detail.analytics === 'boolean'
    ? { analytics: detail.analytics }
    : null
}
