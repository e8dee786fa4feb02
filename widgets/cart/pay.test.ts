import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StripeCardElement } from '@stripe/stripe-js'
import { callsOf, db } from '../../mocks/db'
import { CLAIRE } from '../../fixtures/users'
import { NO_PROMOTION } from '../../src/domain/types'
import { addToCart } from '../../src/store/cart-actions'
import { setContacts } from '../../src/store/contacts-actions'
import { getStore } from '../../src/store/shared-store'
import { emptyContacts } from '../../src/store/state'
import { PaymentError, pay, resetPaymentFlowForTests, type PayInput } from './pay'

const contact = {
  name: 'Claire Dubois',
  street: 'Rue de la Loi 16',
  zip: '1000',
  city: 'Bruxelles',
  country: 'Belgique',
  country_code: 'BE',
  email: CLAIRE.email,
  phone: '0470',
}
const card = {} as StripeCardElement

function stripe(result: unknown): PayInput['stripe'] {
  return { confirmCardPayment: vi.fn(() => Promise.resolve(result)) } as PayInput['stripe']
}

async function failure(input: PayInput) {
  try {
    await pay(input)
  } catch (error) {
    return error instanceof PaymentError ? error.failure : error
  }
  throw new Error('the payment did not fail')
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  db.sessionEmail = CLAIRE.email
  getStore().update((d) => {
    d.session = { isLoggedIn: true, user: { ...CLAIRE }, points: CLAIRE.points }
  })
  setContacts({ ...emptyContacts(), delivery: contact, invoice: contact })
  addToCart({
    id: '1',
    odooCode: 'W1',
    odooId: 1,
    name: 'Wine',
    vintage: '2020',
    volume: '75cl',
    quantity: 3,
    price: 19.99,
    qty_available: 10,
    free_qty: 10,
    type: 'product',
    wines: [],
    free_shipping: false,
    promotion: NO_PROMOTION,
  })
})

afterEach(() => resetPaymentFlowForTests())

describe('payment flow: provider answers other than card errors', () => {
  it.each([
    [{ error: { type: 'api_connection_error', message: 'Network' } }],
    [{ error: { type: 'api_error', message: 'Stripe is down' } }],
    [{ paymentIntent: { id: 'pi_1', status: 'processing' } }],
    [{ paymentIntent: { id: 'pi_1', status: 'requires_action' } }],
  ])('%j is the processing error, and nothing is confirmed', async (result) => {
    expect(await failure({ stripe: stripe(result), card, locale: 'fr' })).toEqual({
      kind: 'processing',
    })
    expect(callsOf('checkoutorder')).toHaveLength(0)
    expect(getStore().getState().cart.lines).toHaveLength(1)
  })

  it('shows a validation error with the provider message', async () => {
    const result = {
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    }
    expect(await failure({ stripe: stripe(result), card, locale: 'fr' })).toEqual({
      kind: 'card',
      message: 'Your card number is incomplete.',
    })
  })

  it('a confirmation that throws is the processing error', async () => {
    const throwing = {
      confirmCardPayment: () => Promise.reject(new Error('iframe gone')),
    } as unknown as PayInput['stripe']
    expect(await failure({ stripe: throwing, card, locale: 'fr' })).toEqual({ kind: 'processing' })
  })

  it('sends the amount in cents, rounded (3 × 19.99 = 59.97 → 5997)', async () => {
    const ok = stripe({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })
    await pay({ stripe: ok, card, locale: 'nl', now: () => new Date(2026, 10, 22) })
    expect(callsOf('createpaymentintent')[0]!.payload).toMatchObject({ amount_total: 5997 })
    expect(db.pointUpdates).toEqual([
      { userEmail: CLAIRE.email, date: '22/11/2026', document: 'S04201', points: 6 },
    ])
  })

  it('a second call while paying gets the same flow', async () => {
    const ok = stripe({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })
    const input = { stripe: ok, card, locale: 'en' as const }
    const first = pay(input)
    expect(pay(input)).toBe(first)
    await first
    expect(callsOf('createorderinodoo')).toHaveLength(1)
  })
})
