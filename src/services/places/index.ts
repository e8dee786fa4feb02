/**
 * Address autocomplete adapter. `loadPlaces(config, locale)` resolves to the places service a test
 * page registered in `window.wineWidgetsServices.places` (`../overrides`; the demo's fake lives in
 * `mocks/`, never in this build), else to the real Google places service (`./google`, a lazy
 * chunk). A rejection (Maps failing to load after its retries, or no `maps` config) is not cached:
 * the next form mount tries again.
 */
import { readConfig, type WidgetsConfig } from '../../config/config'
import type { Locale } from '../../domain/types'
import { serviceOverride } from '../overrides'
import type { PlacesService } from './types'

let shared: Promise<PlacesService> | null = null

export function loadPlaces(config?: WidgetsConfig, locale: Locale = 'fr'): Promise<PlacesService> {
  if (!shared) {
    const override = serviceOverride('places')
    const loading = override
      ? Promise.resolve(locale).then(override)
      : import('./google').then((m) =>
          m.loadGooglePlaces((config ?? readConfig().config).maps?.apiKey, locale),
        )
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
