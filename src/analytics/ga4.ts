/**
 * GA4 e-commerce events into `window.dataLayer` (config `analytics: { ga4: true }`; docs/analytics.md). Loaded by the library entry only when the config enables it, so pages without
 * analytics download none of this.
 *
 * - Consent: nothing is pushed unless the consent cookie says yes at the moment of the event
 *   (`hasConsent`, read each time). Events before consent are dropped, not queued for later.
 *   Google Consent Mode v2's `default` and `update` go first (`consent-mode.ts`).
 * - A purchase is pushed once per order number, also across reloads and tabs: the numbers sent
 *   are kept in localStorage (`wine-widgets:ga4-purchases`, numbers only, the last 50), read back
 *   with a valibot schema: what does not fit is dropped with one warning, what fits is kept.
 * - Each e-commerce push is preceded by `{ ecommerce: null }`, as Google's Tag Manager guide
 *   asks, so one event's items never leak into the next.
 */
import type { Bus } from '../bus/bus'
import { hasConsent } from '../consent/consent'
import { startConsentMode } from './consent-mode'
import { toGa4Event, type Ga4Event } from './ga4-events'
import { onTracked, type TrackedMessage } from './tracked'
import { reportError } from '../report/report'
import { idList, parseIds, withId } from '../store/id-list'
import { localStore } from '../store/web-storage'

declare global {
  interface Window {
    /** Google Tag Manager's / gtag.js's data layer (created when missing). */
    dataLayer?: object[]
  }
}

export const SENT_PURCHASES_KEY = 'wine-widgets:ga4-purchases'

export interface Ga4Options {
  /** Whether the visitor consents now (default: the consent cookie). */
  consent?: () => boolean
  /** The data layer to push to (default: `window.dataLayer`, created when missing). */
  dataLayer?: () => object[]
  /** Where sent order numbers are kept (default: localStorage; null when unavailable). */
  storage?: () => Pick<Storage, 'getItem' | 'setItem'> | null
  /** Where the consent answers are heard (default: `window`). */
  events?: EventTarget
}

function defaultLayer(): object[] {
  window.dataLayer ??= []
  return window.dataLayer
}

/** The order numbers already pushed as purchases (a broken or foreign value reads as none). */
export const readSentPurchases = (raw: string | null): string[] => parseIds(raw).ids

/** The list with `id` added at the end, the oldest dropped beyond the last 50. */
export const withSentPurchase = withId

/** Turns tracked bus events into data layer pushes (consent, purchase once). */
export function createGa4Tracker(options: Ga4Options = {}) {
  const consent = options.consent ?? hasConsent
  const layer = options.dataLayer ?? defaultLayer
  // What does not fit is dropped with one warning, and the rest written back. Storage full or
  // refused: the purchase was pushed; at worst a reload pushes it again.
  const sent = idList({
    key: SENT_PURCHASES_KEY,
    what: 'sent purchases',
    area: 'analytics',
    storage: options.storage ?? localStore,
  })

  function push(event: Ga4Event): void {
    const target = layer()
    if ('ecommerce' in event) target.push({ ecommerce: null })
    target.push(event)
  }

  return {
    handle(message: TrackedMessage): void {
      if (!consent()) return
      const event = toGa4Event(message.name, message.payload)
      if (!event) return
      const transaction = 'ecommerce' in event ? event.ecommerce.transaction_id : undefined
      if (transaction !== undefined && sent.has(transaction)) return
      push(event)
      if (transaction !== undefined) sent.add(transaction)
    },
  }
}

/**
 * Starts the analytics: follows the bus. The page services start it before any widget renders
 * (`mount/page-services.ts`), so no event comes before it listens. Returns the stop function.
 */
export function startGa4(bus: Bus, options: Ga4Options = {}): () => void {
  // Before the first event: Tag Manager must know the consent state when the event arrives.
  const stopConsentMode = startConsentMode({
    dataLayer: options.dataLayer ?? defaultLayer,
    consent: options.consent ?? hasConsent,
    events: options.events,
  })
  const tracker = createGa4Tracker(options)
  const handle = (message: TrackedMessage) => {
    try {
      tracker.handle(message)
    } catch (error) {
      reportError({ area: 'analytics', message: 'Analytics: could not push an event', error })
    }
  }
  const stopTracking = onTracked(bus, handle)
  return () => {
    stopTracking()
    stopConsentMode()
  }
}
