/**
 * Every message of the payment, as the shopper reads it in each locale: "payment received, we are
 * finishing your order" (and its stalled text with "Try again now"), the notice of an order paid
 * in another window, "checking your payment" while a lost confirmation is read, and "the payment
 * was not completed". The texts come from the locale files, so a translation change keeps the
 * tests right and a missing or swapped key fails them.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { castDraft } from 'immer'
import en from '../../locales/en.json'
import fr from '../../locales/fr.json'
import nl from '../../locales/nl.json'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf, db } from '../../mocks/db'
import { releaseHeld, setFault } from '../../mocks/faults'
import { createFakeStripe, FAKE_ELEMENT_TEXTS, TEST_CARDS } from '../../mocks/fake-stripe'
import { stripeServer } from '../../mocks/stripe-server'
import {
  cartLine,
  renderCart,
  renderOnPaymentTab,
  setDemoConfig,
} from '../../mocks/test-setups/cart'
import { CLAIRE_CONTACT } from '../../fixtures/checkout'
import { CLAIRE } from '../../fixtures/users'
import { takeSnapshot, transition, type PaymentProgress } from '../../src/domain/payment-flow'
import type { CartLine, Locale } from '../../src/domain/types'
import { recordPaidOrder } from '../../src/payment/paid-orders'
import { setPaymentControllerOptions } from '../../src/payment/shared-controller'
import { addToCart } from '../../src/store/cart-actions'
import { setContacts } from '../../src/store/contacts-actions'
import { getStore } from '../../src/store/shared-store'
import { emptyContacts } from '../../src/store/state'
import { cart } from './index'

const TEXTS = { en, fr, nl }
const LOCALES: Locale[] = ['en', 'fr', 'nl']
const payment = (locale: Locale) => TEXTS[locale].payment
const checkout = (locale: Locale) => TEXTS[locale].checkout
const cartTexts = (locale: Locale) => TEXTS[locale].cart
/** "Pay", "Payer", "Betaal": the Pay button's text before its amount. */
const payWord = (locale: Locale) => payment(locale).pay.replace(/\s*\{\{amount\}\}$/, '')
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '')

const WINE = cartLine()
const OTHER: CartLine = cartLine({
  id: '300301',
  odooCode: 'W30030',
  odooId: 300301,
  name: 'Clos des Fées',
  price: 20,
  quantity: 2,
})
const state = () => getStore().getState()

vi.setConfig({ testTimeout: 30_000 })

beforeEach(() => {
  setDemoConfig()
  // The steps after the charge retry at once: a stalled order shows without waiting a minute.
  setPaymentControllerOptions({ retryDelays: [0, 0] })
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  db.sessionEmail = CLAIRE.email
  setContacts({ ...emptyContacts(), delivery: CLAIRE_CONTACT, invoice: CLAIRE_CONTACT })
})

/** Claire's cart of 6 × 12.50, both contacts filled, on the payment tab with a valid card. */
async function payWithCard(locale: Locale) {
  const { user } = await renderOnPaymentTab(locale, [WINE])
  await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
  const number = await screen.findByRole('textbox', {
    name: FAKE_ELEMENT_TEXTS[locale].cardNumber,
  })
  await user.type(number, TEST_CARDS.success)
  const pay = screen.getByRole('button', {
    name: new RegExp(`^${payWord(locale)} `),
  })
  await waitFor(() => expect(pay).toBeEnabled())
  await user.click(pay)
  return user
}

const thanks = (locale: Locale) =>
  screen.findByRole('heading', { name: checkout(locale).thanksTitle }, { timeout: 6000 })

/** A saved progress for WINE × 6, moved through the given events. */
function savedProgress(locale: Locale, orderId: string): PaymentProgress {
  const snapshot = takeSnapshot({
    cart: { ...state().cart, lines: [WINE], shippingCost: 9.95 },
    contacts: state().contacts,
    user: { email: CLAIRE.email, name: CLAIRE.name },
    locale,
  })
  const open = transition(null, { type: 'start', snapshot, id: `flow-${locale}` })
  const ordered = transition(open, { type: 'order-created', orderId })
  if (!ordered) throw new Error('no progress')
  return ordered
}

