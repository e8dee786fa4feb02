/**
 * Address autocomplete adapter. `loadPlaces(config, locale)` resolves to the places service a test
 * page registered in `window.wineWidgetsServices.places` (`../overrides`; the demo's fake lives in
 * `mocks/`, never in this build), else to the real Google places service (`./google`, a lazy
 * chunk). Components read it through `placesQueryOptions`: React Query loads it once per page and
 * locale, retries a failed load 3 times, and keeps no failure (the next form mount tries
 * again).
 */
import { queryOptions } from '@tanstack/react-query'
import { MissingConfigError, readConfig, type WidgetsConfig } from '../../config/config'
import type { Locale } from '../../domain/types'
import { serviceOverride } from '../overrides'
import { MAPS_RETRIES, type PlacesService } from './types'

/** One load of the places service, no retry (`placesQueryOptions` retries). */
export function loadPlaces(config?: WidgetsConfig, locale: Locale = 'fr'): Promise<PlacesService> {
  const override = serviceOverride('places')
  if (override) return Promise.resolve(locale).then(override)
  return import('./google').then((m) =>
    m.loadGooglePlaces((config ?? readConfig().config).maps?.apiKey, locale),
  )
}

/** Waits before the 1st, 2nd, 3rd retry of a failed load. */
export const PLACES_RETRY_DELAYS_MS = [200, 400, 600]

/** The places service of a locale as server state: loaded once, kept for the page. */
export const placesQueryOptions = (locale: Locale, config?: WidgetsConfig) =>
  queryOptions({
    queryKey: ['places-service', locale],
    queryFn: () => loadPlaces(config, locale),
    // A missing key does not come back by trying again.
    retry: (failures, error) => !(error instanceof MissingConfigError) && failures < MAPS_RETRIES,
    retryDelay: (failures) => PLACES_RETRY_DELAYS_MS[failures] ?? 600,
    staleTime: Infinity,
    gcTime: Infinity,
  })
