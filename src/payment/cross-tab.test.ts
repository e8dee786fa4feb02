// @vitest-environment jsdom -- needs a DOM (storage, document, events)
/**
 * Other tabs of the browser: duplicated tabs, a tab closed after the charge, a bank return into a
 * tab without its progress.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf, db } from '../../mocks/db'
import { clearFaults, setFault } from '../../mocks/faults'
import { CLAIRE } from '../../fixtures/users'
import { getBus } from '../bus/bus'
import { setContacts } from '../store/contacts-actions'
import { getStore } from '../store/shared-store'
import { STORAGE_KEY } from '../store/state'
import { isOrderPaid, recordPaidOrder } from './paid-orders'
import { PENDING_PAYMENTS_KEY } from './pending-key'
import { forgetPendingOnLogout } from './forget-pending'
import {
  CONTACT,
  WINE,
  declined,
  DECLINED_BY_BANK,
  provider,
  controller,
  otherTab,
  holdConfirmation,
  FLOW_STEPS,
  pendingText,
  state,
  flowCalls,
  payingTab,
} from '../../mocks/test-setups/payment'

beforeEach(payingTab)

describe('a duplicated tab', () => {
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

describe('a tab duplicated after the charge', () => {
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
