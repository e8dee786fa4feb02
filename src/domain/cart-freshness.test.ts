import { describe, expect, it } from 'vitest'
import { cartTotals } from './cart'
import {
  payVerdict,
  refreshCart,
  samePromotion,
  soldOutLines,
  type CatalogueReading,
} from './cart-freshness'
import { linePoints, NO_PROMOTION } from './points'
import type { CartLine, CartState, Promotion } from './types'
import { cartOf, wineLine } from '../../fixtures/checkout'

const DOUBLE: Promotion = { type: 'points', points: 2, bogof: null }
const BOGOF: Promotion = { type: 'bogof', points: 1, bogof: { bo: 2, gof: 1 } }

/** 6 × Falize Tradition at 10.45, 20 in stock. */
const wine = (overrides: Partial<CartLine> = {}) =>
  wineLine({ price: 10.45, qty_available: 20, free_qty: 20, ...overrides })

const box = (overrides: Partial<CartLine> = {}) =>
  wineLine({
    id: 'BUN-001',
    odooCode: 'BUN-001',
    odooId: 5001,
    name: 'Belgian discovery box',
    type: 'bundle',
    vintage: null,
    volume: null,
    quantity: 1,
    price: 59.95,
    qty_available: 12,
    free_qty: 12,
    ...overrides,
  })

const listed = (
  price: number,
  qty_available = 20,
  promotion: Promotion | null = NO_PROMOTION,
): CatalogueReading => ({
  status: 'listed',
  price,
  qty_available,
  free_qty: qty_available,
  promotion,
})

const readings = (entries: Record<string, CatalogueReading>) => new Map(Object.entries(entries))

