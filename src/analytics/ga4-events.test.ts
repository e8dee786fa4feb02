// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { ShopItem } from '../bus/events'
import { ga4Item, itemsValue, toGa4Event } from './ga4-events'

const wine: ShopItem = {
  odooCode: 'W10001',
  name: 'Château Lagrange-Belair Pauillac',
  vintage: '2019',
  volume: '75cl',
  price: 24.9,
  quantity: 2,
  type: 'product',
}
const bundle: ShopItem = {
  odooCode: 'BUN-001',
  name: 'Discovery box',
  vintage: null,
  volume: null,
  price: 59.95,
  quantity: 1,
  type: 'bundle',
}
const wineItem = {
  item_id: 'W10001',
  item_name: 'Château Lagrange-Belair Pauillac',
  item_variant: '2019 75cl',
  item_category: 'wine',
  price: 24.9,
  quantity: 2,
}

describe('GA4 items', () => {
  it('a wine: code as id, vintage and volume as variant, price and quantity', () => {
    expect(ga4Item(wine)).toEqual(wineItem)
  })

  it('a bundle has no variant', () => {
    expect(ga4Item(bundle)).toEqual({
      item_id: 'BUN-001',
      item_name: 'Discovery box',
      item_category: 'bundle',
      price: 59.95,
      quantity: 1,
    })
  })

  it('value sums price × quantity in cents (no float drift)', () => {
    expect(itemsValue([{ ...wine, price: 0.1, quantity: 3 }])).toBe(0.3)
    expect(itemsValue([wine, bundle])).toBe(109.75)
    expect(itemsValue([])).toBe(0)
  })
})

describe('bus event → GA4 event', () => {
  const ecommerce = (value: number, items: unknown[], extra = {}) => ({
    currency: 'EUR',
    value,
    items,
    ...extra,
  })

  it.each([
    ['item:viewed', 'view_item'],
    ['cart:item-added', 'add_to_cart'],
    ['cart:item-removed', 'remove_from_cart'],
  ] as const)('%s → %s with the one item', (name, event) => {
    expect(toGa4Event(name, { item: wine })).toEqual({
      event,
      ecommerce: ecommerce(49.8, [wineItem]),
    })
  })

  it.each([
    ['cart:viewed', 'view_cart'],
    ['checkout:started', 'begin_checkout'],
  ] as const)('%s → %s with every line; nothing for an empty cart', (name, event) => {
    expect(toGa4Event(name, { items: [wine, bundle] })).toEqual({
      event,
      ecommerce: ecommerce(109.75, [wineItem, ga4Item(bundle)]),
    })
    expect(toGa4Event(name, { items: [] })).toBeNull()
  })

  it('payment:submitted → add_payment_info with the method as payment_type', () => {
    expect(toGa4Event('payment:submitted', { items: [wine], method: 'bancontact' })).toEqual({
      event: 'add_payment_info',
      ecommerce: ecommerce(49.8, [wineItem], { payment_type: 'bancontact' }),
    })
  })

  it('order:paid → purchase: order number as transaction_id, shipping apart from value', () => {
    expect(
      toGa4Event('order:paid', {
        orderId: 'S04201',
        total: 57.75,
        items: [wine],
        shippingCost: 9.95,
        discount: 2,
      }),
    ).toEqual({
      event: 'purchase',
      ecommerce: ecommerce(49.8, [wineItem], { transaction_id: 'S04201', shipping: 9.95 }),
    })
    expect(
      toGa4Event('order:paid', {
        orderId: '',
        total: 0,
        items: [wine],
        shippingCost: 0,
        discount: 0,
      }),
    ).toBeNull()
  })

  it('search:query → search with the trimmed term; nothing for blanks', () => {
    expect(toGa4Event('search:query', { query: ' merlot ' })).toEqual({
      event: 'search',
      search_term: 'merlot',
    })
    expect(toGa4Event('search:query', { query: '  ' })).toBeNull()
  })

  it('sommelier:feedback → sommelier_feedback with the rating alone (no wines, no words)', () => {
    expect(
      toGa4Event('sommelier:feedback', {
        rating: 'down',
        answer: 2,
        locale: 'nl',
        wines: ['10001', '10002'],
      }),
    ).toEqual({ event: 'sommelier_feedback', rating: 'down' })
  })
})
