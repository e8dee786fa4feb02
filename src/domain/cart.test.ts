import { describe, expect, it } from 'vitest'
import {
  addLine,
  cartTotals,
  emptyCart,
  lineBottles,
  lineTotal,
  quantityInCart,
  redeemPoints,
  removeLine,
  updateQuantity,
} from './cart'
import type { CartLine, CartState } from './types'
import { wineLine } from '../../fixtures/checkout'

/** A bottle of Château Test 2020 at 12.50, 24 in stock (one in the cart unless told). */
function wine(overrides: Partial<CartLine> = {}): CartLine {
  return wineLine({
    id: '101',
    odooCode: 'W-101',
    odooId: 101,
    name: 'Château Test',
    vintage: '2020',
    quantity: 1,
    price: 12.5,
    qty_available: 24,
    free_qty: 24,
    ...overrides,
  })
}

function bundle(overrides: Partial<CartLine> = {}): CartLine {
  return wine({
    id: 'B-7',
    odooCode: 'B-7',
    name: 'Discovery pack',
    vintage: null,
    volume: null,
    type: 'bundle',
    price: 89,
    qty_available: 5,
    wines: [
      { id: 1, name: 'Red', quantity: 3 },
      { id: 2, name: 'White', quantity: 3 },
    ],
    ...overrides,
  })
}

function cart(lines: CartLine[] = [], overrides: Partial<CartState> = {}): CartState {
  return {
    id: 'cart-1',
    orderId: null,
    lines,
    shippingCost: 0,
    redeemedPoints: 0,
    redeemedPointsAmount: 0,
    ...overrides,
  }
}

describe('addLine', () => {
  it('appends a new line', () => {
    const next = addLine(cart(), wine({ quantity: 6 }))
    expect(next.lines).toHaveLength(1)
    expect(next.lines[0]).toMatchObject({ id: '101', quantity: 6 })
  })

  it.each([
    // [in cart, added, stock, result]
    [6, 6, 24, 12],
    [6, 6, 10, 10],
    [10, 1, 10, 10],
    [1, 5, 24, 6],
  ])('an existing line of %i plus %i with stock %i → %i', (inCart, added, stock, result) => {
    const start = cart([wine({ quantity: inCart, qty_available: stock })])
    const next = addLine(start, wine({ quantity: added, qty_available: stock }))
    expect(next.lines).toHaveLength(1)
    expect(quantityInCart(next, '101')).toBe(result)
  })

  it('caps a new line at its stock', () => {
    expect(quantityInCart(addLine(cart(), wine({ quantity: 30, qty_available: 12 })), '101')).toBe(
      12,
    )
  })

  it('uses the fresher stock of the added line', () => {
    const start = cart([wine({ quantity: 6, qty_available: 24 })])
    const next = addLine(start, wine({ quantity: 6, qty_available: 8 }))
    expect(next.lines[0]).toMatchObject({ quantity: 8, qty_available: 8 })
  })

  it.each([
    ['a sold-out wine (stock 0)', wine({ quantity: 1, qty_available: 0 })],
    ['a quantity of 0', wine({ quantity: 0 })],
    ['a negative quantity', wine({ quantity: -3 })],
  ])('adding %s changes nothing', (_label, line) => {
    const start = cart()
    expect(addLine(start, line)).toBe(start)
  })

  it('does not mutate the state it was given', () => {
    const start = cart([wine({ quantity: 1 })])
    const frozen = structuredClone(start)
    addLine(start, wine({ quantity: 6 }))
    addLine(start, bundle())
    expect(start).toEqual(frozen)
  })

  it('keeps lines with other ids apart', () => {
    const next = addLine(addLine(cart(), wine()), wine({ id: '102', odooId: 102 }))
    expect(next.lines.map((l) => l.id)).toEqual(['101', '102'])
  })
})

describe('updateQuantity: capped at stock, at least 1', () => {
  it.each([
    [12, 12],
    [30, 24],
    [0, 1],
    [-4, 1],
    [7.8, 7],
  ])('set %f with stock 24 → %i', (quantity, result) => {
    const next = updateQuantity(cart([wine({ quantity: 6 })]), '101', quantity)
    expect(quantityInCart(next, '101')).toBe(result)
  })

  it.each([
    ['an unknown id', 'nope', 3],
    ['a non-numeric quantity', '101', Number.NaN],
    ['the same quantity', '101', 6],
  ])('%s changes nothing', (_label, id, quantity) => {
    const start = cart([wine({ quantity: 6 })])
    expect(updateQuantity(start, id, quantity)).toBe(start)
  })
})

describe('removeLine and emptyCart', () => {
  it('removes only the given line', () => {
    const next = removeLine(cart([wine(), wine({ id: '102' })]), '101')
    expect(next.lines.map((l) => l.id)).toEqual(['102'])
  })

  it('removing an unknown id changes nothing', () => {
    const start = cart([wine()])
    expect(removeLine(start, 'nope')).toBe(start)
  })

  it('empty resets lines, orderId, redeemed points and shipping cost', () => {
    const full = cart([wine(), bundle()], {
      orderId: 'SO042',
      shippingCost: 9.95,
      redeemedPoints: 150,
      redeemedPointsAmount: 30,
    })
    expect(emptyCart(full)).toEqual(cart())
  })

  it('drops the orderId when the content changes: an order belongs to the content it was made for', () => {
    const start = cart([wine({ quantity: 6 })], { orderId: 'SO042' })
    expect(updateQuantity(start, '101', 12).orderId).toBeNull()
    expect(removeLine(start, '101').orderId).toBeNull()
    expect(addLine(start, wine({ id: '102', quantity: 1 })).orderId).toBeNull()
    expect(redeemPoints(start, 100, 420).orderId).toBeNull()
    // Nothing changed: the order still fits.
    expect(updateQuantity(start, '101', 6).orderId).toBe('SO042')
  })
})

