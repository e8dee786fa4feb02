/**
 * The real places service: Google Maps JavaScript API through `@googlemaps/js-api-loader` v2
 * (`setOptions({ key })`, then `importLibrary('places')`, retried 3 times), with the legacy
 * `google.maps.places.Autocomplete` restricted to Belgium and to addresses.
 */
/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader'
import { MissingConfigError } from '../../config/config'
import { addressFromComponents, withRetries } from './address'
import { MAPS_RETRIES, PLACES_COUNTRIES, type PlacesService } from './types'

let optionsSet = false

export async function loadGooglePlaces(
  apiKey: string | undefined,
  language: string,
): Promise<PlacesService> {
  if (!apiKey) throw new MissingConfigError('maps')
  if (!optionsSet) {
    // setOptions may run only once per page.
    setOptions({ key: apiKey, v: 'weekly', language, region: 'BE' })
    optionsSet = true
  }
  const places = await withRetries(() => importLibrary('places'), MAPS_RETRIES)
  return {
    attach(input, onSelect) {
      const autocomplete = new places.Autocomplete(input, {
        componentRestrictions: { country: PLACES_COUNTRIES },
        types: ['address'],
        fields: ['address_components'],
      })
      const listener = autocomplete.addListener('place_changed', () => {
        // Enter without choosing gives a place without components: the typed text stays.
        const components = autocomplete.getPlace().address_components
        if (components?.length) onSelect(addressFromComponents(components))
      })
      return () => {
        listener.remove()
        google.maps.event.clearInstanceListeners(autocomplete)
      }
    },
  }
}
