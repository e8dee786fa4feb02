// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MissingConfigError } from '../../config/config'
import { ADDRESS_TYPES, loadGooglePlaces } from './google'

// Google's Maps script cannot load here: a stand-in of the Places (New) library, shaped like
// `@types/google.maps` (AutocompleteSuggestion, AutocompleteSessionToken, Place.fetchFields).
const loader = vi.hoisted(() => ({ importLibrary: vi.fn(), setOptions: vi.fn() }))
vi.mock('@googlemaps/js-api-loader', () => loader)

class Token {
  static made = 0
  readonly n = ++Token.made
}

const LOI = [
  { longText: '16', shortText: '16', types: ['street_number'] },
  { longText: 'Rue de la Loi', shortText: 'Rue de la Loi', types: ['route'] },
  { longText: 'Bruxelles', shortText: 'Bruxelles', types: ['locality', 'political'] },
  { longText: '1000', shortText: '1000', types: ['postal_code'] },
  { longText: 'Belgique', shortText: 'BE', types: ['country', 'political'] },
]

function placesLibrary() {
  const fetchFields = vi.fn(async function (this: { addressComponents?: unknown }) {
    this.addressComponents = LOI
    return { place: this }
  })
  const fetchAutocompleteSuggestions = vi.fn(async () => ({
    suggestions: [
      {
        placePrediction: {
          text: { toString: () => 'Rue de la Loi 16, 1000 Bruxelles, Belgique' },
          toPlace: () => ({ fetchFields, addressComponents: undefined }),
        },
      },
      { placePrediction: null },
    ],
  }))
  return {
    AutocompleteSuggestion: { fetchAutocompleteSuggestions },
    AutocompleteSessionToken: Token,
    fetchFields,
  }
}

// Each test runs in a fresh page (mocks/vitest-setup.ts), which gives the loader its options again.
afterEach(() => {
  loader.importLibrary.mockReset()
  loader.setOptions.mockReset()
})

describe('Places API (New) behind our own input', () => {
  it('needs a Maps key', async () => {
    await expect(loadGooglePlaces(undefined, 'fr')).rejects.toBeInstanceOf(MissingConfigError)
  })

  it('suggests Belgian addresses only, and fills the fields from the chosen place', async () => {
    const library = placesLibrary()
    loader.importLibrary.mockResolvedValue(library)
    const places = await loadGooglePlaces('browser-key', 'fr')
    expect(loader.setOptions).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'browser-key', language: 'fr', region: 'BE' }),
    )
    expect(loader.importLibrary).toHaveBeenCalledWith('places')

    document.body.innerHTML = '<label for="street">Rue et numéro</label><input id="street" />'
    const input = screen.getByLabelText<HTMLInputElement>('Rue et numéro')
    const chosen = vi.fn()
    const detach = places.attach(input, chosen)
    const user = userEvent.setup()
    await user.type(input, 'rue de la loi')
    const option = await screen.findByRole('option', {
      name: 'Rue de la Loi 16, 1000 Bruxelles, Belgique',
    })
    expect(screen.getByRole('combobox', { name: 'Rue et numéro' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    const calls = library.AutocompleteSuggestion.fetchAutocompleteSuggestions.mock
      .calls as unknown as [{ sessionToken: Token }][]
    // Debounced: one request for the whole word, not one per keystroke.
    expect(calls).toHaveLength(1)
    expect(calls[0]![0]).toMatchObject({
      input: 'rue de la loi',
      includedRegionCodes: ['be'],
      includedPrimaryTypes: ADDRESS_TYPES,
      language: 'fr',
    })
    const firstSession = calls[0]![0].sessionToken

    await user.click(option)
    await waitFor(() =>
      expect(chosen).toHaveBeenCalledWith({
        street: 'Rue de la Loi 16',
        zip: '1000',
        city: 'Bruxelles',
        country: 'Belgique',
        country_code: 'BE',
      }),
    )
    expect(library.fetchFields).toHaveBeenCalledWith({ fields: ['addressComponents'] })

    // A new address is a new billing session.
    await user.clear(input)
    await user.type(input, 'avenue louise')
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]![0].sessionToken).not.toBe(firstSession)

    detach()
    expect(input).not.toHaveAttribute('role')
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull()
  })
})
