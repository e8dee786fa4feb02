import { describe, expect, it } from 'vitest'
import {
  MIN_REDEEM_POINTS,
  POINT_VALUE_EUR,
  REDEMPTION_TIERS,
  canRedeem,
  clampRedeem,
  clampRedeemDetailed,
  maxRedeemablePoints,
  redemptionAmount,
} from './redemption'

describe('constants', () => {
  it('a point is worth 0.20 EUR and the minimum redemption is 100 points', () => {
    expect(POINT_VALUE_EUR).toBe(0.2)
    expect(MIN_REDEEM_POINTS).toBe(100)
  })

  it('tiers: ×1 from the minimum, ×2 from 200 points, ×5 from 400 points', () => {
    expect(REDEMPTION_TIERS.map((t) => [t.minPoints, t.multiplier, t.euroPerPoint])).toEqual([
      [100, 1, 0.2],
      [200, 2, 0.4],
      [400, 5, 1],
    ])
  })
})

describe('redemptionAmount: points × 0.20 EUR × tier multiplier', () => {
  it.each([
    [0, 0],
    [99, 0],
    [100, 20],
    [150, 30],
    [199, 39.8],
    [200, 80],
    [225, 90],
    [399, 159.6],
    [400, 400],
    [420, 420],
    [150.9, 30],
  ])('%f points → %f EUR', (points, amount) => {
    expect(redemptionAmount(points)).toBe(amount)
  })

  it.each([[-100], [Number.NaN]])('%f points → 0 EUR', (points) => {
    expect(redemptionAmount(points)).toBe(0)
  })
})

describe('canRedeem: balance of at least 100 points', () => {
  it.each([
    [0, false],
    [50, false],
    [99, false],
    [100, true],
    [420, true],
    [Number.NaN, false],
  ])('balance %f → %s', (balance, expected) => {
    expect(canRedeem(balance)).toBe(expected)
  })
})

describe('maxRedeemablePoints: ≤ balance and discount ≤ subtotal', () => {
  it.each([
    // [balance, subtotal, max]
    [420, 1000, 420], // 420 × 1.00 = 420 ≤ 1000: the whole balance
    [420, 300, 399], // 400+ would cost ≥ 400 EUR; 399 × 0.40 = 159.60 ≤ 300
    [420, 90, 225], // 225 × 0.40 = 90.00 exactly
    [420, 89.99, 224], // 224 × 0.40 = 89.60 ≤ 89.99; 225 × 0.40 = 90.00 is too much
    [420, 50, 199], // 199 × 0.20 = 39.80; 200 × 0.40 = 80 > 50
    [420, 30, 150], // 150 × 0.20 = 30.00 exactly
    [420, 19.99, 0], // 100 × 0.20 = 20 > 19.99: below the minimum
    [150, 1000, 150], // limited by the balance
    [50, 1000, 0], // balance below 100 points
    [420, 0, 0],
  ])('balance %i, subtotal %f EUR → %i points', (balance, subTotal, max) => {
    expect(maxRedeemablePoints(balance, subTotal)).toBe(max)
  })

  it('is the largest valid count: one more point (or the minimum) would exceed a limit', () => {
    for (let balance = 0; balance <= 600; balance += 7) {
      for (let cents = 0; cents <= 60000; cents += 997) {
        const subTotal = cents / 100
        const max = maxRedeemablePoints(balance, subTotal)
        expect(max).toBeLessThanOrEqual(balance)
        expect(redemptionAmount(max)).toBeLessThanOrEqual(subTotal)
        const nextValid = Math.max(max + 1, 100)
        if (nextValid <= balance) expect(redemptionAmount(nextValid)).toBeGreaterThan(subTotal)
      }
    }
  })
})

describe('clampRedeem: the amount is clamped to the allowed maximum', () => {
  it.each<[unknown, number]>([
    ['', 0],
    ['abc', 0],
    [null, 0],
    ['-5', 0],
    ['0', 0],
    ['1', 0],
    ['99', 0],
    ['99.9', 0],
    ['100', 100],
    [' 180 ', 180],
    [180, 180],
    ['9999', 225],
    ['300', 225],
  ])('input %j with balance 420 and subtotal 90 EUR → %i points', (input, points) => {
    expect(clampRedeem(input, 420, 90)).toBe(points)
  })

  it.each([
    ['500', 420, 75, 199],
    ['150', 420, 75, 150],
    ['99', 420, 75, 0],
    ['abc', 420, 75, 0],
    ['250', 420, 200, 250],
    ['420', 420, 1000, 420],
    ['9999', 420, 1000, 420],
  ])(
    'input %j with balance %i and subtotal %f EUR → %i points',
    (input, balance, subTotal, points) => {
      expect(clampRedeem(input, balance, subTotal)).toBe(points)
    },
  )

  it.each<[unknown, number, number, string | null]>([
    ['', 0, 0, null],
    ['abc', 0, 0, 'invalid'],
    ['-5', 0, 0, 'invalid'],
    ['50', 0, 0, 'below-minimum'],
    ['150', 150, 30, null],
    ['500', 225, 90, 'above-maximum'],
  ])('input %j → %i points, %f EUR, adjustment %s', (input, points, amount, adjustment) => {
    expect(clampRedeemDetailed(input, 420, 90)).toEqual({ points, amount, adjustment })
  })

  it('a balance below 100 points redeems nothing', () => {
    expect(clampRedeemDetailed('100', 50, 500)).toEqual({
      points: 0,
      amount: 0,
      adjustment: 'above-maximum',
    })
  })
})
