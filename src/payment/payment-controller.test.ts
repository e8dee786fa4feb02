// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { callsOf, db } from '../../mocks/db'
import { server } from '../../mocks/node'
import { fakeLocks } from '../../mocks/fake-locks'
import { clearFaults, releaseHeld, setFault, whenHeld, type CallName } from '../../mocks/faults'
import { CLAIRE_CONTACT, wineLine } from '../../fixtures/checkout'
import { CLAIRE } from '../../fixtures/users'
import { getBus } from '../bus/bus'
import { castDraft } from 'immer'
import { takeSnapshot, transition } from '../domain/payment-flow'
import type { CartLine } from '../domain/types'
import { addToCart, updateCartQuantity } from '../store/cart-actions'
import { setContacts } from '../store/contacts-actions'
import { readSavedState } from '../store/saved-state'
import { getStore } from '../store/shared-store'
import { STORAGE_KEY, emptyContacts } from '../store/state'
import { createStore, type Store } from '../store/store'
import {
  createPaymentController,
  type PaymentController,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderResult,
} from './payment-controller'
import { isCartPaid, isOrderPaid, recordPaidOrder } from './paid-orders'
import { PENDING_PAYMENTS_KEY } from './pending-key'
import { forgetPendingOnLogout } from './forget-pending'
import { ERROR_EVENT, type ErrorDetail } from '../report/report'

const CONTACT = CLAIRE_CONTACT
const WINE = wineLine()

const succeeded: ProviderResult = { paymentIntent: { status: 'succeeded' } }
const declined: ProviderResult = {
  error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
}
/** 3-D Secure or a bank redirect still waiting for the shopper. */
const REQUIRES_ACTION: ProviderResult = { paymentIntent: { status: 'requires_action' } }
/** What the provider reads of an intent the bank declined during a redirect. */
const DECLINED_BY_BANK: ProviderResult = {
  paymentIntent: {
    status: 'requires_payment_method',
    last_payment_error: { message: 'The payment was declined by the bank.' },
  },
}

/** A scripted provider: `confirm` answers from the queue; every call is counted. */
function provider(answers: ProviderResult[] = [succeeded], method = 'card') {
  const confirm = vi.fn(async ({ clientSecret }: { clientSecret: string }) => {
    const answer = answers.shift() ?? succeeded
    if (answer.paymentIntent?.status === 'succeeded') charged.push(clientSecret)
    return answer
  })
  const charged: string[] = []
  const p: PaymentProvider & { charged: string[] } = {
    charged,
    method: () => method,
    submit: vi.fn(async () => null),
    confirm,
    retrieve: vi.fn(async () => succeeded),
    handleNextAction: vi.fn(async () => succeeded),
  }
  return p
}

/** A controller over a tab's store; it hears no page events unless given a target. */
const controller = (store: Store = getStore(), pageEvents: EventTarget | null = null) =>
  createPaymentController({
    store,
    sleep: async () => undefined,
    retryDelays: [0, 0, 0],
    pageEvents,
  })

/**
 * Another tab of the same browser: its own sessionStorage (a copy of this tab's saved state, or
 * nothing for a new tab), the same localStorage.
 */
function otherTab(copy: string | null = null): Store {
  const session = new Map<string, string>(copy ? [[STORAGE_KEY, copy]] : [])
  return createStore({
    readSaved: readSavedState,
    storage: {
      getItem: (k) => session.get(k) ?? null,
      setItem: (k, v) => void session.set(k, v),
      removeItem: (k) => void session.delete(k),
    },
  })
}

/**
 * The copy's Pay finds its content paid by the other tab: "already paid", nothing confirmed, still
 * one order and one intent. Resolves to the copy's controller.
 */
async function expectCopyFindsPaid(copy: Store) {
  const stripe = provider()
  const second = controller(copy)
  await second.pay(stripe, 'en')
  expect(second.getStatus()).toEqual({ state: 'idle', failure: { kind: 'already-paid' } })
  expect(stripe.confirm).not.toHaveBeenCalled()
  expect(db.orders).toHaveLength(1)
  expect(db.paymentIntents).toHaveLength(1)
  return second
}

/**
 * A confirmation the provider never answers (the page left for the bank, or is reloaded during
 * it); resolves once the controller asked for it (the payment is then 'confirming').
 */
function holdConfirmation(stripe: PaymentProvider): Promise<void> {
  return new Promise<void>((asked) => {
    stripe.confirm = vi.fn(() => {
      asked()
      return new Promise<ProviderResult>(() => undefined)
    })
  })
}

/** Resolves once the controller's status is one `done` accepts (checked on every change). */
function statusWhen(c: PaymentController, done: (status: PaymentStatus) => boolean) {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (!done(c.getStatus())) return
      stop()
      resolve()
    }
    const stop = c.subscribe(check)
    check()
  })
}

