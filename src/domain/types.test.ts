import { describe, expect, it } from 'vitest'
import { isLocale } from './types'

describe('isLocale: the site locales en, fr and nl', () => {
  it.each<[unknown, boolean]>([
    ['en', true],
    ['fr', true],
    ['nl', true],
    ['de', false],
    ['EN', false],
    ['fr-BE', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(isLocale(value)).toBe(expected)
  })
})
