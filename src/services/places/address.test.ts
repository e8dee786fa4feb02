// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { addressFromComponents, withRetries } from './address'
import { createFakePlaces } from '../../../mocks/fake-places'

const c = (long_name: string, type: string, short_name = long_name) => ({
  long_name,
  short_name,
  types: [type, 'political'],
})

describe('address from place components (spec 5)', () => {
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

describe('maps loader retries (spec 9: 3 retries)', () => {
  const noWait = () => Promise.resolve()

  it('succeeds on the fourth attempt', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('1'))
      .mockRejectedValueOnce(new Error('2'))
      .mockRejectedValueOnce(new Error('3'))
      .mockResolvedValue('places')
    await expect(withRetries(load, 3, noWait)).resolves.toBe('places')
    expect(load).toHaveBeenCalledTimes(4)
  })

  it('gives up after 3 retries with the last error', async () => {
    const load = vi.fn(() =>
      Promise.reject(new Error('The Google Maps JavaScript API could not load.')),
    )
    await expect(withRetries(load, 3, noWait)).rejects.toThrow('could not load')
    expect(load).toHaveBeenCalledTimes(4)
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
