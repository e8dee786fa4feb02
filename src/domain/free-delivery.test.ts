import { describe, expect, it } from 'vitest'
import { FREE_DELIVERY_BELGIUM_FROM } from './cart-page'
import { freeDelivery, freeDeliveryRemaining } from './free-delivery'

describe('freeDeliveryRemaining', () => {
  it.each([
    [0, 150],
    [126.5, 23.5],
    // 150 − 149.99 in floats is 0.010000000000019327: counted in cents it is one cent.
    [149.99, 0.01],
    [150, 0],
    [212.4, 0],
  ])('from a subtotal of %s EUR, %s EUR are left', (subTotal, left) => {
    expect(freeDeliveryRemaining(subTotal)).toBe(left)
  })

  it('is the shop’s rule: free from 150 EUR', () => {
    expect(FREE_DELIVERY_BELGIUM_FROM).toBe(150)
  })
})

describe('freeDelivery', () => {
  it('offers free delivery on an empty cart', () => {
    expect(freeDelivery({ itemsCount: 0, subTotal: 0, freeShipping: false })).toEqual({
      kind: 'offer',
      from: 150,
    })
  })

  it('says what is left below the threshold, and reached at or above it', () => {
    expect(freeDelivery({ itemsCount: 3, subTotal: 126.5, freeShipping: false })).toEqual({
      kind: 'remaining',
      amount: 23.5,
    })
    expect(freeDelivery({ itemsCount: 12, subTotal: 150, freeShipping: false })).toEqual({
      kind: 'reached',
    })
  })

  it('is reached whatever the subtotal when a line ships the order free', () => {
    expect(freeDelivery({ itemsCount: 1, subTotal: 59.95, freeShipping: true })).toEqual({
      kind: 'reached',
    })
  })
})
