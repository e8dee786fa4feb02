import { describe, expect, it } from 'vitest'
import {
  formatDash,
  formatMoney,
  formatNegativeMoney,
  intlLocale,
  roundCents,
  toCents,
} from './money'
import type { Locale } from './types'

/** Intl puts U+00A0 / U+202F where a reader sees a space; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('roundCents', () => {
  it.each([
    [0.1 + 0.2, 0.3],
    [1.005, 1.01],
    [2.675, 2.68],
    [19.999, 20],
    [10, 10],
    [-1.005, -1.01],
    [-0.001, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('roundCents(%f) = %f', (input, expected) => {
    expect(roundCents(input)).toBe(expected)
  })

  it('never returns -0 (a tiny negative rounds to plain 0)', () => {
    expect(Object.is(roundCents(-0.004), 0)).toBe(true)
  })
})

describe('toCents: payment amount in cents, rounded', () => {
  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [123.456, 12346],
    [150, 15000],
    [0, 0],
  ])('toCents(%f) = %i', (amount, cents) => {
    expect(toCents(amount)).toBe(cents)
    expect(Number.isInteger(toCents(amount))).toBe(true)
  })
})

describe('formatMoney: EUR with 2 decimals per locale', () => {
  it.each<[Locale, string]>([
    ['en', 'en-BE'],
    ['fr', 'fr-BE'],
    ['nl', 'nl-BE'],
  ])('%s uses the %s number format', (locale, tag) => {
    expect(intlLocale(locale)).toBe(tag)
    const intl = new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' })
    expect(formatMoney(1234.5, locale)).toBe(intl.format(1234.5))
  })

  it.each<[Locale, number, string]>([
    ['fr', 1234.5, '1 234,50 €'],
    ['fr', 2, '2,00 €'],
    ['nl', 1234.5, '€ 1.234,50'],
    ['nl', 9.9, '€ 9,90'],
    ['en', 1234.5, '€1,234.50'],
    ['en', 0.1 + 0.2, '€0.30'],
  ])('%s: %f → "%s"', (locale, amount, expected) => {
    expect(plain(formatMoney(amount, locale))).toBe(expected)
  })

  it('keeps the non-breaking spaces Intl uses (the amount never wraps)', () => {
    expect(formatMoney(2, 'fr')).toMatch(/2,00\u00a0€/)
    expect(formatMoney(2, 'fr')).not.toContain(' ')
  })

  it('shows a broken amount as 0 rather than "NaN"', () => {
    expect(plain(formatMoney(Number.NaN, 'fr'))).toBe('0,00 €')
  })

  it('rounds half away from zero before formatting (1.005 → 1,01)', () => {
    expect(plain(formatMoney(1.005, 'fr'))).toBe('1,01 €')
  })
})

describe('formatNegativeMoney: discounts with a minus sign', () => {
  it.each<[Locale, number, string]>([
    ['fr', 2, '-2,00 €'],
    ['fr', -2, '-2,00 €'],
    ['nl', 20, '€ -20,00'],
    ['en', 0.2, '-€0.20'],
    ['fr', 0, '0,00 €'],
    ['fr', 0.001, '0,00 €'],
  ])('%s: %f → "%s"', (locale, amount, expected) => {
    expect(plain(formatNegativeMoney(amount, locale))).toBe(expected)
  })
})

describe('formatDash: invoices show 0.00 as "-"', () => {
  it.each<[Locale, number, string]>([
    ['fr', 0, '-'],
    ['nl', 0.004, '-'],
    ['en', -0, '-'],
    ['fr', 12.5, '12,50 €'],
    ['nl', 0.01, '€ 0,01'],
  ])('%s: %f → "%s"', (locale, amount, expected) => {
    expect(plain(formatDash(amount, locale))).toBe(expected)
  })
})
