import { describe, expect, it } from 'vitest'
import { isPriceLevel, priceLevelFor, priceLevelSigns } from './price-level'

describe('priceLevelFor: 1 = under 10, 2 = 10 to 17, 3 = 17 to 25, 4 = over 25 EUR (spec 9)', () => {
  it.each([
    [0, 1],
    [4.99, 1],
    [9.99, 1],
    [9.999, 2],
    [10, 2],
    [12.5, 2],
    [16.99, 2],
    [17, 3],
    [21, 3],
    [25, 3],
    [25.01, 4],
    [120, 4],
  ])('%f EUR → level %i', (price, level) => {
    expect(priceLevelFor(price)).toBe(level)
  })

  it.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY]])('%f EUR has no level', (price) => {
    expect(priceLevelFor(price)).toBeNull()
  })
})

describe('priceLevelSigns: levels 1 to 4 shown as 1 to 4 euro signs', () => {
  it.each<[unknown, string]>([
    [1, '€'],
    [2, '€€'],
    [3, '€€€'],
    [4, '€€€€'],
    ['3', '€€€'],
    [0, ''],
    [5, ''],
    [2.5, ''],
    [null, ''],
    ['', ''],
    ['cheap', ''],
  ])('level %s → "%s"', (level, signs) => {
    expect(priceLevelSigns(level)).toBe(signs)
  })

  it('recognises only 1 to 4 as a level', () => {
    expect([0, 1, 2, 3, 4, 5, '1'].filter(isPriceLevel)).toEqual([1, 2, 3, 4])
  })
})
