import type { Bus } from '../bus/bus'
import type { BusEventName, BusEvents } from '../bus/events'

/**
 * The bus events the GA4 analytics turn into dataLayer pushes.
 */
export const GA4_TRACKED = [
  'item:viewed',
  'cart:item-added',
  'cart:item-removed',
  'cart:viewed',
  'checkout:started',
  'payment:submitted',
  'order:paid',
  'search:query',
  'sommelier:feedback',
] as const satisfies readonly BusEventName[]

export type TrackedEvent = (typeof GA4_TRACKED)[number]

/** One tracked bus event with its payload. */
export type TrackedMessage = {
  [K in TrackedEvent]: { name: K; payload: BusEvents[K] }
}[TrackedEvent]

/** Hands every tracked bus event to `handler`; returns the unsubscribe function. */
export function onTracked(bus: Bus, handler: (message: TrackedMessage) => void): () => void {
  const stops = GA4_TRACKED.map((name) =>
    bus.on(name, (payload) =>
      // `name` and `payload` belong together (bus.on is typed per name), but TypeScript cannot
      // correlate them across the union of names.
      handler({ name, payload } as TrackedMessage),
    ),
  )
  return () => stops.forEach((stop) => stop())
}
