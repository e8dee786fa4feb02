/**
 * The cookie consent (spec 9: a cookie named cookieconsent_status, 1 year, path /). The consent
 * widget writes it; anything that needs consent (the GA4 analytics) reads it here, each time.
 */
import Cookies from 'js-cookie'

export const CONSENT_COOKIE = 'cookieconsent_status'
/** What the banner's check button stores. */
export const CONSENT_VALUE = 'dismiss'
export const CONSENT_DAYS = 365

/**
 * Values that mean yes: ours (`dismiss`, the banner's "OK") and `allow`, which the
 * cookieconsent library's opt-in banner writes, should a site use that one. `deny` or no cookie:
 * no.
 */
const YES = new Set([CONSENT_VALUE, 'allow'])

/** Whether the visitor has consented (read from the cookie now, never cached). */
export function hasConsent(): boolean {
  const value = Cookies.get(CONSENT_COOKIE)
  return value !== undefined && YES.has(value)
}

/** Stores the visitor's consent for a year (the banner's check button). */
export function giveConsent(): void {
  Cookies.set(CONSENT_COOKIE, CONSENT_VALUE, {
    expires: CONSENT_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
  })
}

/** Whether the visitor has answered the banner at all (it is then not shown again). */
export function hasConsentCookie(): boolean {
  return Cookies.get(CONSENT_COOKIE) !== undefined
}
