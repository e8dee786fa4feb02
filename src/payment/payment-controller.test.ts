// @vitest-environment jsdom -- needs a DOM (storage, document, events)
/**
 * Pay: the flow from the button to the thank-you, its checks before anything is created, and
 * stopping the controller.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf, db } from '../../mocks/db'
import { server } from '../../mocks/node'
import { changeCatalogue } from '../../mocks/catalogue'
import { setFault, whenHeld, type CallName } from '../../mocks/faults'
import { CLAIRE } from '../../fixtures/users'
import { getBus } from '../bus/bus'
import { castDraft } from 'immer'
import { takeSnapshot, transition } from '../domain/payment-flow'
import { getStore } from '../store/shared-store'
import { createPaymentController } from './payment-controller'
import { isOrderPaid } from './paid-orders'
import {
  WINE,
  provider,
  controller,
  FLOW_STEPS,
  pendingText,
  state,
  flowCalls,
  payingTab,
} from '../../mocks/test-setups/payment'

beforeEach(payingTab)

describe('stop()', () => {
  it('aborts the call in flight: a stopped controller leaves no request running', async () => {
    const requests: Request[] = []
    const seen = ({ request }: { request: Request }) => {
      if (request.url.endsWith('/api/checkoutorder')) requests.push(request)
    }
    server.events.on('request:start', seen)
    try {
      const c = controller()
      setFault('checkoutorder', { kind: 'held' }, { times: 1 })
      const paying = c.pay(provider(), 'en')
      await whenHeld('checkoutorder')
      expect(requests).toHaveLength(1)
      c.stop()
      await paying
      expect(requests[0]?.signal.aborted).toBe(true)
      expect(flowCalls()).toEqual(['createorderinodoo', 'createpaymentintent', 'checkoutorder'])
      // Stopped is not failed: nothing was logged about the aborted step.
      const logged = vi.mocked(console.error).mock.calls.map((call) => String(call[0]))
      expect(logged.filter((line) => line.includes('Finishing order'))).toEqual([])
    } finally {
      server.events.removeListener('request:start', seen)
    }
  })

  it('ends a wait between tries at once, and starts no further try', async () => {
    // A wait that never ends by itself; `waiting` tells (with its delay) when the controller
    // started it: after the first try failed, not merely once the status says "finishing".
    let started!: (ms: number) => void
    const waiting = new Promise<number>((resolve) => (started = resolve))
    const c = createPaymentController({
      store: getStore(),
      sleep: (ms) => {
        started(ms)
        return new Promise<void>(() => undefined)
      },
      retryDelays: [1_000],
      pageEvents: null,
    })
    setFault('checkoutorder', { kind: 'status', status: 500 }, { times: 1 })
    const paying = c.pay(provider(), 'en')
    const ended = paying.then(() => Promise.reject(new Error('the payment ended without a wait')))
    expect(await Promise.race([waiting, ended])).toBe(1_000)
    expect(c.getStatus()).toEqual({ state: 'finishing', stalled: false })
    expect(callsOf('checkoutorder')).toHaveLength(1)
    c.stop()
    await paying
    expect(callsOf('checkoutorder')).toHaveLength(1)
  })
})

describe('a paid order', () => {
  it('runs order → intent → charge → checkout → e-mail → points, once each, from the snapshot', async () => {
    const c = controller()
    const paid = vi.fn()
    const off = getBus().on('order:paid', paid)
    const stripe = provider()
    await c.pay(stripe, 'en')
    off()
    expect(flowCalls()).toEqual(FLOW_STEPS)
    const orderId = db.orders[0]!.orderNumber
    expect(c.getStatus()).toEqual({
      state: 'finished',
      order: { orderId, total: 75.65, orderPoints: 7 },
    })
    expect(paid).toHaveBeenCalledWith({
      orderId,
      total: 75.65,
      items: [expect.objectContaining({ type: 'product', quantity: expect.any(Number) })],
      shippingCost: 9.95,
      discount: 0,
    })
    expect(db.paymentIntents).toEqual([expect.objectContaining({ amount_total: 7565 })])
    expect(state().cart.lines).toEqual([])
    expect(isOrderPaid(orderId)).toBe(true)
    // Nothing is left running once pay() settles: the balance is refreshed already.
    expect(callsOf('getupdatedpoints')).toHaveLength(1)
    expect(state().session.points).toBe(CLAIRE.points + 7)
    // A finished order leaves nothing pending for the other tabs.
    expect(pendingText()).toBeNull()
    // Every mutating call carried its key.
    expect(
      db.calls
        .filter((c) => c.call !== 'getupdatedpoints' && c.call !== 'csrf')
        .map((c) => c.idempotencyKey),
    ).toEqual([
      expect.stringMatching(/^order-/),
      expect.stringMatching(new RegExp(`^intent-.+-${orderId}-7565$`)),
      expect.stringMatching(new RegExp(`^checkout-.+-${orderId}$`)),
      expect.stringMatching(new RegExp(`^confirmation-.+-${orderId}$`)),
      expect.stringMatching(new RegExp(`^points-earned-.+-${orderId}$`)),
    ])
  })
})

describe("Pay's catalogue check", () => {
  /** A check that gives the cart's line a new price (as the catalogue would), then its verdict. */
  /** The catalogue sells the wine at `price` now; the check reads it into the cart. */
  const priceCheck = (price: number, verdict: 'ok' | 'cart-changed') =>
    vi.fn(() => {
      changeCatalogue({ [WINE.id]: { price } })
      getStore().update((d) => {
        d.cart.lines[0]!.price = price
      })
      return Promise.resolve(verdict)
    })

  it('creates nothing and charges nothing when the cart changed; the next Pay pays the new price', async () => {
    const c = controller()
    const stripe = provider()
    const check = priceCheck(11.95, 'cart-changed')
    await c.pay(stripe, 'en', check)
    expect(check).toHaveBeenCalledOnce()
    // The form was checked within the click, before the catalogue was read.
    expect(stripe.submit).toHaveBeenCalledOnce()
    expect(c.getStatus()).toEqual({ state: 'idle', failure: { kind: 'cart-changed' } })
    expect(flowCalls()).toEqual([])
    expect(stripe.confirm).not.toHaveBeenCalled()

    await c.pay(
      stripe,
      'en',
      vi.fn(() => Promise.resolve('ok' as const)),
    )
    expect(c.getStatus()).toMatchObject({ state: 'finished', order: { total: 81.65 } })
    expect(db.orders).toHaveLength(1)
    expect(db.orders[0]!.cartlines).toEqual([expect.objectContaining({ price: 11.95 })])
    // 6 × 11.95 + 9.95
    expect(db.paymentIntents).toEqual([expect.objectContaining({ amount_total: 8165 })])
  })

  it('creates nothing while a line is out of stock', async () => {
    const c = controller()
    const stripe = provider()
    await c.pay(stripe, 'en', () => Promise.resolve('sold-out'))
    expect(c.getStatus()).toEqual({ state: 'idle', failure: { kind: 'sold-out' } })
    expect(flowCalls()).toEqual([])
  })

  it('pays the cart as the check left it when only stock figures moved', async () => {
    const c = controller()
    const check = vi.fn(() => {
      getStore().update((d) => {
        d.cart.lines[0]!.qty_available = 3000
      })
      return Promise.resolve('ok' as const)
    })
    await c.pay(provider(), 'en', check)
    expect(c.getStatus()).toMatchObject({ state: 'finished', order: { total: 75.65 } })
    expect(db.orders[0]!.cartlines).toEqual([expect.objectContaining({ qty_available: 3000 })])
  })

  it('never pays content the shopper has not seen, even when the check says ok', async () => {
    const c = controller()
    await c.pay(provider(), 'en', priceCheck(12.95, 'ok'))
    expect(c.getStatus()).toEqual({ state: 'idle', failure: { kind: 'cart-changed' } })
    expect(flowCalls()).toEqual([])
  })

  it('is not asked for a confirmation already under way: that pays what it froze', async () => {
    // A confirmation the provider holds (a reload during 3-D Secure), read on this Pay.
    const { cart, contacts } = state()
    const snapshot = takeSnapshot({ cart, contacts, user: CLAIRE, locale: 'en' })
    const open = transition(null, { type: 'start', snapshot, id: 'flow-1' })
    const ordered = transition(open, { type: 'order-created', orderId: 'S04201' })
    const intent = {
      type: 'intent-created',
      secret: 'pi_1_secret',
      amount: snapshot.amount,
    } as const
    const confirming = transition(transition(ordered, intent), {
      type: 'confirming',
      method: 'card',
    })
    getStore().update((d) => {
      d.payment = castDraft(confirming)
    })
    const c = controller()
    const check = vi.fn(() => Promise.resolve('cart-changed' as const))
    const stripe = provider()
    await c.pay(stripe, 'en', check)
    expect(check).not.toHaveBeenCalled()
    // Read, not confirmed again, and charged: the order's steps follow, nothing new is created.
    expect(stripe.retrieve).toHaveBeenCalledOnce()
    expect(stripe.confirm).not.toHaveBeenCalled()
    expect(state().payment).toMatchObject({ orderId: 'S04201', phase: 'charged' })
    expect(callsOf('createorderinodoo')).toEqual([])
  })
})

describe('before the charge', () => {
  it.each<[CallName, string]>([
    ['createorderinodoo', 'order'],
    ['createpaymentintent', 'intent'],
  ])("%s failing shows the shop's message and keeps everything", async (call, kind) => {
    setFault(call, { kind: 'status', status: 500 })
    const c = controller()
    await c.pay(provider(), 'en')
    expect(c.getStatus()).toEqual({ state: 'idle', failure: { kind } })
    expect(state().cart.lines).toHaveLength(1)
    expect(state().payment?.phase).toBe('open')
  })

  it('runs one payment at a time (double click)', async () => {
    const c = controller()
    await Promise.all([c.pay(provider(), 'en'), c.pay(provider(), 'en')])
    expect(db.orders).toHaveLength(1)
    expect(db.paymentIntents).toHaveLength(1)
  })
})