describe('after the charge: "payment received, we are finishing your order"', () => {
  it.each(LOCALES)('shows while a step is slow, then the thank-you (%s)', async (locale) => {
    setFault('checkoutorder', { kind: 'held' }, { times: 1 })
    await payWithCard(locale)
    expect(
      await screen.findByRole('heading', { name: payment(locale).receivedTitle }),
    ).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent(payment(locale).finishing)
    // Not stalled: no "taking longer" text and no retry button; and never a Pay button.
    expect(screen.queryByText(payment(locale).finishingStalled)).toBeNull()
    expect(screen.queryByRole('button', { name: payment(locale).retryNow })).toBeNull()
    expect(screen.queryByRole('button', { name: new RegExp(`^${payWord(locale)} `) })).toBeNull()
    expect(screen.queryByText(payment(locale).errorProcessing)).toBeNull()
    releaseHeld('checkoutorder')
    expect(await thanks(locale)).toBeVisible()
  })

  it.each(LOCALES)(
    'says it takes longer when the steps stall, and "Try again now" finishes the order (%s)',
    async (locale) => {
      // Three failures: the first try and the two retries; then the page stops until asked.
      setFault('checkoutorder', { kind: 'status', status: 500 }, { times: 3 })
      const user = await payWithCard(locale)
      expect(await screen.findByText(payment(locale).finishingStalled)).toBeVisible()
      expect(screen.getByRole('status')).toHaveTextContent(payment(locale).finishing)
      const retry = screen.getByRole('button', { name: payment(locale).retryNow })
      expect(callsOf('checkoutorder').filter((c) => !c.fault)).toHaveLength(0)
      await user.click(retry)
      expect(await thanks(locale)).toBeVisible()
      expect(callsOf('checkoutorder').filter((c) => !c.fault)).toHaveLength(1)
      expect(stripeServer.state().charges).toHaveLength(1)
    },
  )
})

describe('an order already paid in another window', () => {
  it.each(LOCALES)(
    'says so above a cart that keeps only what was added since (%s)',
    async (locale) => {
      addToCart(WINE)
      getStore().update((d) => {
        d.payment = castDraft(savedProgress(locale, 'S04299'))
      })
      addToCart(OTHER)
      // Another tab paid it (its record is shared by every tab).
      recordPaidOrder('S04299')
      await renderCart(locale)
      const notice = await screen.findByText(payment(locale).alreadyPaid)
      expect(notice).toBeVisible()
      expect(notice).toHaveAttribute('role', 'status')
      expect(state().payment).toBeNull()
      expect(state().cart.lines.map((l) => [l.id, l.quantity])).toEqual([[OTHER.id, 2]])
      expect(screen.getByText(OTHER.name)).toBeVisible()
      expect(screen.queryByText(WINE.name)).toBeNull()
      expect(callsOf('createorderinodoo')).toEqual([])
    },
  )
})

describe('a confirmation the page lost (a return from the bank)', () => {
  it.each(LOCALES)(
    'says it is checking the payment, then that it was not completed, the cart unchanged (%s)',
    async (locale) => {
      addToCart(WINE)
      const ordered = savedProgress(locale, 'S04201')
      // An intent the shopper left unpaid at the bank (abandoned: no error, not succeeded).
      const intent = stripeServer.createIntent({
        amount: ordered.snapshot.amount,
        description: 'S04201',
        customer_email: CLAIRE.email,
      })
      const confirming = transition(
        transition(ordered, {
          type: 'intent-created',
          secret: intent.client_secret,
          amount: ordered.snapshot.amount,
        }),
        { type: 'confirming', method: 'bancontact' },
      )
      expect(confirming?.phase).toBe('confirming')
      getStore().update((d) => {
        d.payment = castDraft(confirming)
      })
      // The provider's answer about the intent waits until the test lets it through.
      let answer!: () => void
      const answered = new Promise<void>((resolve) => {
        answer = resolve
      })
      window.wineWidgetsServices = {
        ...window.wineWidgetsServices,
        payments: () => {
          const stripe = createFakeStripe()
          const retrieve = stripe.retrievePaymentIntent.bind(stripe)
          stripe.retrievePaymentIntent = (secret: string) => answered.then(() => retrieve(secret))
          return Promise.resolve(stripe)
        },
      }
      await renderWidget(cart, { locale })

      const checking = await screen.findByText(payment(locale).checking)
      expect(checking).toHaveAttribute('role', 'status')
      expect(screen.getByRole('button', { name: payment(locale).processing })).toBeDisabled()
      const fewer = fill(cartTexts(locale).minus, { name: WINE.name })
      expect(screen.getByRole('button', { name: fewer })).toBeDisabled()

      answer()
      const alert = await screen.findByRole('alert')
      await waitFor(() => expect(alert).toHaveTextContent(payment(locale).notCompleted))
      expect(screen.queryByText(payment(locale).checking)).toBeNull()
      // Nothing was charged; the cart and its order are kept, and editable again.
      expect(stripeServer.state().charges).toEqual([])
      expect(state().payment).toMatchObject({ phase: 'open', orderId: 'S04201' })
      expect(state().cart.lines.map((l) => [l.id, l.quantity])).toEqual([[WINE.id, 6]])
      expect(screen.getByRole('button', { name: fewer })).toBeEnabled()
    },
  )
})
