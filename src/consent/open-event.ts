/**
 * Asks a consent widget of the page to open the choice (`WineWidgets.consent.open()`, the cookie
 * settings button). Cancelable: the first widget that opens it cancels it, so only one opens.
 */
export const CONSENT_OPEN_EVENT = 'wine-widgets:consent-open'

/** Asks the page's consent widget to open the choice (what `WineWidgets.consent.open()` does). */
export function requestConsentOpen(): void {
  window.dispatchEvent(new CustomEvent(CONSENT_OPEN_EVENT, { cancelable: true }))
}
