/**
 * Service overrides: how a test page swaps an external service (card payments, address
 * autocomplete) for a stand-in without the library holding one (docs/architecture.md rule 4).
 *
 * A test page sets `window.wineWidgetsServices` BEFORE it loads the library:
 *
 *   window.wineWidgetsServices = {
 *     payments: () => loadStripeStandIn(), // resolves to an object with Stripe.js's interface
 *     places: (locale) => loadPlacesStandIn(locale),
 *   }
 *
 * The demo bootstrap (`demo-pages/boot.ts`) and the component tests (`mocks/vitest-setup.ts`)
 * register the fakes in `mocks/`. Production pages never set it; without it the loaders use the
 * real services (Stripe.js, Google Maps). The config's `demo` flag chooses no service.
 */
import type { Stripe } from '@stripe/stripe-js'
import type { Locale } from '../domain/types'
import type { PlacesService } from './places/types'

export interface ServiceOverrides {
  /** Replaces `loadStripe(publishableKey)`: resolves to an object with Stripe.js's interface. */
  payments?: () => Promise<Stripe>
  /** Replaces the Google places service for the page's locale. */
  places?: (locale: Locale) => Promise<PlacesService>
}

declare global {
  interface Window {
    /** Test pages only (see `src/services/overrides.ts`); production pages never set it. */
    wineWidgetsServices?: ServiceOverrides
  }
}

/** The override a test page registered for this service, if any (anything else is ignored). */
export function serviceOverride<K extends keyof ServiceOverrides>(
  name: K,
): ServiceOverrides[K] | undefined {
  if (typeof window === 'undefined') return undefined
  const override = window.wineWidgetsServices?.[name]
  return typeof override === 'function' ? override : undefined
}