/** The back-office calls of a payment, in their order. */
const FLOW_STEPS: CallName[] = [
  'createorderinodoo',
  'createpaymentintent',
  'checkoutorder',
  'sendorderconfirmation',
  'updateuserpoints',
]

const pendingText = () => localStorage.getItem(PENDING_PAYMENTS_KEY)
const state = () => getStore().getState()
const flowCalls = () =>
  db.calls
    .filter((c) => FLOW_STEPS.includes(c.call))
    .filter((c) => !c.replayed)
    .map((c) => c.call)

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  db.sessionEmail = CLAIRE.email
  getStore().update((d) => {
    d.session = { isLoggedIn: true, user: { ...CLAIRE }, points: CLAIRE.points }
  })
  setContacts({ ...emptyContacts(), delivery: CONTACT, invoice: CONTACT, isValidShipping: true })
  getStore().update((d) => {
    d.cart.shippingCost = 9.95
  })
  addToCart(WINE)
})

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
  const priceCheck = (price: number, verdict: 'ok' | 'cart-changed') =>
    vi.fn(() => {
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

describe('case 1: a step after the charge fails', () => {
  it.each<CallName>(['checkoutorder', 'sendorderconfirmation', 'updateuserpoints'])(
    '%s failing once is retried; the cart changed meanwhile changes nothing of the order',
    async (call) => {
      setFault(call, { kind: 'status', status: 500 }, { times: 1 })
      const c = controller()
      const stripe = provider()
      // Another widget adds to the cart while the card is being confirmed: the next cart.
      stripe.confirm = vi.fn(async () => {
        addToCart({ ...WINE, quantity: 36 })
        return succeeded
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

describe('case 1: the host hears every failure after the charge', () => {
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

describe('case 2: only the balance refresh fails', () => {
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

describe('case 3: declined, then the content changes', () => {
  it('creates a new order for the new content and checks out that one', async () => {
    const c = controller()
    await c.pay(provider([declined]), 'en')
    expect(c.getStatus()).toEqual({
      state: 'idle',
      failure: { kind: 'card', message: 'Your card was declined.' },
    })
    const first = db.orders[0]!.orderNumber
    expect(state().cart.lines[0]!.quantity).toBe(6)
    updateCartQuantity(WINE.id, 12)
    expect(state().cart.orderId).toBeNull()
    await c.pay(provider(), 'en')
    expect(db.orders.map((o) => [o.status, (o.cartlines as CartLine[])[0]!.quantity])).toEqual([
      ['created', 6],
      ['checked-out', 12],
    ])
    const second = db.orders[1]!.orderNumber
    expect(second).not.toBe(first)
    expect(db.paymentIntents.map((i) => i.amount_total)).toEqual([7565, 14135])
    expect(callsOf('checkoutorder').map((c) => c.payload)).toEqual([{ orderId: second }])
  })

  it('reuses the order and its intent when the content is the same', async () => {
    const c = controller()
    await c.pay(provider([declined]), 'en')
    await c.pay(provider(), 'en')
    expect(db.orders).toHaveLength(1)
    expect(db.paymentIntents).toHaveLength(1)
  })
})

describe('case 4: a duplicated tab', () => {
  it('finds its order paid by the other tab: no second charge, a fresh cart', async () => {
    const c = controller()
    await c.pay(provider([declined]), 'en')
    const orderId = db.orders[0]!.orderNumber
    // The other tab (same sessionStorage copy) paid it meanwhile.
    recordPaidOrder(orderId)
    const stripe = provider()
    await c.pay(stripe, 'en')
    expect(stripe.confirm).not.toHaveBeenCalled()
    expect(c.getStatus()).toEqual({ state: 'idle', failure: { kind: 'already-paid' } })
    expect(state().cart.lines).toEqual([])
    expect(state().payment).toBeNull()
    expect(db.paymentIntents).toHaveLength(1)
  })

  it('says so on load too', async () => {
    await controller().pay(provider([declined]), 'en')
    recordPaidOrder(db.orders[0]!.orderNumber)
    const c = controller()
    await c.resume()
    expect(c.getStatus()).toEqual({ state: 'idle', failure: { kind: 'already-paid' } })
  })
})

describe('case 5: answers lost after the server applied the call', () => {
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

describe('case 6: a reload or a redirect during the confirmation', () => {
  async function lostConfirmation(method = 'card') {
    const c = controller()
    const stripe = provider([], method)
    // The page goes away while the provider holds the confirmation.
    const asked = holdConfirmation(stripe)
    void c.pay(stripe, 'en')
    await asked
    expect(state().payment?.phase).toBe('confirming')
    return stripe
  }

  /** The next page load after a lost confirmation: a fresh controller resumes with a provider. */
  async function resumeAfterLoss(method: string, retrieved: ProviderResult = succeeded) {
    await lostConfirmation(method)
    const after = provider()
    after.retrieve = vi.fn(async () => retrieved)
    const c = controller()
    await c.resume(after)
    return { after, c }
  }

  it('reads the intent first and continues a succeeded one, never confirming it again', async () => {
    const { after, c } = await resumeAfterLoss('card')
    expect(after.retrieve).toHaveBeenCalledTimes(1)
    expect(after.confirm).not.toHaveBeenCalled()
    expect(after.handleNextAction).not.toHaveBeenCalled()
    expect(c.getStatus().state).toBe('finished')
    expect(callsOf('checkoutorder')).toHaveLength(1)
  })

  it('resumes 3-D Secure still waiting for the shopper', async () => {
    const { after, c } = await resumeAfterLoss('card', REQUIRES_ACTION)
    expect(after.handleNextAction).toHaveBeenCalledTimes(1)
    expect(c.getStatus().state).toBe('finished')
  })

  it('leaves the cart intact after an abandoned bank redirect', async () => {
    const { after, c } = await resumeAfterLoss('bancontact', REQUIRES_ACTION)
    expect(after.handleNextAction).not.toHaveBeenCalled()
    expect(c.getStatus()).toEqual({ state: 'idle', failure: { kind: 'not-completed' } })
    expect(state().payment?.phase).toBe('open')
    expect(state().cart.lines).toEqual([expect.objectContaining({ quantity: 6 })])
    expect(callsOf('checkoutorder')).toEqual([])
  })

  it("shows the bank's message after a declined redirect", async () => {
    const { c } = await resumeAfterLoss('bancontact', DECLINED_BY_BANK)
    expect(c.getStatus()).toEqual({
      state: 'idle',
      failure: { kind: 'card', message: 'The payment was declined by the bank.' },
    })
  })

  it('reads instead of failing when the provider says the intent already succeeded', async () => {
    const c = controller()
    const stripe = provider([
      { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' } },
    ])
    await c.pay(stripe, 'en')
    expect(stripe.retrieve).toHaveBeenCalled()
    expect(c.getStatus().state).toBe('finished')
  })

  it('keeps the cart read-only while the provider holds the confirmation', async () => {
    await lostConfirmation()
    expect(updateCartQuantity(WINE.id, 42)).toBe(false)
    expect(state().cart.lines[0]!.quantity).toBe(6)
  })
})

describe('case 7: droplets cover everything', () => {
  it('confirms a zero-euro order without any payment intent', async () => {
    getStore().update((d) => {
      d.cart.shippingCost = 0
      d.cart.lines[0]!.quantity = 1
      d.cart.lines[0]!.price = 20
      d.cart.redeemedPoints = 100
      d.cart.redeemedPointsAmount = 20
    })
    const c = controller()
    const stripe = provider()
    await c.pay(stripe, 'en')
    expect(stripe.submit).not.toHaveBeenCalled()
    expect(stripe.confirm).not.toHaveBeenCalled()
    expect(flowCalls()).toEqual([
      'createorderinodoo',
      'checkoutorder',
      'sendorderconfirmation',
      'updateuserpoints',
      'updateuserpoints',
    ])
    expect(db.pointUpdates.map((u) => u.points)).toEqual([-100, 2])
    expect(c.getStatus()).toMatchObject({ state: 'finished', order: { total: 0 } })
  })
})

describe('before the charge', () => {
  it.each<[CallName, string]>([
    ['createorderinodoo', 'order'],
    ['createpaymentintent', 'intent'],
  ])('%s failing shows the spec message and keeps everything', async (call, kind) => {
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

describe('a charged order across tabs (localStorage)', () => {
  it('a tab closed after the charge: the next load in another tab finishes the order, once', async () => {
    setFault('checkoutorder', { kind: 'status', status: 503 })
    await controller().pay(provider(), 'en')
    expect(state().payment?.phase).toBe('charged')
    const orderId = db.orders[0]!.orderNumber
    clearFaults()
    db.calls.length = 0
    // The tab is closed (its sessionStorage is gone with it); a page loads in a new tab.
    const paid = vi.fn()
    const off = getBus().on('order:paid', paid)
    await controller(otherTab()).resume()
    off()
    expect(flowCalls()).toEqual(['checkoutorder', 'sendorderconfirmation', 'updateuserpoints'])
    expect(db.orders[0]!.status).toBe('checked-out')
    expect(JSON.parse(db.orders[0]!.confirmation!.cartlines ?? '')).toEqual([
      expect.objectContaining({ id: WINE.id, quantity: 6 }),
    ])
    expect(paid).toHaveBeenCalledWith(expect.objectContaining({ orderId, total: 75.65 }))
    expect(pendingText()).toBeNull()
    // A third load has nothing left to do.
    await controller(otherTab()).resume()
    expect(flowCalls()).toHaveLength(3)
  })

  it('keeps only what the remaining steps need', async () => {
    setContacts({
      ...state().contacts,
      vat: { number: 'BE0403170701', valid: true, name: 'Dubois SRL' },
    })
    setFault('sendorderconfirmation', { kind: 'status', status: 503 })
    await controller().pay(provider(), 'en')
    const text = pendingText() ?? ''
    // JSON.parse gives no type; the matcher below checks the shape.
    const [record] = JSON.parse(text) as [{ progress: Record<string, unknown> }]
    expect(record.progress).toMatchObject({
      phase: 'charged',
      orderId: db.orders[0]!.orderNumber,
      intent: null,
      key: '',
      done: ['checkout'],
      snapshot: { user: { email: CLAIRE.email, name: '' }, invoice: CONTACT, delivery: CONTACT },
    })
    expect(text).not.toContain('0403170701')
    expect(text).not.toContain('Dubois SRL')
    expect(text).not.toContain('client_secret')
    expect(text).not.toContain('_secret_')

    // Once the e-mail is sent, the contacts and lines go too (the points need the e-mail only).
    clearFaults()
    setFault('updateuserpoints', { kind: 'status', status: 503 })
    await controller().retry()
    const after = pendingText() ?? ''
    expect(after).not.toContain(CONTACT.street)
    expect(after).not.toContain(CONTACT.phone)
    expect(after).not.toContain(WINE.name)
  })

  it('forgets the pending record on logout', async () => {
    const stop = forgetPendingOnLogout()
    setFault('checkoutorder', { kind: 'status', status: 503 })
    const c = controller()
    await c.pay(provider(), 'en')
    expect(pendingText()).not.toBeNull()
    getBus().emit('user:logged-out', { reason: 'logout' })
    stop()
    expect(pendingText()).toBeNull()
    // This tab still finishes its order, without writing the record back.
    clearFaults()
    setFault('sendorderconfirmation', { kind: 'status', status: 503 })
    await c.retry()
    expect(state().payment).toMatchObject({ phase: 'charged', done: ['checkout'] })
    expect(pendingText()).toBeNull()
  })

  it('drops an entry that does not fit with a warning and still finishes the valid one', async () => {
    setFault('checkoutorder', { kind: 'status', status: 503 })
    await controller().pay(provider(), 'en')
    const orderId = db.orders[0]!.orderNumber
    clearFaults()
    // The records as the controller wrote them; only spread back below, never read.
    const valid = JSON.parse(pendingText() ?? '[]') as unknown[]
    localStorage.setItem(
      PENDING_PAYMENTS_KEY,
      JSON.stringify([{ savedAt: Date.now(), progress: { phase: 'charged', id: 1 } }, ...valid]),
    )
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await controller(otherTab()).resume()
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`Discarded 1 pending payment(s) in localStorage`),
    )
    expect(db.orders[0]!.status).toBe('checked-out')
    // Nothing else is lost: the paid-orders record and this tab's state are untouched.
    expect(isOrderPaid(orderId)).toBe(true)
    expect(state().payment?.orderId).toBe(orderId)
  })

  it('reads unreadable JSON as nothing pending, with a warning', async () => {
    localStorage.setItem(PENDING_PAYMENTS_KEY, '{not json')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const c = controller(otherTab())
    await c.resume()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('corrupted pending payments'))
    expect(pendingText()).toBeNull()
    expect(c.getStatus()).toEqual({ state: 'idle', failure: null })
    expect(state().cart.lines).toHaveLength(1)
  })
})

describe('a bank redirect that returns into a tab without its progress', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  /** Pays by Bancontact: the page leaves for the bank and comes back with the return parameters. */
  async function backFromTheBank(redirectStatus: string) {
    const stripe = provider([], 'bancontact')
    const asked = holdConfirmation(stripe)
    void controller().pay(stripe, 'en')
    await asked
    expect(state().payment?.phase).toBe('confirming')
    const secret = state().payment!.intent!.secret
    window.history.replaceState(
      null,
      '',
      `/en/cart?payment_intent=pi_1&payment_intent_client_secret=${secret}&redirect_status=${redirectStatus}`,
    )
    return secret
  }

  it('approved: reads the intent first, then finishes the order once', async () => {
    const secret = await backFromTheBank('succeeded')
    const tab = otherTab()
    const c = controller(tab)
    const back = provider()
    // The cart asks first without a provider; the entry's call with one must still run.
    await Promise.all([c.resume(), c.resume(back)])
    expect(back.retrieve).toHaveBeenCalledWith(secret)
    expect(back.confirm).not.toHaveBeenCalled()
    expect(c.getStatus()).toEqual({
      state: 'finished',
      order: { orderId: db.orders[0]!.orderNumber, total: 75.65, orderPoints: 7 },
    })
    expect(flowCalls()).toEqual(FLOW_STEPS)
    expect(window.location.search).toBe('')
    expect(pendingText()).toBeNull()
    // A reload of that tab is not a second return.
    await controller(tab).resume(provider())
    expect(callsOf('checkoutorder')).toHaveLength(1)
  })

  it("declined: the bank's message, the cart put back, nothing checked out", async () => {
    await backFromTheBank('failed')
    const tab = otherTab()
    const c = controller(tab)
    const back = provider()
    back.retrieve = vi.fn(async () => DECLINED_BY_BANK)
    await c.resume(back)
    expect(c.getStatus()).toEqual({
      state: 'idle',
      failure: { kind: 'card', message: 'The payment was declined by the bank.' },
    })
    expect(tab.getState().cart.lines).toEqual([
      expect.objectContaining({ id: WINE.id, quantity: 6 }),
    ])
    expect(tab.getState().payment?.phase).toBe('open')
    expect(callsOf('checkoutorder')).toEqual([])
    expect(pendingText()).toBeNull()
  })
})

describe('back from the bank with the back button (back/forward cache)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })
  async function leftForTheBank(page: EventTarget, retrieved: ProviderResult) {
    const c = controller(getStore(), page)
    const stripe = provider([], 'bancontact')
    const asked = holdConfirmation(stripe)
    stripe.retrieve = vi.fn(async () => retrieved)
    const paying = c.pay(stripe, 'en')
    await asked
    expect(state().payment?.phase).toBe('confirming')
    return { c, stripe, paying }
  }
  const pageShow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted })

  it('a page restored from the cache reads the intent: abandoned leaves the cart intact', async () => {
    const page = new EventTarget()
    const { c, stripe, paying } = await leftForTheBank(page, {
      paymentIntent: { status: 'requires_action' },
    })
    page.dispatchEvent(pageShow(true))
    await paying
    // The resume the event started tells the outcome.
    await statusWhen(c, (s) => s.state === 'idle' && s.failure?.kind === 'not-completed')
    expect(c.getStatus()).toEqual({ state: 'idle', failure: { kind: 'not-completed' } })
    expect(stripe.retrieve).toHaveBeenCalledTimes(1)
    expect(stripe.confirm).toHaveBeenCalledTimes(1)
    expect(state().cart.lines).toEqual([expect.objectContaining({ quantity: 6 })])
    expect(state().payment?.phase).toBe('open')
  })

  it('approved at the bank before the back button: the order finishes once', async () => {
    const page = new EventTarget()
    const { c, paying } = await leftForTheBank(page, succeeded)
    page.dispatchEvent(pageShow(true))
    await paying
    await statusWhen(c, (s) => s.state === 'finished')
    expect(c.getStatus().state).toBe('finished')
    expect(callsOf('checkoutorder')).toHaveLength(1)
  })

  it('an ordinary pageshow changes nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const page = new EventTarget()
    const { c, stripe, paying } = await leftForTheBank(page, succeeded)
    let settled = false
    void paying.finally(() => (settled = true))
    page.dispatchEvent(pageShow(false))
    // Everything the event could have started has run: every pending timer, and the promise
    // jobs between them.
    await vi.runAllTimersAsync()
    expect(stripe.retrieve).not.toHaveBeenCalled()
    expect(c.getStatus()).toEqual({ state: 'paying' })
    expect(settled).toBe(false)
  })
})

describe('case 4: a tab duplicated after the charge', () => {
  it.each(['confirming', 'charged'] as const)(
    'copied while %s: the copy skips every step the first tab did, even with a back office that ignores Idempotency-Key',
    async (phase) => {
      let copy: string | null = null
      const stop = getStore().subscribe(() => {
        if (copy === null && state().payment?.phase === phase)
          copy = sessionStorage.getItem(STORAGE_KEY)
      })
      await controller().pay(provider(), 'en')
      stop()
      expect(copy).not.toBeNull()
      // A back office without idempotency: it would take every repeated call.
      db.idempotent = {}
      const calls = flowCalls().length
      const duplicate = controller(otherTab(copy))
      await duplicate.resume(provider())
      expect(flowCalls()).toHaveLength(calls)
      expect(db.orders[0]!.confirmationsSent).toBe(1)
      expect(db.pointUpdates).toHaveLength(1)
      expect(db.paymentIntents).toHaveLength(1)
    },
  )
})

describe('one tab pays at a time (Web Locks, navigator.locks)', () => {
  /** A `navigator.locks` that really serialises, shared by every "tab" of the test. */
  function installLocks() {
    const fake = fakeLocks()
    Object.defineProperty(navigator, 'locks', { value: fake.locks, configurable: true })
    return fake
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks')
  })

  /**
   * One Stripe account that two tabs talk to. The first confirmation is held until the test lets
   * it answer; an intent is charged once, and confirming a succeeded intent again is refused as
   * Stripe does (`payment_intent_unexpected_state`).
   */
  function sharedStripe() {
    let answerFirst!: () => void
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve))
    let asked!: () => void
    const firstAsked = new Promise<void>((resolve) => (asked = resolve))
    const succeededIntents = new Set<string>()
    const charged: string[] = []
    const confirm = vi.fn(async ({ clientSecret }: { clientSecret: string }) => {
      asked()
      if (confirm.mock.calls.length === 1) await firstHeld
      if (succeededIntents.has(clientSecret))
        return {
          error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' },
        } satisfies ProviderResult
      succeededIntents.add(clientSecret)
      charged.push(clientSecret)
      return succeeded
    })
    const stripe: PaymentProvider = {
      method: () => 'card',
      submit: vi.fn(async () => null),
      confirm,
      retrieve: vi.fn(async (secret: string) =>
        succeededIntents.has(secret)
          ? succeeded
          : { paymentIntent: { status: 'requires_payment_method' } },
      ),
      handleNextAction: vi.fn(async () => succeeded),
    }
    return { stripe, confirm, charged, answerFirst, firstAsked }
  }

  /**
   * What one tab writes to localStorage reaches the others a moment later: each tab's process
   * reads its own copy, which the browser updates after the write (Chromium). Here the paid
   * records and the steps done land one task after they are written, later than the lock's next
   * holder runs.
   */
  function paidRecordsArriveLate() {
    const setItem = Storage.prototype.setItem
    const landing = new Set<ReturnType<typeof setTimeout>>()
    // A write still on its way when the test ends must not land in the next test's storage.
    onTestFinished(() => landing.forEach(clearTimeout))
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (this === localStorage && RECORDS.test(key))
        landing.add(setTimeout(() => setItem.call(this, key, value), 0))
      else setItem.call(this, key, value)
    })
  }
  /** The paid records and the steps done (localStorage). */
  const RECORDS = /^wine-widgets:(paid-|order-steps)/

  /** The paid records never reach the other tab (within the test): the worst case of the above. */
  function paidRecordsNeverArrive() {
    const setItem = Storage.prototype.setItem
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (!(this === localStorage && RECORDS.test(key))) setItem.call(this, key, value)
    })
  }
  const STORAGE_SPEEDS = [
    ['', false],
    [' (the paid records reach the other tab late)', true],
  ] as const

  it.each(STORAGE_SPEEDS)(
    'two tabs on the same order press Pay together: one confirmation, one charge; the other tab finds it paid%s',
    async (_, late) => {
      const { names, waiting, untilWaiting } = installLocks()
      if (late) paidRecordsArriveLate()
      // Declined first: the order and its intent exist. Then the tab is duplicated.
      await controller().pay(provider([declined]), 'en')
      const orderId = db.orders[0]!.orderNumber
      const flow = state().payment!.id
      const cartId = state().cart.id
      const copy = otherTab(sessionStorage.getItem(STORAGE_KEY))
      expect(copy.getState().payment).toMatchObject({ id: flow, orderId })
      const { stripe, confirm, charged, answerFirst, firstAsked } = sharedStripe()
      const first = controller()
      const second = controller(copy)
      const paying = [first.pay(stripe, 'en'), second.pay(stripe, 'en')]
      // The first tab's confirmation is under way; the second tab gets as far as it can: queued
      // behind the first tab's lock (or, without the lock, confirming the same intent too and done).
      await Promise.all([firstAsked, Promise.race([untilWaiting(1), paying[1]])])
      expect(confirm.mock.calls.length + waiting()).toBe(2)
      answerFirst()
      await Promise.all(paying)
      expect(confirm).toHaveBeenCalledTimes(1)
      expect(charged).toHaveLength(1)
      expect(first.getStatus()).toEqual({
        state: 'finished',
        order: { orderId, total: 75.65, orderPoints: 7 },
      })
      expect(second.getStatus()).toEqual({ state: 'idle', failure: { kind: 'already-paid' } })
      // The copy starts a fresh cart; nothing of the order is left in it.
      expect(copy.getState().cart.lines).toEqual([])
      expect(copy.getState().payment).toBeNull()
      // The back office saw one order, one intent, and each step once, from the paying tab.
      expect(db.orders).toHaveLength(1)
      expect(db.paymentIntents).toHaveLength(1)
      expect(callsOf('checkoutorder')).toHaveLength(1)
      expect(callsOf('sendorderconfirmation')).toHaveLength(1)
      expect(db.pointUpdates).toEqual([expect.objectContaining({ document: orderId, points: 7 })])
      // Both tabs asked for the lock of the one flow, after the lock of their shared cart.
      expect(new Set(names.filter((name) => name.startsWith('wine-widgets:payment:')))).toEqual(
        new Set([`wine-widgets:payment:${flow}`, `wine-widgets:payment:cart:${cartId}`]),
      )
    },
  )

  it.each(STORAGE_SPEEDS)(
    'two tabs sharing a cart, no payment started, press Pay together: one order, one intent, one charge; the other starts a fresh cart%s',
    async (_, late) => {
      const { waiting } = installLocks()
      if (late) paidRecordsArriveLate()
      // Duplicated before Pay: the copy shares the cart (and its id), and has no flow.
      const cartId = state().cart.id
      const copy = otherTab(sessionStorage.getItem(STORAGE_KEY))
      expect(state().payment).toBeNull()
      expect(copy.getState().payment).toBeNull()
      expect(copy.getState().cart.id).toBe(cartId)
      const { stripe, confirm, charged, answerFirst } = sharedStripe()
      const first = controller()
      const second = controller(copy)
      const paying = [first.pay(stripe, 'en'), second.pay(stripe, 'en')]
      // The first tab's confirmation is under way; the second tab gets as far as it can: queued
      // behind the cart's lock (or, without it, confirming an intent of its own order).
      await vi.waitFor(() => expect(confirm.mock.calls.length + waiting()).toBe(2))
      answerFirst()
      await Promise.all(paying)
      expect(db.orders).toHaveLength(1)
      expect(db.paymentIntents).toHaveLength(1)
      expect(confirm).toHaveBeenCalledTimes(1)
      expect(charged).toHaveLength(1)
      expect(first.getStatus()).toEqual({
        state: 'finished',
        order: { orderId: db.orders[0]!.orderNumber, total: 75.65, orderPoints: 7 },
      })
      expect(second.getStatus()).toEqual({ state: 'idle', failure: { kind: 'already-paid' } })
      // The copy starts a fresh cart: empty, with a new id (so is the paying tab's next cart).
      expect(copy.getState().cart.lines).toEqual([])
      expect(copy.getState().payment).toBeNull()
      expect(copy.getState().cart.id).not.toBe(cartId)
      expect(state().cart.id).not.toBe(cartId)
      expect(state().cart.id).not.toBe(copy.getState().cart.id)
      expect(isCartPaid(cartId)).toBe(true)
      expect(callsOf('checkoutorder')).toHaveLength(1)
      expect(callsOf('sendorderconfirmation')).toHaveLength(1)
    },
  )

  it('two tabs sharing a cart pay one after the other: the second, after the thank-you of the first, makes no second order', async () => {
    installLocks()
    const cartId = state().cart.id
    const copy = otherTab(sessionStorage.getItem(STORAGE_KEY))
    const first = controller()
    await first.pay(provider(), 'en')
    expect(first.getStatus().state).toBe('finished')
    expect(db.orders).toHaveLength(1)
    const second = await expectCopyFindsPaid(copy)
    expect(copy.getState().cart.lines).toEqual([])
    expect(copy.getState().payment).toBeNull()
    expect(copy.getState().cart.id).not.toBe(cartId)
    // The fresh cart is a new purchase: filled again, it pays as a new order.
    copy.update((d) => {
      d.cart.lines.push({ ...WINE })
    })
    await second.pay(provider(), 'en')
    expect(second.getStatus().state).toBe('finished')
    expect(db.orders).toHaveLength(2)
  })

  it('a copy taken after a declined payment, with a wine added since, pays after the first tab: no second order, the added wine stays', async () => {
    installLocks()
    await controller().pay(provider([declined]), 'en')
    const copy = otherTab(sessionStorage.getItem(STORAGE_KEY))
    await controller().pay(provider(), 'en')
    expect(db.orders).toHaveLength(1)
    // The copy changed its content meanwhile: a new flow would be an order for all of it.
    const extra = wineLine({ id: '77', odooCode: 'W77', name: 'Extra', quantity: 1 })
    copy.update((d) => {
      d.cart.lines.push(extra)
    })
    await expectCopyFindsPaid(copy)
    expect(copy.getState().cart.lines).toEqual([extra])
    expect(copy.getState().payment).toBeNull()
  })

  it('back from the bank in two tabs at once (the tab reloaded and a copy): one reads the intent at a time, the order finishes once', async () => {
    const stripe = provider([], 'bancontact')
    const asked = holdConfirmation(stripe)
    void controller().pay(stripe, 'en')
    await asked
    expect(state().payment?.phase).toBe('confirming')
    // The page that paid has left for the bank: it holds no lock any more.
    const { waiting, untilWaiting, names } = installLocks()
    const flow = state().payment!.id
    const saved = sessionStorage.getItem(STORAGE_KEY)
    // The bank approved; the first read of the intent is held until the test lets it answer.
    let answerFirst!: () => void
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve))
    let secondAsked!: () => void
    const askedTwice = new Promise<void>((resolve) => (secondAsked = resolve))
    const back = provider()
    back.retrieve = vi.fn(async () => {
      if (vi.mocked(back.retrieve).mock.calls.length === 1) await firstHeld
      else secondAsked()
      return succeeded
    })
    const tabs = [controller(otherTab(saved)), controller(otherTab(saved))]
    const resuming = tabs.map((c) => c.resume(back))
    // The second tab is queued behind the flow's lock while the first reads the intent (without
    // the lock it would read it too, at the same time, and both would go on to the steps).
    await Promise.race([untilWaiting(1), askedTwice])
    expect(back.retrieve).toHaveBeenCalledTimes(1)
    expect(waiting()).toBe(1)
    expect(names.filter((name) => name === `wine-widgets:payment:${flow}`)).toHaveLength(2)
    answerFirst()
    await Promise.all(resuming)
    expect(tabs.map((c) => c.getStatus().state)).toContain('finished')
    expect(back.confirm).not.toHaveBeenCalled()
    expect(callsOf('checkoutorder')).toHaveLength(1)
    expect(callsOf('sendorderconfirmation')).toHaveLength(1)
    expect(db.pointUpdates).toHaveLength(1)
  })

  it.each(STORAGE_SPEEDS)(
    'a tab duplicated after the charge waits for the first one to finish the steps, then repeats none%s',
    async (_, late) => {
      const { waiting, untilWaiting } = installLocks()
      if (late) paidRecordsArriveLate()
      setFault('checkoutorder', { kind: 'held' }, { times: 1 })
      const first = controller()
      const paying = first.pay(provider(), 'en')
      // Charged, its checkout on the way to the back office: the tab is duplicated now.
      await whenHeld('checkoutorder')
      expect(callsOf('checkoutorder')).toHaveLength(1)
      expect(state().payment?.phase).toBe('charged')
      const copy = otherTab(sessionStorage.getItem(STORAGE_KEY))
      const second = controller(copy)
      const resuming = second.resume()
      // The copy gets as far as it can: queued behind the lock (or, without it, checking out too
      // and done).
      await Promise.race([untilWaiting(1), resuming])
      expect(callsOf('checkoutorder').length + waiting()).toBe(2)
      releaseHeld('checkoutorder')
      await Promise.all([paying, resuming])
      expect(first.getStatus().state).toBe('finished')
      // Every step reached the back office once, from the first tab: the copy sent nothing, not
      // even a repeat that the back office's Idempotency-Key would have answered.
      expect(callsOf('checkoutorder')).toHaveLength(1)
      expect(callsOf('sendorderconfirmation')).toHaveLength(1)
      expect(callsOf('updateuserpoints')).toHaveLength(1)
      expect(db.orders[0]!.confirmationsSent).toBe(1)
      expect(db.pointUpdates).toHaveLength(1)
      expect(copy.getState().payment?.phase ?? 'finished').toBe('finished')
    },
  )
  it('the paying tab is gone before its paid records reach a tab sharing its cart: that tab pays nothing again (one order, one intent, one charge)', async () => {
    installLocks()
    paidRecordsNeverArrive()
    const copy = otherTab(sessionStorage.getItem(STORAGE_KEY))
    const { stripe, charged, answerFirst } = sharedStripe()
    answerFirst()
    const first = controller()
    await first.pay(stripe, 'en')
    expect(first.getStatus().state).toBe('finished')
    // The paying page closed: its marks went with it (a new lock manager holds none).
    installLocks()
    const second = controller(copy)
    await second.pay(stripe, 'en')
    // Same cart, same content: the same flow id, so the same idempotency keys. The back office
    // answers with the first order and intent; the provider refuses to confirm it again and the
    // read says it is paid: the copy shows that order paid, and nothing was charged twice.
    expect(db.orders).toHaveLength(1)
    expect(db.paymentIntents).toHaveLength(1)
    expect(charged).toHaveLength(1)
    expect(second.getStatus()).toEqual({
      state: 'finished',
      order: { orderId: db.orders[0]!.orderNumber, total: 75.65, orderPoints: 7 },
    })
    expect(db.orders[0]!.confirmationsSent).toBe(1)
    expect(db.pointUpdates).toHaveLength(1)
  })

  it('a tab sharing the cart whose own flow (the same id) stayed open finishes the order the other tab charged and left', async () => {
    const copy = otherTab(sessionStorage.getItem(STORAGE_KEY))
    // The copy pressed Pay first; its order was not created: its flow stays open, no order.
    setFault('createorderinodoo', { kind: 'status', status: 500 }, { times: 1 })
    const second = controller(copy)
    await second.pay(provider(), 'en')
    expect(copy.getState().payment).toMatchObject({ phase: 'open', orderId: null })
    // The first tab pays the same content (the same flow id), then closes before the checkout.
    setFault('checkoutorder', { kind: 'status', status: 500 })
    const first = controller()
    await first.pay(provider(), 'en')
    expect(state().payment).toMatchObject({ id: copy.getState().payment!.id, phase: 'charged' })
    first.stop()
    clearFaults()
    expect(pendingText()).toContain('"phase":"charged"')
    // The copy's next page load finishes it, though the record carries its own flow id.
    await second.resume()
    expect(db.orders).toHaveLength(1)
    expect(db.orders[0]!.status).toBe('checked-out')
    expect(db.orders[0]!.confirmationsSent).toBe(1)
    expect(pendingText()).toBeNull()
  })
})
