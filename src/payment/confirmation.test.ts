// @vitest-environment jsdom -- needs a DOM (storage, document, events)
/**
 * The provider's confirmation and its read-back: declines, reloads and redirects, the
 * back/forward cache, zero-euro orders.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf, db } from '../../mocks/db'
import { changeCatalogue } from '../../mocks/catalogue'
import type { CartLine } from '../domain/types'
import { updateCartQuantity } from '../store/cart-actions'
import { getStore } from '../store/shared-store'
import type { ProviderResult } from './payment-controller'
import {
  WINE,
  succeeded,
  declined,
  REQUIRES_ACTION,
  DECLINED_BY_BANK,
  provider,
  controller,
  holdConfirmation,
  statusWhen,
  state,
  flowCalls,
  payingTab,
} from '../../mocks/test-setups/payment'

beforeEach(payingTab)

describe('declined, then the content changes', () => {
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

describe('a reload or a redirect during the confirmation', () => {
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

describe('droplets cover everything', () => {
  it('confirms a zero-euro order without any payment intent', async () => {
    // One bottle at 150 (free delivery in Belgium from 150), 375 droplets (×2 tier) = 150.00.
    changeCatalogue({ [WINE.id]: { price: 150 } })
    getStore().update((d) => {
      d.cart.shippingCost = 0
      d.cart.lines[0]!.quantity = 1
      d.cart.lines[0]!.price = 150
      d.cart.redeemedPoints = 375
      d.cart.redeemedPointsAmount = 150
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
    expect(db.pointUpdates.map((u) => u.points)).toEqual([-375, 15])
    expect(c.getStatus()).toMatchObject({ state: 'finished', order: { total: 0 } })
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
