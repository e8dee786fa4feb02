import type { AddressComponent, PlaceAddress } from './types'

/**
 * A place's components as contact fields: route + street number, postal code, locality,
 * country (long name) and country code (short name, e.g. "BE"). Components are matched by their
 * first type. A missing part stays empty, so the shopper can type it by hand.
 */
export function addressFromComponents(components: readonly AddressComponent[]): PlaceAddress {
  const find = (type: string) => components.find((c) => c.types[0] === type)
  const route = find('route')?.long_name ?? ''
  const number = find('street_number')?.long_name ?? ''
  const country = find('country')
  return {
    street: [route, number].filter((part) => part.trim() !== '').join(' '),
    zip: find('postal_code')?.long_name ?? '',
    city: find('locality')?.long_name ?? find('postal_town')?.long_name ?? '',
    country: country?.long_name ?? '',
    country_code: (country?.short_name ?? '').toUpperCase(),
  }
}
