import { describe, expect, it } from 'vitest'
import { formatNumber } from './format-number'

describe('formatNumber', () => {
  it.each([
    ['en', 'en-BE'],
    ['fr', 'fr-BE'],
    ['nl', 'nl-BE'],
  ] as const)('formats %s as Intl does for %s', (locale, tag) => {
    expect(formatNumber(1234567, locale)).toBe(new Intl.NumberFormat(tag).format(1234567))
    expect(formatNumber(0, locale)).toBe('0')
  })

  it('groups thousands in each locale', () => {
    expect(formatNumber(1500, 'nl')).toBe('1.500')
    expect(formatNumber(1500, 'fr')).toMatch(/^1\s500$/u)
  })
})
