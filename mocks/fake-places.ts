/**
 * Demo and test fake of the places service: the same `PlacesService` interface as
 * `src/services/places/google.ts`, registered by the demo bootstrap and the component tests through
 * `window.wineWidgetsServices.places` (`src/services/overrides.ts`), never part of the library build.
 * It answers from a few Belgian addresses through the same suggestion list as the real service
 * (an ARIA combobox under our own input); a chosen suggestion goes through the same
 * `addressFromComponents` as real Google results.
 */
import { addressFromComponents } from '../src/services/places/address'
import { attachSuggestions, type SuggestionSource } from '../src/services/places/suggestions'
import type { AddressComponent, PlacesService } from '../src/services/places/types'

interface FakePlace {
  route: string
  number: string
  zip: string
  city: string
}

/** The addresses the fake knows (one without a house number, to test manual completion). */
export const FAKE_PLACES: readonly FakePlace[] = [
  { route: 'Rue de la Loi', number: '16', zip: '1000', city: 'Bruxelles' },
  { route: 'Rue de la Montagne', number: '52', zip: '1000', city: 'Bruxelles' },
  { route: 'Avenue Louise', number: '54', zip: '1050', city: 'Ixelles' },
  { route: 'Grote Markt', number: '1', zip: '2000', city: 'Antwerpen' },
  { route: 'Korenmarkt', number: '5', zip: '9000', city: 'Gent' },
  { route: 'Place Saint-Lambert', number: '12', zip: '4000', city: 'Liège' },
  { route: 'Dorpstraat', number: '', zip: '3000', city: 'Leuven' },
]

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

const describe = (p: FakePlace) =>
  `${[p.route, p.number].filter(Boolean).join(' ')}, ${p.zip} ${p.city}`

function components(place: FakePlace, countryName: string): AddressComponent[] {
  const c = (long_name: string, type: string, short_name = long_name) => ({
    long_name,
    short_name,
    types: [type, 'political'],
  })
  return [
    ...(place.number ? [c(place.number, 'street_number')] : []),
    c(place.route, 'route'),
    c(place.city, 'locality'),
    c(place.zip, 'postal_code'),
    c(countryName, 'country', 'BE'),
  ]
}

/**
 * The fake answers from `FAKE_PLACES` through the same suggestion list as the real service
 * (`src/services/places/suggestions.ts`), so tests exercise what shoppers use.
 */
export function createFakePlaces(locale = 'fr'): PlacesService {
  let countryName = 'Belgium'
  try {
    countryName = new Intl.DisplayNames([`${locale}-BE`], { type: 'region' }).of('BE') ?? 'Belgium'
  } catch {
    /* Intl without region names: keep the English name */
  }
  const source: SuggestionSource = {
    find(query) {
      const folded = fold(query)
      return Promise.resolve(
        FAKE_PLACES.filter((p) => fold(describe(p)).includes(folded)).map((place) => ({
          label: describe(place),
          address: () => Promise.resolve(addressFromComponents(components(place, countryName))),
        })),
      )
    },
  }
  return { attach: (input, onSelect) => attachSuggestions(input, source, onSelect) }
}
