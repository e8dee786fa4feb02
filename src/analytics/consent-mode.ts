/**
 * Google Consent Mode v2 signals in the data layer, as gtag.js sends them: a `default` with
 * everything denied (and `wait_for_update`, so Google's tags wait for our answer) before any
 * event, then an `update` from the stored answer on every page and on every change.
 *
 * Each command is pushed as an `arguments` object, exactly what `gtag()` pushes
 * (`function gtag(){dataLayer.push(arguments)}`): Tag Manager and gtag.js read consent commands
 * in that shape; a plain array is not the same thing to them.
 */
import { CONSENT_EVENT, consentDetail } from '../consent/consent'

type Signal = 'granted' | 'denied'

export interface ConsentSignals {
  ad_storage: Signal
  ad_user_data: Signal
  ad_personalization: Signal
  analytics_storage: Signal
}

/** How long Google's tags wait for the `update` after the `default` (ms). */
export const WAIT_FOR_UPDATE = 500

/** Every Consent Mode v2 signal at once: the shop asks one question (Accept or Refuse). */
export function consentSignals(granted: boolean): ConsentSignals {
  const signal: Signal = granted ? 'granted' : 'denied'
  return {
    ad_storage: signal,
    ad_user_data: signal,
    ad_personalization: signal,
    analytics_storage: signal,
  }
}

/**
 * `gtag(...)`: pushes its real `arguments` object. A rest parameter would give an array, which
 * is not what gtag.js pushes.
 */
function gtagInto(layer: object[]): (...command: unknown[]) => void {
  return function gtag() {
    // eslint-disable-next-line prefer-rest-params -- the arguments object is the format itself
    layer.push(arguments)
  }
}

export interface ConsentModeOptions {
  /** The data layer to push to. */
  dataLayer: () => object[]
  /** Whether the visitor consents now. */
  consent: () => boolean
  /** Where `wine-widgets:consent` is dispatched (default: `window`). */
  events?: EventTarget
}

/**
 * Pushes the `default`, then the `update` of the stored answer; then an `update` on every
 * answer that changes the state. Call it before any event can be pushed. Returns the stop
 * function.
 */
export function startConsentMode(options: ConsentModeOptions): () => void {
  const gtag = () => gtagInto(options.dataLayer())
  gtag()('consent', 'default', { ...consentSignals(false), wait_for_update: WAIT_FOR_UPDATE })
  let granted = options.consent()
  gtag()('consent', 'update', consentSignals(granted))
  const onAnswer = (event: Event) => {
    const detail = consentDetail(event)
    if (!detail || detail.analytics === granted) return
    granted = detail.analytics
    gtag()('consent', 'update', consentSignals(granted))
  }
  const target = options.events ?? window
  target.addEventListener(CONSENT_EVENT, onAnswer)
  return () => target.removeEventListener(CONSENT_EVENT, onAnswer)
}
