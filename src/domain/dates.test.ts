import { describe, expect, it, vi } from 'vitest'
import { formatDate, nlBeDate, sortByDateDesc, stripInvoicePrefix } from './dates'
import type { Locale } from './types'

describe('formatDate: dd/mm/yyyy', () => {
  it.each<[string, Locale, string]>([
    ['2025-03-14', 'fr', '14/03/2025'],
    ['2025-03-14', 'nl', '14/03/2025'],
    ['2025-03-14', 'en', '14/03/2025'],
    ['2024-01-01', 'en', '01/01/2024'],
    ['2026-11-02 10:22:01', 'fr', '02/11/2026'],
    ['2026-11-02T23:30:00Z', 'nl', '02/11/2026'],
  ])('%s in %s → %s', (iso, locale, expected) => {
    expect(formatDate(iso, locale)).toBe(expected)
  })

  it('shows the calendar date as written whatever the time zone', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles')
    try {
      // A naive `new Date('2025-01-01')` is 31 December in Los Angeles.
      expect(new Date('2025-01-01').getDate()).toBe(31)
      expect(formatDate('2025-01-01', 'fr')).toBe('01/01/2025')
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it.each([['not a date'], [''], ['2025-02-31']])('returns %j unchanged', (value) => {
    expect(formatDate(value, 'fr')).toBe(value)
  })
})

describe("nlBeDate: the points update's dd/mm/yyyy (contract PointsUpdate.date)", () => {
  it.each<[Date, string]>([
    [new Date(2026, 11, 1), '01/12/2026'],
    [new Date(2027, 0, 5, 23, 59), '05/01/2027'],
    [new Date(2026, 11, 31, 23, 30), '31/12/2026'],
    [new Date(2026, 10, 22), '22/11/2026'],
    [new Date(2028, 1, 29, 0, 0), '29/02/2028'],
  ])('%s → %s', (date, expected) => {
    expect(nlBeDate(date)).toBe(expected)
  })

  it("matches the contract's pattern on every day of a year", () => {
    const pattern = /^[0-9]{2}\/[0-9]{2}\/[0-9]{4}$/
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(2028, 0, 1 + day, 12)
      expect(nlBeDate(date)).toMatch(pattern)
    }
  })
})

describe('stripInvoicePrefix: "number (prefix removed)"', () => {
  it.each([
    ['INV/2025/00042', '2025/00042'],
    ['RINV/2024/00007', '2024/00007'],
    [' INV/2026/00100 ', '2026/00100'],
    ['2025/00042', '2025/00042'],
    ['SO042', 'SO042'],
  ])('%j → %j', (name, expected) => {
    expect(stripInvoicePrefix(name)).toBe(expected)
  })
})

describe('sortByDateDesc: invoices newest first', () => {
  it('orders by date descending without changing the input', () => {
    const invoices = [
      { name: 'a', date: '2024-05-01' },
      { name: 'b', date: '2026-01-15' },
      { name: 'c', date: 'garbage' },
      { name: 'd', date: '2025-03-14' },
    ]
    expect(sortByDateDesc(invoices).map((i) => i.name)).toEqual(['b', 'd', 'a', 'c'])
    expect(invoices.map((i) => i.name)).toEqual(['a', 'b', 'c', 'd'])
  })
})
