// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { MissingConfigError } from '../../config/config'
import { addressFromComponents } from './address'
import { placesQueryOptions } from '.'
import type { PlacesService } from './types'
import { createFakePlaces } from '../../../mocks/fake-places'

const c = (long_name: string, type: string, short_name = long_name) => ({
  long_name,
  short_name,
  types: [type, 'political'],
})

describe('address from place components', () => {
  it('fills street + number, postal code, locality, country and country code', () => {
    expect(
      addressFromComponents([
        c('16', 'street_number'),
        c('Rue de la Loi', 'route'),
        c('Bruxelles', 'locality'),
        c('Bruxelles', 'administrative_area_level_1'),
        c('1000', 'postal_code'),
        c('Belgique', 'country', 'BE'),
      ]),
    ).toEqual({
      street: 'Rue de la Loi 16',
      zip: '1000',
      city: 'Bruxelles',
      country: 'Belgique',
      country_code: 'BE',
    })
  })

  it('leaves missing parts empty (no number, no postcode) so they can be typed', () => {
    expect(
      addressFromComponents([c('Dorpstraat', 'route'), c('Belgium', 'country', 'be')]),
    ).toEqual({ street: 'Dorpstraat', zip: '', city: '', country: 'Belgium', country_code: 'BE' })
  })
})

describe('places service loading (3 retries)', () => {
  const fake = createFakePlaces('fr')
  afterEach(() => {
    delete window.wineWidgetsServices
    vi.useRealTimers()
  })

  /** The query as the checkout runs it, on a page-like client, the clock moved by the test. */
  async function load(places: () => Promise<PlacesService>) {
    vi.useFakeTimers()
    window.wineWidgetsServices = { places }
    const result = new QueryClient().query(placesQueryOptions('fr'))
    result.catch(() => undefined)
    await vi.advanceTimersByTimeAsync(10_000)
    return result
  }

  it('succeeds on the fourth attempt', async () => {
    const places = vi
      .fn<() => Promise<PlacesService>>()
      .mockRejectedValueOnce(new Error('1'))
      .mockRejectedValueOnce(new Error('2'))
      .mockRejectedValueOnce(new Error('3'))
      .mockResolvedValue(fake)
    await expect(load(places)).resolves.toBe(fake)
    expect(places).toHaveBeenCalledTimes(4)
  })

  it('gives up after 3 retries with the last error', async () => {
    const places = vi.fn(() =>
      Promise.reject(new Error('The Google Maps JavaScript API could not load.')),
    )
    await expect(load(places)).rejects.toThrow('could not load')
    expect(places).toHaveBeenCalledTimes(4)
  })

  it('does not retry a missing Maps key', async () => {
    const places = vi.fn(() => Promise.reject(new MissingConfigError('maps')))
    await expect(load(places)).rejects.toBeInstanceOf(MissingConfigError)
    expect(places).toHaveBeenCalledTimes(1)
  })
})

describe('fake places service', () => {
  it('suggests Belgian addresses as a listbox and fills from the chosen one', async () => {
    const input = document.createElement('input')
    document.body.append(input)
    input.focus()
    const onSelect = vi.fn()
    const detach = createFakePlaces('nl').attach(input, onSelect)
    expect(input).toHaveAttribute('role', 'combobox')
    input.value = 'korenm'
    input.dispatchEvent(new Event('input'))
    const list = document.getElementById(input.getAttribute('aria-controls')!)!
    await waitFor(() => expect(list).toBeVisible())
    expect(input).toHaveAttribute('aria-expanded', 'true')
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }))
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }))
    await waitFor(() => expect(onSelect).toHaveBeenCalled())
    expect(onSelect).toHaveBeenCalledWith({
      street: 'Korenmarkt 5',
      zip: '9000',
      city: 'Gent',
      country: 'België',
      country_code: 'BE',
    })
    detach()
    expect(input).not.toHaveAttribute('role')
    expect(document.getElementById(list.id)).toBeNull()
    input.remove()
  })
})
