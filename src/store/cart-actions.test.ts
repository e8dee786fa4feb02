// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it } from 'vitest'
import { getBus } from '../bus/bus'
import type { BusEvents } from '../bus/events'
import type { CartLine } from '../domain/types'
import { STORAGE_KEY } from './state'
import { getStore } from './shared-store'
import { loadPage } from '../../mocks/page'
import { wineLine } from '../../fixtures/checkout'
import {
  addToCart,
  cleanUpCart,
  emptyCart,
  removeFromCart,
  updateCartQuantity,
} from './cart-actions'

/** Six bottles of Domaine Test Cuvée 2021 at 12.50, 20 in stock. */
const wine = (overrides: Partial<CartLine> = {}): CartLine =>
  wineLine({
    name: 'Domaine Test Cuvée',
    price: 12.5,
    qty_available: 20,
    free_qty: 20,
    ...overrides,
  })

function recordChanges() {
  const events: BusEvents['cart:changed'][] = []
  const off = getBus().on('cart:changed', (e) => events.push(e))
  return { events, off }
}

describe('cart actions', () => {
  it('adds a line and emits cart:changed with the new totals', () => {
    const { events, off } = recordChanges()
    expect(addToCart(wine())).toEqual({ added: true, quantity: 6 })
    expect(getStore().getState().cart.lines).toHaveLength(1)
    expect(events).toEqual([{ itemsCount: 6, subTotal: 75 }])
    off()
  })

  it('raises an existing line up to qty_available, then changes nothing', () => {
    const { events, off } = recordChanges()
    addToCart(wine({ quantity: 12 }))
    expect(addToCart(wine({ quantity: 12 }))).toEqual({ added: true, quantity: 20 })
    expect(addToCart(wine({ quantity: 6 }))).toEqual({ added: false, quantity: 20 })
    expect(getStore().getState().cart.lines).toHaveLength(1)
    expect(events.map((e) => e.itemsCount)).toEqual([12, 20])
    off()
  })

  it('announces what really moved: added (after the stock cap), raised, lowered, removed', () => {
    const moves: string[] = []
    const offAdd = getBus().on('cart:item-added', ({ item }) => moves.push(`+${item.quantity}`))
    const offRemove = getBus().on('cart:item-removed', ({ item }) => {
      moves.push(`-${item.quantity} ${item.odooCode} ${item.vintage} ${item.volume}`)
    })
    addToCart(wine({ quantity: 12 }))
    addToCart(wine({ quantity: 12 })) // capped at 20: 8 added
    addToCart(wine({ quantity: 1 })) // at the stock: nothing
    updateCartQuantity('200101', 5)
    updateCartQuantity('200101', 7)
    updateCartQuantity('200101', 7) // unchanged: nothing
    removeFromCart('200101')
    emptyCart() // not a shopper's removal of a line: nothing
    offAdd()
    offRemove()
    expect(moves).toEqual(['+12', '+8', '-15 W10002 2021 75cl', '+2', '-7 W10002 2021 75cl'])
  })

  it('updates a quantity capped at the stock, and removes a line', () => {
    addToCart(wine())
    addToCart(wine({ id: 'BUN-001', type: 'bundle', price: 59.95, quantity: 1, qty_available: 3 }))
    const { events, off } = recordChanges()
    expect(updateCartQuantity('200101', 50)).toBe(true)
    expect(getStore().getState().cart.lines[0]!.quantity).toBe(20)
    expect(updateCartQuantity('200101', 20)).toBe(false)
    expect(removeFromCart('200101')).toBe(true)
    expect(
      getStore()
        .getState()
        .cart.lines.map((l) => l.id),
    ).toEqual(['BUN-001'])
    expect(events).toEqual([
      { itemsCount: 21, subTotal: 309.95 },
      { itemsCount: 1, subTotal: 59.95 },
    ])
    off()
  })

  it('empties lines, orderId, redeemed points and shipping cost but keeps the contacts', () => {
    addToCart(wine())
    getStore().update((d) => {
      d.cart.orderId = 'SO4201'
      d.cart.shippingCost = 9.95
      d.contacts.delivery.name = 'Claire'
    })
    const { events, off } = recordChanges()
    const { id } = getStore().getState().cart
    emptyCart()
    const { cart, contacts } = getStore().getState()
    expect(cart).toEqual({
      // The shopper's own emptying keeps the cart's identity (nothing was paid).
      id,
      orderId: null,
      lines: [],
      shippingCost: 0,
      redeemedPoints: 0,
      redeemedPointsAmount: 0,
    })
    expect(contacts.delivery.name).toBe('Claire')
    expect(events).toEqual([{ itemsCount: 0, subTotal: 0 }])
    off()
  })

  it('a full clean-up also resets the contacts', () => {
    addToCart(wine())
    getStore().update((d) => {
      d.contacts.delivery.name = 'Claire'
      d.contacts.isValidShipping = true
    })
    cleanUpCart()
    const { cart, contacts } = getStore().getState()
    expect(cart.lines).toEqual([])
    expect(contacts.delivery.name).toBe('')
    expect(contacts.isValidShipping).toBe(false)
  })

  it('the cart survives a reload (sessionStorage)', () => {
    addToCart(wine())
    expect(sessionStorage.getItem(STORAGE_KEY)).toContain('200101')
    loadPage()
    expect(getStore().getState().cart.lines).toEqual([
      expect.objectContaining({ id: '200101', quantity: 6 }),
    ])
  })
})
