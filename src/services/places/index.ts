/**
 * Address autocomplete adapter. `loadPlaces(config, locale)` resolves to the real Google places
 * service (`./google`) in production, or to the demo fake (`./fake`) when the config's `demo`
 * flag is set; both are lazy chunks. A rejection (Maps failing to load after its retries, or no
 * `maps` config) is not cached: the next form mount tries again.
 */
import { readConfig, type WidgetsConfig } from '../../config/config'
import type { Locale } from '../../domain/types'
import type { PlacesService } from './types'

let shared: Promise<PlacesService> | null = null

export function loadPlaces(
  config: WidgetsConfig = readConfig().config,
  locale: Locale = 'fr',
): Promise<PlacesService> {
  if (!shared) {
    const loading = config.demo
      ? import('./fake').then((m) => m.createFakePlaces(locale))
      : import('./google').then((m) => m.loadGooglePlaces(config.maps?.apiKey, locale))
    shared = loading
    loading.catch(() => {
      if (shared === loading) shared = null
    })
  }
  return shared
}

/** Test hook: forget the loaded service. */
export function resetPlacesForTests(): void {
  shared = null
}
