// @vitest-environment jsdom -- needs a DOM (storage, document, events)
/**
 * Two tabs at once under Web Locks: one order, one charge, each step once, even when the records
 * arrive late.
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { callsOf, db } from '../../mocks/db'
import { fakeLocks } from '../../mocks/fake-locks'
import { clearFaults, releaseHeld, setFault, whenHeld } from '../../mocks/faults'
import { wineLine } from '../../fixtures/checkout'
import { STORAGE_KEY } from '../store/state'
import type { PaymentProvider, ProviderResult } from './payment-controller'
import { isCartPaid } from './paid-orders'
import {
  WINE,
  chargeAtStripe,
  succeeded,
  declined,
  provider,
  controller,
  otherTab,
  expectCopyFindsPaid,
  holdConfirmation,
  pendingText,
  state,
  payingTab,
} from '../../mocks/test-setups/payment'

beforeEach(payingTab)

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
      return chargeAtStripe(clientSecret, 'card')
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
    // The fresh cart is a new purchase: filled again (its shipping quoted), it pays as a new order.
    copy.update((d) => {
      d.cart.lines.push({ ...WINE })
      d.cart.shippingCost = 9.95
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
    back.retrieve = vi.fn(async (secret: string) => {
      if (vi.mocked(back.retrieve).mock.calls.length === 1) await firstHeld
      else secondAsked()
      return chargeAtStripe(secret, 'bancontact')
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
