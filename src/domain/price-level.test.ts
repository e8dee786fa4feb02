import { describe, expect, it } from 'vitest'
import { isPriceLevel, priceLevelSigns, readPriceLevel } from './price-level'

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

describe("readPriceLevel: a search record's level, as a number or numeric text", () => {
  it.each<[unknown, number | null]>([
    [1, 1],
    [4, 4],
    ['2', 2],
    [' 3 ', 3],
    [0, null],
    [5, null],
    [2.5, null],
    ['', null],
    ['two', null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (value, level) => {
    expect(readPriceLevel(value)).toBe(level)
  })
})
