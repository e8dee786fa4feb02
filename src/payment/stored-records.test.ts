// @vitest-environment jsdom -- needs a DOM (localStorage)
import { describe, expect, it, vi } from 'vitest'
import { cartOf, claireCheckout, wineLine } from '../../fixtures/checkout'
import { takeSnapshot, transition, type PaymentProgress } from '../domain/payment-flow'
import {
  ORDER_STEPS_KEY,
  PAID_CARTS_KEY,
  PAID_ORDERS_KEY,
  isCartPaid,
  isOrderPaid,
  isStepDone,
  recordPaidCart,
  recordPaidOrder,
  recordStepDone,
} from './paid-orders'
import { PENDING_PAYMENTS_KEY, readPendingPayments } from './pending-order'

// The payment records kept in localStorage, read back through their valibot schemas: a record
// of the wrong shape is dropped with one warning (nothing throws), one of the right shape is kept.
// Each test runs on a cleared localStorage (mocks/vitest-setup.ts).

const NOW = 1_700_000_000_000

function charged(): PaymentProgress {
  const line = wineLine({ id: '1', quantity: 6, price: 10.95, qty_available: 100 })
  const snapshot = takeSnapshot(claireCheckout(cartOf([line])))
  let p = transition(null, { type: 'start', snapshot, id: 'f1' })
  p = transition(p, { type: 'order-created', orderId: 'S04201' })
  p = transition(p, { type: 'intent-created', secret: 'pi_1_secret', amount: snapshot.amount })
  p = transition(p, { type: 'confirming', method: 'card' })
  p = transition(p, { type: 'charged' })
  if (p?.phase !== 'charged') throw new Error('the fixture progress is not charged')
  return p
}

const warnings = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined)
const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null')

describe('pending payments (localStorage)', () => {
  it('keeps a record of the right shape', () => {
    const warn = warnings()
    const record = { savedAt: NOW, progress: charged() }
    localStorage.setItem(PENDING_PAYMENTS_KEY, JSON.stringify([record]))
    expect(readPendingPayments(NOW)).toEqual([record])
    expect(warn).not.toHaveBeenCalled()
  })

  it.each([
    ['no write time', { progress: 'charged' }],
    ['an open progress', { savedAt: NOW, progress: { ...charged(), phase: 'open' } }],
    ['no order number', { savedAt: NOW, progress: { ...charged(), orderId: null } }],
    ['a progress without snapshot', { savedAt: NOW, progress: { ...charged(), snapshot: 1 } }],
    ['a write time that is not a number', { savedAt: 'now', progress: charged() }],
    [
      'a cart id that is not a string',
      { savedAt: NOW, progress: { ...charged(), snapshot: { ...charged().snapshot, cartId: 7 } } },
    ],
  ])('drops a record with %s, keeps the others, warns once', (_, wrong) => {
    const warn = warnings()
    const right = { savedAt: NOW, progress: charged() }
    localStorage.setItem(PENDING_PAYMENTS_KEY, JSON.stringify([wrong, right]))
    expect(readPendingPayments(NOW)).toEqual([right])
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Discarded 1 pending payment(s)'))
    expect(stored(PENDING_PAYMENTS_KEY)).toEqual([right])
  })
})

describe('pending payments saved before snapshots carried the cart id', () => {
  it('keeps a record whose snapshot has no cart id', () => {
    const warn = warnings()
    const { cartId, ...snapshot } = charged().snapshot
    expect(cartId).toBe('cart-1')
    const record = { savedAt: NOW, progress: { ...charged(), snapshot } }
    localStorage.setItem(PENDING_PAYMENTS_KEY, JSON.stringify([record]))
    expect(readPendingPayments(NOW)).toEqual([record])
    expect(warn).not.toHaveBeenCalled()
  })
})

/** The stored id lists, by the name their warning gives them: their ids' name and prefix here. */
const ID_LISTS = {
  'paid carts': { key: PAID_CARTS_KEY, has: isCartPaid, ids: 'cart ids', prefix: 'c' },
  'paid orders': { key: PAID_ORDERS_KEY, has: isOrderPaid, ids: 'order numbers', prefix: 'S' },
}

