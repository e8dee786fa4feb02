import { describe, expect, it } from 'vitest'
import { closest, editDistance } from './closest'

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['data-intervall', 'data-interval', 1],
    ['algola', 'algolia', 1],
    ['data-odoo-cod', 'data-odoo-code', 1],
    ['kitten', 'sitting', 3],
  ])('%s → %s: %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance)
    expect(editDistance(b, a)).toBe(distance)
  })
})

describe('closest', () => {
  const known = ['data-interval', 'data-locale', 'data-load', 'data-widget']

  it('names the nearest known name within two edits', () => {
    expect(closest('data-intervall', known)).toBe('data-interval')
    expect(closest('data-lod', known)).toBe('data-load')
    expect(closest('publishablekey', ['publishableKey'])).toBe('publishableKey')
  })

  it('names none when nothing is that close (a name of the host’s own)', () => {
    expect(closest('data-gtm-id', known)).toBeNull()
    expect(closest('extra', ['publishableKey'])).toBeNull()
  })
})