describe('cartTotals', () => {
  it('an empty cart has zero everything', () => {
    expect(cartTotals(cart())).toEqual({
      itemsCount: 0,
      subTotal: 0,
      bottles: 0,
      freeShipping: false,
      orderPoints: 0,
      total: 0,
    })
  })

  it('6 × 12.50 + 1 bundle of 6 wines at 89 + 9.95 shipping − 30.00 redeemed', () => {
    const totals = cartTotals(
      cart([wine({ quantity: 6 }), bundle({ quantity: 1 })], {
        shippingCost: 9.95,
        redeemedPoints: 150,
        redeemedPointsAmount: 30,
      }),
    )
    expect(totals).toEqual({
      itemsCount: 7, // sum of quantities
      subTotal: 164, // 75 + 89
      bottles: 12, // 6 + 1 × (3 + 3)
      freeShipping: false,
      orderPoints: 17, // floor(80 / 10) + floor(94 / 10)
      total: 143.95, // 164 + 9.95 − 30
    })
  })

  it('rounds to cents without float drift (3 × 0.1 + 0.2 = 0.50)', () => {
    const totals = cartTotals(
      cart([wine({ quantity: 3, price: 0.1 }), wine({ id: '2', quantity: 1, price: 0.2 })]),
    )
    expect(totals.subTotal).toBe(0.5)
    expect(totals.total).toBe(0.5)
  })

  it('total = subtotal + shipping − redeemed amount, never below 0', () => {
    const totals = cartTotals(
      cart([wine({ quantity: 1, price: 10 })], { redeemedPoints: 400, redeemedPointsAmount: 400 }),
    )
    expect(totals.total).toBe(0)
  })

  it.each([
    [[false, false], false],
    [[true, false], true],
    [[false, true], true],
  ])('free shipping flags %j → %s (any line with free_shipping)', (flags, expected) => {
    const lines = flags.map((free_shipping, i) => wine({ id: String(i), free_shipping }))
    expect(cartTotals(cart(lines)).freeShipping).toBe(expected)
  })
})

describe('lineBottles and lineTotal', () => {
  it.each<[string, CartLine, number]>([
    ['6 bottles of wine → 6 bottles', wine({ quantity: 6 }), 6],
    ['2 bundles of 3 + 3 wines → 12 bottles', bundle({ quantity: 2 }), 12],
    [
      '3 bundles of 1 × 2 + 1 × 1 wines → 9 bottles',
      bundle({
        quantity: 3,
        wines: [
          { id: 1, name: 'A', quantity: 2 },
          { id: 2, name: 'B', quantity: 1 },
        ],
      }),
      9,
    ],
    [
      '2 bundles without wine data → 2 bottles (1 per bundle)',
      bundle({ quantity: 2, wines: [] }),
      2,
    ],
  ])('%s', (_label, line, bottles) => {
    expect(lineBottles(line)).toBe(bottles)
  })

  it.each([
    [3, 19.99, 59.97],
    [6, 12.5, 75],
    [0, 12.5, 0],
  ])('%i × %f = %f EUR', (quantity, price, total) => {
    expect(lineTotal({ quantity, price })).toBe(total)
  })
})

describe('redeemed points follow the subtotal', () => {
  it('shrinks the redemption when a removal makes it exceed the subtotal', () => {
    const start = cart(
      [wine({ quantity: 10, price: 20 }), wine({ id: '2', quantity: 1, price: 50 })],
      {
        redeemedPoints: 225,
        redeemedPointsAmount: 90, // 225 × 0.40
      },
    )
    const next = removeLine(start, '101') // subtotal 50 EUR
    expect(next.redeemedPoints).toBe(199) // 199 × 0.20 = 39.80 ≤ 50; 200 × 0.40 = 80 > 50
    expect(next.redeemedPointsAmount).toBe(39.8)
  })

  it('drops the redemption when the subtotal cannot cover 100 points', () => {
    const start = cart([wine({ quantity: 2, price: 30 })], {
      redeemedPoints: 150,
      redeemedPointsAmount: 30,
    })
    const next = updateQuantity(start, '101', 1) // subtotal 30 → still covers 150 × 0.20
    expect(next.redeemedPoints).toBe(150)
    const emptied = removeLine(start, '101')
    expect(emptied).toMatchObject({ redeemedPoints: 0, redeemedPointsAmount: 0 })
  })

  it.each([
    // [points asked, balance, result points, amount]
    [150, 420, 150, 30],
    [500, 420, 225, 90],
    [50, 420, 0, 0],
    [150, 120, 120, 24],
    [0, 420, 0, 0],
  ])(
    'redeemPoints(%i) with balance %i and subtotal 90 → %i points = %f EUR',
    (asked, balance, points, amount) => {
      const start = cart([wine({ quantity: 1, price: 90 })])
      expect(redeemPoints(start, asked, balance)).toMatchObject({
        redeemedPoints: points,
        redeemedPointsAmount: amount,
      })
    },
  )
})
