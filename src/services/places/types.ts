/** Address autocomplete adapter (docs/protocols.md, "Address autocomplete"). */

/** The contact fields a chosen place fills. Empty strings for parts the place lacks. */
export interface PlaceAddress {
  street: string
  zip: string
  city: string
  country: string
  country_code: string
}

/** Google's `address_components` entry. */
export interface AddressComponent {
  long_name: string
  short_name: string
  types: string[]
}

export interface PlacesService {
  /**
   * Attach autocomplete (Belgium, addresses only) to a text input; `onSelect` gets the chosen
   * place's address. Returns a function that detaches it. The input stays a normal, typeable field.
   */
  attach(input: HTMLInputElement, onSelect: (address: PlaceAddress) => void): () => void
}

/** Autocomplete is limited to Belgium. */
export const PLACES_COUNTRIES = ['be']
/** The maps loader retries 3 times. */
export const MAPS_RETRIES = 3
