import { describe, expect, it } from 'vitest'
import {
  MAX_POINTS_LENGTH,
  MAX_QUANTITY_LENGTH,
  addBoxQuantity,
  bundleBlurQuantity,
  bundleMaxQuantity,
  clampQuantity,
  isOutOfStock,
  minusQuantity,
  plusQuantity,
  wineInputQuantity,
} from './quantity'

describe('input lengths', () => {
  it('quantity input maximum length 3, points input maximum length 4', () => {
    expect(MAX_QUANTITY_LENGTH).toBe(3)
    expect(MAX_POINTS_LENGTH).toBe(4)
  })
})

describe('plusQuantity: adds 6 (5 the first time when starting from 1)', () => {
  it.each([
    [1, 999, 6],
    [6, 999, 12],
    [12, 999, 18],
    [0, 999, 6],
    [3, 999, 9],
    [1, 4, 4],
    [12, 15, 15],
    [6, 0, 0],
    [Number.NaN, 999, 6],
  ])('%f + step (max %i) → %i', (current, max, next) => {
    expect(plusQuantity(current, max)).toBe(next)
  })

  it('walks the ladder 1 → 6 → 12 → 18 → 24', () => {
    const ladder = [1]
    for (let i = 0; i < 4; i += 1) ladder.push(plusQuantity(ladder.at(-1) ?? 1, 999))
    expect(ladder).toEqual([1, 6, 12, 18, 24])
  })
})

describe('minusQuantity: steps back the same way (18 → 12 → 6 → 1)', () => {
  it.each([
    [18, 12],
    [12, 6],
    [6, 1],
    [1, 1],
    [9, 3],
    [4, 1],
    [0, 1],
  ])('%i − step → %i', (current, next) => {
    expect(minusQuantity(current)).toBe(next)
  })

  it('a plus then a minus returns to where it started (1 → 6 → 1, 12 → 18 → 12)', () => {
    expect(minusQuantity(plusQuantity(1, 999))).toBe(1)
    expect(minusQuantity(plusQuantity(12, 999))).toBe(12)
  })
})

describe('clampQuantity: typed value clamped to [min, max]', () => {
  it.each<[unknown, number, number, number]>([
    ['7', 1, 24, 7],
    [' 7 ', 1, 24, 7],
    ['7.9', 1, 24, 7],
    ['99', 1, 24, 24],
    ['0', 1, 24, 1],
    ['-3', 1, 24, 1],
    ['', 1, 24, 1],
    ['abc', 1, 24, 1],
    ['12abc', 0, 24, 0],
    [null, 1, 24, 1],
    [5, 1, 24, 5],
    ['3', 1, 0, 0],
  ])('%j in [%i, %i] → %i', (value, min, max, result) => {
    expect(clampQuantity(value, min, max)).toBe(result)
  })
})

describe('wine page: input minimum 1 capped at stock; add box between 0 and stock', () => {
  it.each<[unknown, number, number]>([
    ['0', 24, 1],
    ['abc', 24, 1],
    ['30', 24, 24],
    ['12', 24, 12],
  ])('input %j with stock %i → %i', (value, stock, result) => {
    expect(wineInputQuantity(value, stock)).toBe(result)
  })

  it.each<[unknown, number, number]>([
    ['0', 24, 0],
    ['-1', 24, 0],
    ['30', 24, 24],
    ['', 24, 0],
    ['5', 0, 0],
  ])('add box %j with stock %i → %i', (value, stock, result) => {
    expect(addBoxQuantity(value, stock)).toBe(result)
  })
})

describe('bundle: maximum is stock minus quantity already in the cart', () => {
  it.each([
    [10, 0, 10],
    [10, 4, 6],
    [10, 10, 0],
    [3, 5, 0],
  ])('stock %i, %i in cart → at most %i more', (stock, inCart, max) => {
    expect(bundleMaxQuantity(stock, inCart)).toBe(max)
  })

  it.each<[unknown, number, number, number]>([
    ['4', 10, 4, 4],
    ['9', 10, 4, 6],
    ['0', 10, 4, 0],
    ['x', 10, 4, 0],
    ['2', 10, 10, 0],
  ])('on blur %j with stock %i and %i in cart → %i', (value, stock, inCart, result) => {
    expect(bundleBlurQuantity(value, stock, inCart)).toBe(result)
  })

  it('the plus button caps at stock − quantity in cart', () => {
    expect(plusQuantity(1, bundleMaxQuantity(5, 1))).toBe(4)
  })
})

describe('isOutOfStock: qty_available 0 or less', () => {
  it.each([
    [0, true],
    [-2, true],
    [Number.NaN, true],
    [1, false],
    [24, false],
  ])('qty_available %f → %s', (qty, expected) => {
    expect(isOutOfStock(qty)).toBe(expected)
  })
})