describe('refreshCart', () => {
  it('gives back the same cart when the catalogue says what the cart remembers', () => {
    const cart = cartOf([wine({ promotion: DOUBLE }), box()], { orderId: 'S04201' })
    const result = refreshCart(
      cart,
      readings({ '200101': listed(10.45, 20, DOUBLE), 'BUN-001': listed(59.95, 12, null) }),
    )
    expect(result.cart).toBe(cart)
    expect(result.changes).toEqual([])
    expect(payVerdict(result)).toBe('ok')
  })

  it('takes a new price, names it with both figures, and the totals follow (to the cent)', () => {
    const cart = cartOf([wine(), box()], { orderId: 'S04201' })
    const { cart: after, changes } = refreshCart(
      cart,
      readings({ '200101': listed(11.95), 'BUN-001': listed(59.95, 12, null) }),
    )
    expect(changes).toEqual([
      { kind: 'price', from: 10.45, to: 11.95, line: expect.objectContaining({ id: '200101' }) },
    ])
    expect(after.lines[0]!.price).toBe(11.95)
    expect(after.lines[1]).toBe(cart.lines[1])
    // 6 × 11.95 + 59.95; the order created for the old content is dropped.
    expect(cartTotals(after).subTotal).toBe(131.65)
    expect(after.orderId).toBeNull()
    expect(payVerdict({ cart: after, changes })).toBe('changed')
  })

  it('ignores a price that differs below the cent (float noise)', () => {
    const cart = cartOf([wine({ price: 10.45 })])
    expect(refreshCart(cart, readings({ '200101': listed(10.450000000001) })).cart).toBe(cart)
  })

  it('lowers a quantity to what is in stock; a stock that still covers it is taken silently', () => {
    const cart = cartOf([wine({ quantity: 6 }), wine({ id: '200102', odooId: 200102 })])
    const { cart: after, changes } = refreshCart(
      cart,
      readings({ '200101': listed(10.45, 4), '200102': listed(10.45, 7) }),
    )
    expect(changes).toEqual([
      { kind: 'quantity', from: 6, to: 4, line: expect.objectContaining({ id: '200101' }) },
    ])
    expect(after.lines.map((l) => [l.quantity, l.qty_available])).toEqual([
      [4, 4],
      [6, 7],
    ])
  })

  it('takes a new stock figure alone without telling the shopper (Pay goes on)', () => {
    const cart = cartOf([wine({ qty_available: 20 })])
    const result = refreshCart(cart, readings({ '200101': listed(10.45, 35) }))
    expect(result.changes).toEqual([])
    expect(result.cart.lines[0]!.qty_available).toBe(35)
    expect(payVerdict(result)).toBe('ok')
  })

  it('keeps a line out of stock, or no longer listed, with its remembered price: Pay is refused', () => {
    const cart = cartOf([wine(), box(), wine({ id: '200300', odooId: 200300, name: 'Gone' })])
    const result = refreshCart(
      cart,
      readings({
        '200101': listed(12.95, 0),
        'BUN-001': { status: 'gone' },
        '200300': listed(10.45),
      }),
    )
    expect(result.changes.map((c) => [c.kind, c.line.id])).toEqual([
      ['sold-out', '200101'],
      ['sold-out', 'BUN-001'],
    ])
    expect(result.cart.lines).toHaveLength(3)
    expect(result.cart.lines[0]).toMatchObject({ price: 10.45, quantity: 6, qty_available: 0 })
    expect(soldOutLines(result.cart).map((l) => l.id)).toEqual(['200101', 'BUN-001'])
    expect(payVerdict(result)).toBe('changed')
    // Read again: nothing new to tell, but the line still cannot be paid.
    const again = refreshCart(result.cart, readings({ '200101': { status: 'gone' } }))
    expect(again.cart).toBe(result.cart)
    expect(payVerdict(again)).toBe('sold-out')
  })

  it('tells when a line out of stock is back, with its price and quantity', () => {
    const cart = cartOf([wine({ qty_available: 0, free_qty: 0, quantity: 6 })])
    const { cart: after, changes } = refreshCart(cart, readings({ '200101': listed(11.45, 3) }))
    expect(changes.map((c) => c.kind)).toEqual(['back-in-stock', 'price', 'quantity'])
    expect(after.lines[0]).toMatchObject({ price: 11.45, quantity: 3, qty_available: 3 })
    expect(payVerdict({ cart: after, changes })).toBe('changed')
  })

  it('names a promotion that ended, began or changed; "points ×1" is no promotion', () => {
    const cart = cartOf([
      wine({ id: 'a', promotion: DOUBLE }),
      wine({ id: 'b' }),
      wine({ id: 'c', promotion: DOUBLE }),
      wine({ id: 'd' }),
    ])
    const { cart: after, changes } = refreshCart(
      cart,
      readings({
        a: listed(10.45, 20, NO_PROMOTION),
        b: listed(10.45, 20, BOGOF),
        c: listed(10.45, 20, { type: 'points', points: 3, bogof: null }),
        d: listed(10.45, 20, { type: 'points', points: 1, bogof: null }),
      }),
    )
    expect(changes.map((c) => (c.kind === 'promotion' ? [c.line.id, c.from, c.to] : c))).toEqual([
      ['a', DOUBLE, NO_PROMOTION],
      ['b', NO_PROMOTION, BOGOF],
      ['c', DOUBLE, { type: 'points', points: 3, bogof: null }],
    ])
    expect(after.lines.map((l) => l.promotion.type)).toEqual(['none', 'bogof', 'points', 'none'])
    // The droplets follow: a line of 6 × 10.45 earns 6, times its multiplier.
    expect(cart.lines.map(linePoints)).toEqual([12, 6, 12, 6])
    expect(after.lines.map(linePoints)).toEqual([6, 6, 18, 6])
  })

  it('keeps the remembered figures of a line the catalogue could not be read for', () => {
    const cart = cartOf([wine({ promotion: DOUBLE }), box()])
    const unread = refreshCart(
      cart,
      readings({ '200101': { status: 'unknown' }, 'BUN-001': { status: 'unknown' } }),
    )
    expect(unread.cart).toBe(cart)
    expect(refreshCart(cart, new Map()).cart).toBe(cart)
    // Price read, promotion not: the price changes, the promotion stays.
    const { cart: after, changes } = refreshCart(
      cart,
      readings({ '200101': listed(10.95, 20, null) }),
    )
    expect(changes.map((c) => c.kind)).toEqual(['price'])
    expect(after.lines[0]!.promotion).toEqual(DOUBLE)
  })

  it('drops the droplets redeemed when a lower price leaves less than they cover', () => {
    // 100 droplets (20 EUR) on 6 × 10.45; at 3.00 the subtotal is 18 EUR: less than 100 droplets.
    const cart: CartState = cartOf([wine()], { redeemedPoints: 100, redeemedPointsAmount: 20 })
    const { cart: after } = refreshCart(cart, readings({ '200101': listed(3) }))
    expect(after).toMatchObject({ redeemedPoints: 0, redeemedPointsAmount: 0 })
    expect(cartTotals(after).total).toBe(18 + 9.95)
  })
})

describe('samePromotion', () => {
  it('compares what the shopper gets', () => {
    expect(samePromotion(NO_PROMOTION, { type: 'points', points: 1, bogof: null })).toBe(true)
    expect(samePromotion(DOUBLE, { ...DOUBLE })).toBe(true)
    expect(samePromotion(DOUBLE, BOGOF)).toBe(false)
    expect(samePromotion(BOGOF, { ...BOGOF, bogof: { bo: 5, gof: 1 } })).toBe(false)
  })
})
