/**
 * GA4 e-commerce events into `window.dataLayer` (config `analytics: { ga4: true }`; README,
 * analytics). Loaded by the library entry only when the config enables it, so pages without
 * analytics download none of this.
 *
 * - Consent: nothing is pushed unless the consent cookie says yes at the moment of the event
 *   (`hasConsent`, read each time). Events before consent are dropped, not queued for later.
 * - A purchase is pushed once per order number, also across reloads and tabs: the numbers sent
 *   are kept in localStorage (`wine-widgets:ga4-purchases`, numbers only, the last 50), read back
 *   with a valibot schema: what does not fit is dropped with one warning, what fits is kept.
 * - Each e-commerce push is preceded by `{ ecommerce: null }`, as Google's Tag Manager guide
 *   asks, so one event's items never leak into the next.
 */
import * as v from 'valibot'
import type { Bus } from '../bus/bus'
import { hasConsent } from '../consent/consent'
import { toGa4Event, type Ga4Event } from './ga4-events'
import { onTracked, type TrackedMessage } from './tracked'
import { reportError } from '../report/report'

declare global {
  interface Window {
    /** Google Tag Manager's / gtag.js's data layer (created when missing). */
    dataLayer?: object[]
  }
}

export const SENT_PURCHASES_KEY = 'wine-widgets:ga4-purchases'
const KEEP_PURCHASES = 50

export interface Ga4Options {
  /** Whether the visitor consents now (default: the consent cookie). */
  consent?: () => boolean
  /** The data layer to push to (default: `window.dataLayer`, created when missing). */
  dataLayer?: () => object[]
  /** Where sent order numbers are kept (default: localStorage; null when unavailable). */
  storage?: () => Pick<Storage, 'getItem' | 'setItem'> | null
}

function defaultLayer(): object[] {
  window.dataLayer ??= []
  return window.dataLayer
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

const TransactionSchema = v.string()

/**
 * The order numbers already pushed as purchases, and whether something did not fit (a broken or
 * foreign value reads as none; an entry that is not an order number is dropped).
 */
function readPurchases(raw: string | null): { sent: string[]; dropped: boolean } {
  if (!raw) return { sent: [], dropped: false }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { sent: [], dropped: true }
  }
  if (!Array.isArray(value)) return { sent: [], dropped: true }
  const sent = value.filter((id) => v.is(TransactionSchema, id))
  return { sent, dropped: sent.length < value.length }
}

/** The order numbers already pushed as purchases (a broken or foreign value reads as none). */
export const readSentPurchases = (raw: string | null): string[] => readPurchases(raw).sent

/** The list with `id` added at the end, the oldest dropped beyond the last 50. */
export function withSentPurchase(sent: readonly string[], id: string): string[] {
  return [...sent.filter((s) => s !== id), id].slice(-KEEP_PURCHASES)
}

/** Turns tracked bus events into data layer pushes (consent, purchase once). */
export function createGa4Tracker(options: Ga4Options = {}) {
  const consent = options.consent ?? hasConsent
  const layer = options.dataLayer ?? defaultLayer
  const storage = options.storage ?? defaultStorage

  const save = (list: readonly string[]) => {
    try {
      storage()?.setItem(SENT_PURCHASES_KEY, JSON.stringify(list))
    } catch {
      // Storage full or refused: the purchase was pushed; at worst a reload pushes it again.
    }
  }
  /** What does not fit is dropped with one warning, and the rest written back. */
  const sent = (): string[] => {
    let raw: string | null
    try {
      raw = storage()?.getItem(SENT_PURCHASES_KEY) ?? null
    } catch {
      return []
    }
    const { sent: list, dropped } = readPurchases(raw)
    if (dropped) {
      reportError({
        area: 'analytics',
        level: 'warn',
        message: `Discarded sent purchases in localStorage "${SENT_PURCHASES_KEY}" that do not fit.`,
      })
      save(list)
    }
    return list
  }
  const remember = (id: string) => save(withSentPurchase(sent(), id))

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
      if (transaction !== undefined && sent().includes(transaction)) return
      push(event)
      if (transaction !== undefined) remember(transaction)
    },
  }
}

/**
 * Starts the analytics: follows the bus. The page services start it before any widget renders
 * (`mount/page-services.ts`), so no event comes before it listens. Returns the stop function.
 */
export function startGa4(bus: Bus): () => void {
  const tracker = createGa4Tracker()
  const handle = (message: TrackedMessage) => {
    try {
      tracker.handle(message)
    } catch (error) {
      reportError({ area: 'analytics', message: 'Analytics: could not push an event', error })
    }
  }
  return onTracked(bus, handle)
}
