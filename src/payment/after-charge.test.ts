// @vitest-environment jsdom -- needs a DOM (storage, document, events)
/**
 * After the charge: the steps retried with backoff, what the shopper and the host hear meanwhile,
 * and lost answers.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf, db } from '../../mocks/db'
import { clearFaults, setFault, type CallName } from '../../mocks/faults'
import { CLAIRE } from '../../fixtures/users'
import { getBus } from '../bus/bus'
import { addToCart } from '../store/cart-actions'
import { getStore } from '../store/shared-store'
import { createPaymentController, type PaymentStatus } from './payment-controller'
import { ERROR_EVENT, type ErrorDetail } from '../report/report'
import {
  WINE,
  chargeAtStripe,
  provider,
  controller,
  otherTab,
  pendingText,
  state,
  flowCalls,
  payingTab,
} from '../../mocks/test-setups/payment'

beforeEach(payingTab)

describe('a step after the charge fails', () => {
  it.each<CallName>(['checkoutorder', 'sendorderconfirmation', 'updateuserpoints'])(
    '%s failing once is retried; the cart changed meanwhile changes nothing of the order',
    async (call) => {
      setFault(call, { kind: 'status', status: 500 }, { times: 1 })
      const c = controller()
      const stripe = provider()
      // Another widget adds to the cart while the card is being confirmed: the next cart.
      stripe.confirm = vi.fn(async ({ clientSecret }: { clientSecret: string }) => {
        addToCart({ ...WINE, quantity: 36 })
        return chargeAtStripe(clientSecret, 'card')
      })
      await c.pay(stripe, 'en')
      expect(c.getStatus().state).toBe('finished')
      expect(stripe.confirm).toHaveBeenCalledTimes(1)
      const order = db.orders[0]!
      expect(order.status).toBe('checked-out')
      expect(JSON.parse(order.confirmation!.cartlines ?? '')).toEqual([
        expect.objectContaining({ id: WINE.id, quantity: 6 }),
      ])
      expect(order.confirmation!.total).toBe('75.65')
      expect(db.pointUpdates).toEqual([
        expect.objectContaining({ document: order.orderNumber, points: 7 }),
      ])
      // The 36 added meanwhile are the next cart, not part of the paid one.
      expect(state().cart.lines).toEqual([expect.objectContaining({ quantity: 36 })])
      expect(state().payment?.phase).toBe('finished')
    },
  )

  it('tells the truth while finishing: charged, then finished after the retries; Pay is gone', async () => {
    setFault('checkoutorder', { kind: 'status', status: 500 })
    const c = controller()
    await c.pay(provider(), 'en')
    // The page gave up for now: still "finishing", never an error next to a Pay button.
    expect(c.getStatus()).toEqual({ state: 'finishing', stalled: true })
    expect(state().payment?.phase).toBe('charged')
    expect(state().cart.lines).toEqual([])
    // Pay again with another cart is impossible while this order finishes.
    addToCart({ ...WINE, quantity: 42 })
    await c.pay(provider(), 'en')
    expect(db.orders).toHaveLength(1)
    expect(db.paymentIntents).toHaveLength(1)
    // The back office recovers: the next attempt (or page load) finishes the SAME order.
    db.calls.length = 0
    const { clearFaults } = await import('../../mocks/faults')
    clearFaults()
    await controller().resume()
    expect(flowCalls()).toEqual(['checkoutorder', 'sendorderconfirmation', 'updateuserpoints'])
    expect(JSON.parse(db.orders[0]!.confirmation!.cartlines ?? '')).toEqual([
      expect.objectContaining({ quantity: 6 }),
    ])
  })
})

describe('the host hears every failure after the charge', () => {
  it('dispatches wine-widgets:error with area payment for each failed attempt, the last one too', async () => {
    const heard: ErrorDetail[] = []
    const record = (event: Event) => heard.push((event as CustomEvent<ErrorDetail>).detail)
    window.addEventListener(ERROR_EVENT, record)
    try {
      setFault('checkoutorder', { kind: 'status', status: 500 })
      const stripe = provider()
      await controller().pay(stripe, 'en')
      expect(stripe.charged).toHaveLength(1)
      const order = `Finishing order ${db.orders[0]!.orderNumber} (checkout) failed`
      const call =
        '— POST /api/checkoutorder answered 500 (an endpoint the site must provide, see docs/server-contract.md)'
      const failed = { method: 'POST', url: '/api/checkoutorder', status: 500 }
      // Three retries (retryDelays [0, 0, 0]), then the attempt that gives up until the next load.
      expect(heard).toEqual([
        ...Array.from({ length: 3 }, () => ({
          widget: null,
          area: 'payment',
          message: `${order}; retrying ${call}`,
          error: expect.anything(),
          ...failed,
        })),
        {
          widget: null,
          area: 'payment',
          message: `${order}; stopped until the next page load ${call}`,
          error: expect.anything(),
          ...failed,
        },
      ])
    } finally {
      window.removeEventListener(ERROR_EVENT, record)
    }
  })
})

describe('"Try again now" while the steps wait between attempts', () => {
  it('starts the next attempt at once instead of joining the wait', async () => {
    setFault('checkoutorder', { kind: 'status', status: 500 })
    // A wait between attempts that would never end by itself; `waiting` says it started.
    let started!: () => void
    const waiting = new Promise<void>((resolve) => (started = resolve))
    const c = createPaymentController({
      store: getStore(),
      sleep: () => {
        started()
        return new Promise<void>(() => undefined)
      },
      retryDelays: [60_000, 60_000, 60_000],
      pageEvents: null,
    })
    const paying = c.pay(provider(), 'en')
    await waiting
    expect(c.getStatus()).toEqual({ state: 'finishing', stalled: false })
    const { clearFaults } = await import('../../mocks/faults')
    clearFaults()
    await c.retry()
    await paying
    expect(c.getStatus().state).toBe('finished')
    expect(db.orders[0]!.status).toBe('checked-out')
  })
})

describe('only the balance refresh fails', () => {
  it('shows the thank-you anyway and logs the refresh', async () => {
    setFault('getupdatedpoints', { kind: 'status', status: 500 })
    const c = controller()
    await c.pay(provider(), 'en')
    expect(c.getStatus().state).toBe('finished')
    // The refresh is awaited: pay() settles after it failed and was logged.
    expect(console.error).toHaveBeenCalledWith(
      '[wine-widgets] The droplets balance could not be refreshed — POST /user/getupdatedpoints answered 500 (an endpoint the site must provide, see docs/server-contract.md)',
    )
    // Later bottles are a new cart: they are never "paid" without a charge.
    addToCart(WINE)
    expect(state().cart.lines).toHaveLength(1)
    expect(state().payment?.phase).toBe('finished')
  })
})

describe('answers lost after the server applied the call', () => {
  it.each<[CallName, () => number]>([
    ['createorderinodoo', () => db.orders.length],
    ['sendorderconfirmation', () => db.orders[0]!.confirmationsSent],
    ['updateuserpoints', () => db.pointUpdates.length],
    ['checkoutorder', () => callsOf('checkoutorder').filter((c) => !c.replayed).length],
  ])('%s: the retry carries the same key and has no second effect', async (call, effects) => {
    setFault(call, { kind: 'lost' }, { times: 1 })
    const c = controller()
    // An order creation lost before the charge fails the payment; Pay again.
    await c.pay(provider(), 'en')
    if (c.getStatus().state !== 'finished') await c.pay(provider(), 'en')
    expect(c.getStatus().state).toBe('finished')
    expect(effects()).toBe(1)
    const keys = callsOf(call).map((c) => c.idempotencyKey)
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBe(keys[1])
    expect(db.users.find((u) => u.email === CLAIRE.email)!.points).toBe(CLAIRE.points + 7)
  })
})

describe('the thank-you once the order is confirmed', () => {
  it('shows after checkout and confirmation; the points retry in the background and finish on the next load', async () => {
    setFault('updateuserpoints', { kind: 'status', status: 503 })
    const c = controller()
    const seen: PaymentStatus[] = []
    c.subscribe(() => seen.push(c.getStatus()))
    const paid = vi.fn()
    const off = getBus().on('order:paid', paid)
    await c.pay(provider(), 'en')
    const orderId = db.orders[0]!.orderNumber
    // The recap's droplets come from the charged snapshot, not from the points update.
    expect(c.getStatus()).toEqual({
      state: 'finished',
      order: { orderId, total: 75.65, orderPoints: 7 },
    })
    // Once thanked, the shopper is never told "finishing" again while the points retry.
    const thanked = seen.findIndex((s) => s.state === 'finished')
    expect(thanked).toBeGreaterThan(-1)
    expect(seen.slice(thanked).every((s) => s.state === 'finished')).toBe(true)
    expect(db.orders[0]!.status).toBe('checked-out')
    expect(db.orders[0]!.confirmationsSent).toBe(1)
    expect(callsOf('updateuserpoints').length).toBeGreaterThan(1)
    expect(db.pointUpdates).toEqual([])
    // Saved for the next load.
    expect(state().payment).toMatchObject({ phase: 'charged', done: ['checkout', 'confirmation'] })
    expect(pendingText()).toContain(orderId)
    expect(paid).toHaveBeenCalledTimes(1)

    // The next page load, in another tab: the points are sent once, the order is not re-announced.
    clearFaults()
    await controller(otherTab()).resume()
    expect(db.pointUpdates).toEqual([expect.objectContaining({ document: orderId, points: 7 })])
    expect(pendingText()).toBeNull()
    // This tab's own next load has nothing left to do and shows no thank-you again.
    const reloaded = controller()
    await reloaded.resume()
    expect(db.pointUpdates).toHaveLength(1)
    expect(reloaded.getStatus()).toEqual({ state: 'idle', failure: null })
    expect(state().payment).toBeNull()
    expect(paid).toHaveBeenCalledTimes(1)
    off()
  })
})