/**
 * A stored id list whose text does not fit: it reads as the ids that do (`<prefix>1`), with one
 * warning, and that is written back.
 */
function dropsWhatDoesNotFit(what: keyof typeof ID_LISTS) {
  const { key, has, ids, prefix } = ID_LISTS[what]
  it.each([
    ['not JSON', '{oops'],
    ['not a list', `{"${prefix}1":true}`],
    [`entries that are not ${ids}`, `["${prefix}1",2,null,"",{"id":"${prefix}3"}]`],
  ])(`drops what is %s with one warning, keeps the ${ids}`, (_, text) => {
    const warn = warnings()
    localStorage.setItem(key, text)
    expect(has(`${prefix}3`)).toBe(false)
    expect(has(`${prefix}3`)).toBe(false)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`Discarded ${what}`))
    expect(stored(key)).toEqual(text.startsWith('[') ? [`${prefix}1`] : [])
  })
}

describe('paid carts (localStorage)', () => {
  it('keeps a list of cart ids, the last 50', () => {
    const warn = warnings()
    localStorage.setItem(PAID_CARTS_KEY, JSON.stringify(['c1', 'c2']))
    expect(isCartPaid('c2')).toBe(true)
    expect(isCartPaid('c3')).toBe(false)
    recordPaidCart('c3')
    expect(stored(PAID_CARTS_KEY)).toEqual(['c1', 'c2', 'c3'])
    for (let i = 4; i <= 60; i += 1) recordPaidCart(`c${i}`)
    expect(stored(PAID_CARTS_KEY)).toHaveLength(50)
    expect(isCartPaid('c1')).toBe(false)
    expect(isCartPaid('c60')).toBe(true)
    expect(warn).not.toHaveBeenCalled()
  })

  dropsWhatDoesNotFit('paid carts')
})

describe('paid orders (localStorage)', () => {
  it('keeps a list of order numbers', () => {
    const warn = warnings()
    localStorage.setItem(PAID_ORDERS_KEY, JSON.stringify(['S1', 'S2']))
    expect(isOrderPaid('S2')).toBe(true)
    recordPaidOrder('S3')
    expect(stored(PAID_ORDERS_KEY)).toEqual(['S1', 'S2', 'S3'])
    expect(warn).not.toHaveBeenCalled()
  })

  dropsWhatDoesNotFit('paid orders')
})

describe('order steps (localStorage)', () => {
  it('keeps the steps done per order', () => {
    const warn = warnings()
    localStorage.setItem(ORDER_STEPS_KEY, JSON.stringify({ S1: ['checkout', 'confirmation'] }))
    expect(isStepDone('S1', 'confirmation')).toBe(true)
    recordStepDone('S1', 'redeemed')
    expect(stored(ORDER_STEPS_KEY)).toEqual({ S1: ['checkout', 'confirmation', 'redeemed'] })
    expect(warn).not.toHaveBeenCalled()
  })

  it('drops an order whose steps are not a list and a step of another name, with one warning', () => {
    const warn = warnings()
    localStorage.setItem(
      ORDER_STEPS_KEY,
      JSON.stringify({ S1: ['checkout', 'teleport', 3], S2: 'checkout', S3: ['earned'] }),
    )
    expect(isStepDone('S1', 'checkout')).toBe(true)
    expect(isStepDone('S2', 'checkout')).toBe(false)
    expect(isStepDone('S3', 'earned')).toBe(true)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(stored(ORDER_STEPS_KEY)).toEqual({ S1: ['checkout'], S3: ['earned'] })
  })

  it.each(['{oops', '["checkout"]', 'null'])('reads %s as no steps, with one warning', (text) => {
    const warn = warnings()
    localStorage.setItem(ORDER_STEPS_KEY, text)
    expect(isStepDone('S1', 'checkout')).toBe(false)
    expect(isStepDone('S1', 'checkout')).toBe(false)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('corrupted order steps'))
  })
})
