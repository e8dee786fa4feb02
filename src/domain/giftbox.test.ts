import { describe, expect, it } from 'vitest'
import {
  type BottlesPerGift,
  type BoxType,
  type GiftboxInput,
  type LogoColours,
  boxPrice,
  estimateGiftbox,
  giftCountFromInput,
  isBottlesPerGift,
  normalizeGiftCount,
  printingTier,
} from './giftbox'

describe('box price per gift (1 → 3, 2 → 5, 3 → 7, 4 → 9, 6 → 11; thick × 1.5)', () => {
  it.each<[BottlesPerGift, BoxType, number]>([
    [1, 'thin', 3],
    [2, 'thin', 5],
    [3, 'thin', 7],
    [4, 'thin', 9],
    [6, 'thin', 11],
    [1, 'thick', 4.5],
    [2, 'thick', 7.5],
    [3, 'thick', 10.5],
    [4, 'thick', 13.5],
    [6, 'thick', 16.5],
  ])('%i bottle(s), %s box → %f EUR', (bottles, box, expected) => {
    expect(boxPrice(bottles, box)).toBe(expected)
  })
})

describe('printing per unit per colour (1–50 0.75, 51–100 0.65, 101–500 0.5, 501+ 0.4)', () => {
  it.each([
    [1, 0.75],
    [50, 0.75],
    [51, 0.65],
    [100, 0.65],
    [101, 0.5],
    [500, 0.5],
    [501, 0.4],
    [10_000, 0.4],
  ])('%i gifts → %f EUR', (gifts, expected) => {
    expect(printingTier(gifts)).toBe(expected)
  })
})

const input = (
  gifts: number,
  bottles: BottlesPerGift,
  box: BoxType,
  colours: LogoColours,
  letter: boolean,
): GiftboxInput => ({ gifts, bottles, box, colours, letter })

describe('estimate: gifts × box + (50 + 25) × colours + gifts × tier × colours + letters', () => {
  it.each([
    // gifts, bottles, box, colours, letter → boxes, film+setup, printing, letters, total, per gift
    [input(10, 2, 'thin', 1, false), 50, 75, 7.5, 0, 132.5, 13.25],
    [input(1, 1, 'thin', 1, false), 3, 75, 0.75, 0, 78.75, 78.75],
    [input(50, 1, 'thick', 2, true), 225, 150, 75, 12.5, 462.5, 9.25],
    [input(51, 3, 'thin', 1, false), 357, 75, 33.15, 0, 465.15, 9.12],
    [input(100, 6, 'thick', 4, true), 1650, 300, 260, 25, 2235, 22.35],
    [input(101, 4, 'thin', 2, false), 909, 150, 101, 0, 1160, 11.49],
    [input(500, 2, 'thick', 1, true), 3750, 75, 250, 125, 4200, 8.4],
    [input(501, 6, 'thin', 4, true), 5511, 300, 801.6, 125.25, 6737.85, 13.45],
    [input(3, 3, 'thick', 4, true), 31.5, 300, 9, 0.75, 341.25, 113.75],
  ])('%o', (value, boxes, filmAndSetup, printing, letters, total, perGift) => {
    expect(estimateGiftbox(value)).toEqual({
      boxes,
      filmAndSetup,
      printing,
      letters,
      total,
      perGift,
    })
  })

  it('the breakdown adds up to the total', () => {
    for (const gifts of [1, 7, 49, 50, 51, 99, 100, 101, 333, 500, 501, 1234]) {
      const e = estimateGiftbox(input(gifts, 3, 'thick', 2, true))!
      expect(e.boxes + e.filmAndSetup + e.printing + e.letters).toBeCloseTo(e.total, 9)
    }
  })

  it.each([0, -5, Number.NaN])('%f gifts → no estimate (the widget shows dashes)', (gifts) => {
    expect(estimateGiftbox(input(gifts, 1, 'thin', 1, false))).toBeNull()
  })

  it('counts a fraction of a gift as whole gifts', () => {
    expect(estimateGiftbox(input(10.7, 2, 'thin', 1, false))?.total).toBe(132.5)
  })
})

describe('number of gifts (on blur a non-numeric value or one below 1 becomes 1)', () => {
  it.each([
    ['abc', 1],
    ['', 1],
    ['  ', 1],
    ['0', 1],
    ['-3', 1],
    ['0.5', 1],
    ['1', 1],
    ['12', 12],
    [' 40 ', 40],
    ['2.9', 2],
    ['1e3', 1000],
  ])('on blur "%s" → %i', (raw, expected) => {
    expect(normalizeGiftCount(raw)).toBe(expected)
  })

  it.each([
    ['', 0],
    ['abc', 0],
    ['0', 0],
    ['-2', 0],
    ['7', 7],
    ['120', 120],
  ])('while typing "%s" counts as %i', (raw, expected) => {
    expect(giftCountFromInput(raw)).toBe(expected)
  })
})

describe('option guards', () => {
  it.each([
    [1, true],
    [2, true],
    [3, true],
    [4, true],
    [5, false],
    [6, true],
    [12, false],
  ])('%i bottles per gift allowed: %s', (value, expected) => {
    expect(isBottlesPerGift(value)).toBe(expected)
  })
})
