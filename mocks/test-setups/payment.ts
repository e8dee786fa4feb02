/**
 * The payment controller's test set-up, shared by its test files (src/payment/*.test.ts): a
 * logged-in tab with one wine to pay, scripted providers, other tabs of the same browser, and
 * what the back office saw.
 */
import { expect, vi } from 'vitest'
import { db } from '../db'
import { changeCatalogue, sellsLines } from '../catalogue'
import { stripeServer } from '../stripe-server'
import type { CallName } from '../faults'
import { CLAIRE_CONTACT, wineLine } from '../../fixtures/checkout'
import { CLAIRE } from '../../fixtures/users'
import { addToCart } from '../../src/store/cart-actions'
import { setContacts } from '../../src/store/contacts-actions'
import { readSavedState } from '../../src/store/saved-state'
import { getStore } from '../../src/store/shared-store'
import { STORAGE_KEY, emptyContacts } from '../../src/store/state'
import { createStore, type Store } from '../../src/store/store'
import {
  createPaymentController,
  type PaymentController,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderResult,
} from '../../src/payment/payment-controller'
import { PENDING_PAYMENTS_KEY } from '../../src/payment/pending-key'

export const CONTACT = CLAIRE_CONTACT
export const WINE = wineLine()

export const succeeded: ProviderResult = { paymentIntent: { status: 'succeeded' } }
export const declined: ProviderResult = {
  error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
}
/** 3-D Secure or a bank redirect still waiting for the shopper. */
export const REQUIRES_ACTION: ProviderResult = { paymentIntent: { status: 'requires_action' } }
/** What the provider reads of an intent the bank declined during a redirect. */
export const DECLINED_BY_BANK: ProviderResult = {
  paymentIntent: {
    status: 'requires_payment_method',
    last_payment_error: { message: 'The payment was declined by the bank.' },
  },
}

/**
 * What Stripe's servers know once a scripted provider says an intent succeeded: it is charged
 * there (the back office books points only for a paid order, mocks/account.ts).
 */
export function chargeAtStripe(
  clientSecret: string,
  method: string,
  answer: ProviderResult = succeeded,
): ProviderResult {
  if (answer.paymentIntent?.status !== 'succeeded') return answer
  const intent = stripeServer.find(clientSecret)
  if (intent && intent.status !== 'succeeded')
    stripeServer.charge(intent.id, method === 'bancontact' ? 'bancontact' : 'card')
  return answer
}

/** A scripted provider: `confirm` answers from the queue; every call is counted. */
export function provider(answers: ProviderResult[] = [succeeded], method = 'card') {
  const confirm = vi.fn(async ({ clientSecret }: { clientSecret: string }) => {
    const answer = answers.shift() ?? succeeded
    if (answer.paymentIntent?.status === 'succeeded') charged.push(clientSecret)
    return chargeAtStripe(clientSecret, method, answer)
  })
  const charged: string[] = []
  const p: PaymentProvider & { charged: string[] } = {
    charged,
    method: () => method,
    submit: vi.fn(async () => null),
    confirm,
    retrieve: vi.fn(async (secret: string) => chargeAtStripe(secret, method, succeeded)),
    handleNextAction: vi.fn(async (secret: string) => chargeAtStripe(secret, method, succeeded)),
  }
  return p
}

/** A controller over a tab's store; it hears no page events unless given a target. */
export const controller = (store: Store = getStore(), pageEvents: EventTarget | null = null) =>
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
export function otherTab(copy: string | null = null): Store {
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
export async function expectCopyFindsPaid(copy: Store) {
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
export function holdConfirmation(stripe: PaymentProvider): Promise<void> {
  return new Promise<void>((asked) => {
    stripe.confirm = vi.fn(() => {
      asked()
      return new Promise<ProviderResult>(() => undefined)
    })
  })
}

/** Resolves once the controller's status is one `done` accepts (checked on every change). */
export function statusWhen(c: PaymentController, done: (status: PaymentStatus) => boolean) {
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
export const FLOW_STEPS: CallName[] = [
  'createorderinodoo',
  'createpaymentintent',
  'checkoutorder',
  'sendorderconfirmation',
  'updateuserpoints',
]

export const pendingText = () => localStorage.getItem(PENDING_PAYMENTS_KEY)
export const state = () => getStore().getState()
export const flowCalls = () =>
  db.calls
    .filter((c) => FLOW_STEPS.includes(c.call))
    .filter((c) => !c.replayed)
    .map((c) => c.call)

/**
 * Claire logged in, her contacts (her age confirmed), shipping known, one wine in the cart, which
 * the catalogue sells at the cart's price; console errors quiet.
 */
export function payingTab(): void {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  db.sessionEmail = CLAIRE.email
  getStore().update((d) => {
    d.session = { isLoggedIn: true, user: { ...CLAIRE }, points: CLAIRE.points }
  })
  setContacts({
    ...emptyContacts(),
    delivery: CONTACT,
    invoice: CONTACT,
    isValidShipping: true,
    ageConfirmed: true,
  })
  getStore().update((d) => {
    d.cart.shippingCost = 9.95
  })
  addToCart(WINE)
  changeCatalogue(sellsLines([WINE]))
}
