import { describe, expect, it } from 'vitest'
import {
  NO_PROMOTION,
  linePoints,
  normalizePromotion,
  orderPoints,
  pointsMultiplier,
} from './points'
import type { Promotion } from './types'

const points = (n: number): Promotion => ({ type: 'points', points: n, bogof: null })
const bogof: Promotion = { type: 'bogof', points: 1, bogof: { bo: 2, gof: 1 } }

describe('linePoints: floor((quantity × price + 5) / 10) × multiplier', () => {
  it.each([
    [1, 4.99, 1, 0],
    [1, 5, 1, 1],
    [1, 14.99, 1, 1],
    [1, 15, 1, 2],
    [6, 12.5, 1, 8],
    [3, 4.95, 1, 1],
    [12, 9.95, 1, 12],
    [2, 24.5, 2, 10],
    [6, 12.5, 3, 24],
  ])('floor((%i × %f + 5) / 10) × %i = %i points', (quantity, price, multiplier, expected) => {
    const promotion = multiplier === 1 ? NO_PROMOTION : points(multiplier)
    expect(linePoints({ quantity, price, promotion })).toBe(expected)
  })

  it('rounds quantity × price to cents first (1 × 14.995 is shown as 15,00 € → 2 points)', () => {
    expect(linePoints({ quantity: 1, price: 14.995, promotion: NO_PROMOTION })).toBe(2)
    expect(linePoints({ quantity: 150, price: 0.1, promotion: NO_PROMOTION })).toBe(2)
  })

  it.each([
    [0, 20],
    [-2, 20],
    [3, 0],
    [3, Number.NaN],
  ])('quantity %i at %f EUR earns 0 points', (quantity, price) => {
    expect(linePoints({ quantity, price, promotion: points(3) })).toBe(0)
  })
})

describe('pointsMultiplier: a points promotion with 1 point is treated as none', () => {
  it.each<[string, Promotion, number]>([
    ['none', NO_PROMOTION, 1],
    ['points ×2', points(2), 2],
    ['points ×3', points(3), 3],
    ['points ×1', points(1), 1],
    ['points ×0', points(0), 1],
    ['bogof', bogof, 1],
  ])('%s → ×%i', (_label, promotion, expected) => {
    expect(pointsMultiplier(promotion)).toBe(expected)
  })

  it('a missing promotion multiplies by 1', () => {
    expect(pointsMultiplier(undefined)).toBe(1)
  })
})

describe('orderPoints: sum of the line points', () => {
  it('adds the points of every line, each with its own multiplier', () => {
    const lines = [
      { quantity: 6, price: 12.5, promotion: NO_PROMOTION }, // floor(80 / 10) = 8
      { quantity: 2, price: 24.5, promotion: points(2) }, // floor(54 / 10) × 2 = 10
      { quantity: 1, price: 4.99, promotion: points(3) }, // floor(9.99 / 10) × 3 = 0
    ]
    expect(orderPoints(lines)).toBe(18)
  })

  it('an empty order earns 0 points', () => {
    expect(orderPoints([])).toBe(0)
  })
})

describe('normalizePromotion: rules-service loyalty answer → Promotion', () => {
  it.each<[string, unknown, Promotion]>([
    ['full response, points 2', { result: { output: { type: 'points', points: 2 } } }, points(2)],
    ['result.output, points 3', { output: { type: 'points', points: 3, bogof: null } }, points(3)],
    ['bare points "3" as text', { type: 'points', points: '3' }, points(3)],
    ['points 2.7 floored', { type: 'points', points: 2.7 }, points(2)],
    ['type in capitals', { type: ' POINTS ', points: 2 }, points(2)],
    [
      'bogof 2 + 1',
      { result: { output: { type: 'bogof', points: 1, bogof: { bo: 2, gof: 1 } } } },
      bogof,
    ],
    ['points 1 (treated as none)', { type: 'points', points: 1 }, NO_PROMOTION],
    ['points 0', { type: 'points', points: 0 }, NO_PROMOTION],
    ['points missing', { type: 'points' }, NO_PROMOTION],
    ['points garbage', { type: 'points', points: 'lots' }, NO_PROMOTION],
    ['points infinite', { type: 'points', points: Number.POSITIVE_INFINITY }, NO_PROMOTION],
    ['bogof counts as text', { type: 'bogof', bogof: { bo: '2', gof: ' 1 ' } }, bogof],
    ['bogof counts blank', { type: 'bogof', bogof: { bo: '', gof: 1 } }, NO_PROMOTION],
    ['bogof without counts', { type: 'bogof', points: 1, bogof: null }, NO_PROMOTION],
    ['bogof with 0 free', { type: 'bogof', bogof: { bo: 2, gof: 0 } }, NO_PROMOTION],
    ['type none', { type: 'none', points: 5 }, NO_PROMOTION],
    ['unknown type', { type: 'discount', points: 5 }, NO_PROMOTION],
    ['empty result', { result: {} }, NO_PROMOTION],
    ['null', null, NO_PROMOTION],
    ['undefined', undefined, NO_PROMOTION],
    ['a string', 'points', NO_PROMOTION],
    ['an array', [{ type: 'points', points: 2 }], NO_PROMOTION],
  ])('%s', (_label, raw, expected) => {
    expect(normalizePromotion(raw)).toEqual(expected)
  })
})
