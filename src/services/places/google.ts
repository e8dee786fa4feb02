/**
 * The real places service on Google's Places API (New), loaded with `@googlemaps/js-api-loader`
 * v2 (`setOptions({ key })`, then `importLibrary('places')`; a failed load is retried 3 times by
 * the caller's query, `placesQueryOptions`). The legacy
 * `google.maps.places.Autocomplete` is closed to new Maps keys since 1 March 2025.
 *
 * Choice: `AutocompleteSuggestion.fetchAutocompleteSuggestions` + `Place.fetchFields` behind our
 * OWN input and list (`./suggestions.ts`), not the `PlaceAutocompleteElement` web component. The
 * element replaces the input with its own (closed shadow DOM): our label, required-field rules,
 * error messages, styles and tests would no longer apply to the field the shopper types in, and
 * the page's language and theme would stop at its border. With the data API the street field stays
 * ours, the list speaks ARIA like the rest of the checkout, and the demo fake plugs into the same
 * list. Requests carry a session token (renewed after each choice) so Google bills one session
 * per address.
 */
/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader'
import { MissingConfigError } from '../../config/config'
import { pageSlot } from '../../page/page-context'
import { addressFromComponents } from './address'
import { attachSuggestions, type SuggestionSource } from './suggestions'
import { PLACES_COUNTRIES, type PlacesService } from './types'

/**
 * Addresses only. Places (New) has no legacy `address` collection; these primary types
 * are what a delivery address is (a street still lets the shopper type the number by hand).
 */
export const ADDRESS_TYPES = ['street_address', 'premise', 'subpremise', 'route']

/**
 * Whether this page gave the loader its options: `setOptions` may run only once (the loader
 * ignores, with a warning, a second call), so a retried load or a second locale skip it. A page
 * is a document in a browser; a test's fresh page gives its mocked loader the options again.
 */
const loaderOptions = pageSlot(() => ({ set: false }))

export async function loadGooglePlaces(
  apiKey: string | undefined,
  language: string,
): Promise<PlacesService> {
  if (!apiKey) throw new MissingConfigError('maps')
  const options = loaderOptions.get()
  if (!options.set) {
    setOptions({ key: apiKey, v: 'weekly', language, region: 'BE' })
    options.set = true
  }
  const places = await importLibrary('places')
  const { AutocompleteSuggestion, AutocompleteSessionToken } = places
  return {
    attach(input, onSelect) {
      let session = new AutocompleteSessionToken()
      const source: SuggestionSource = {
        async find(query) {
          const { suggestions } = await AutocompleteSuggestion.fetchAutocompleteSuggestions({
            input: query,
            includedRegionCodes: PLACES_COUNTRIES,
            includedPrimaryTypes: ADDRESS_TYPES,
            language,
            region: 'be',
            sessionToken: session,
          })
          return suggestions.flatMap(({ placePrediction: prediction }) =>
            prediction
              ? [
                  {
                    label: prediction.text.toString(),
                    async address() {
                      const place = prediction.toPlace()
                      await place.fetchFields({ fields: ['addressComponents'] })
                      // The session ends with the details of the chosen place.
                      session = new AutocompleteSessionToken()
                      const components = place.addressComponents ?? []
                      if (components.length === 0) return null
                      return addressFromComponents(
                        components.map((c) => ({
                          long_name: c.longText ?? '',
                          short_name: c.shortText ?? '',
                          types: c.types,
                        })),
                      )
                    },
                  },
                ]
              : [],
          )
        },
      }
      return attachSuggestions(input, source, onSelect)
    },
  }
}
