import { claireContact, NO_VAT, wineLine } from '../../fixtures/checkout'
import type { Locale } from '../../src/domain/types'
import { changeCatalogue, sellsLines } from '../catalogue'
import { db } from '../db'
import { stripeServer } from '../stripe-server'

/**
 * A create-order call as the app sends it after a reload or a lost answer: one cart line the
 * catalogue sells, delivery and invoice contacts, the page's CSRF token and the cart's Idempotency-Key (`cart-1`).
 */
export const createKeyedOrder = async (locale: Locale) =>
  fetch('/api/createorderinodoo', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': 'cart-1',
      'X-CSRF-TOKEN': await (await fetch('/cp/auth/token')).text(),
    },
    body: JSON.stringify({
      locale,
      age_confirmed: 'true',
      contacts: JSON.stringify({ delivery: claireContact(), invoice: claireContact() }),
      cartlines: JSON.stringify([wineLine({ quantity: 1 })]),
    }),
  })

/** Order S04201's one line, 2 × 45.45: a variant the fixtures lack, sold so once listed. */
export const PAID_ORDER_LINE = wineLine({
  id: '900001',
  odooId: 900001,
  odooCode: 'W90000',
  vintage: '2020',
  quantity: 2,
  price: 45.45,
})

/**
 * Claire's paid order S04201 (2 × 45.45 delivered in Belgium: 100.85, of which 100 points
 * redeemed, 20.00), as the back office and Stripe leave it once the card is charged: the points
 * calls (updateuserpoints) act on it. Logs Claire in and lists the line in the catalogue.
 */
export async function paidOrderS04201(): Promise<void> {
  changeCatalogue(sellsLines([PAID_ORDER_LINE]))
  db.sessionEmail = 'claire@example.com'
  // As the app sends them (form data for the order), so the contract check passes.
  const token = async () => (await fetch('/cp/auth/token')).text()
  const order = new FormData()
  order.set('locale', 'fr')
  order.set('age_confirmed', 'true')
  order.set(
    'contacts',
    JSON.stringify({ delivery: claireContact(), invoice: claireContact(), vat: NO_VAT }),
  )
  order.set('cartlines', JSON.stringify([PAID_ORDER_LINE]))
  await fetch('/api/createorderinodoo', {
    method: 'POST',
    headers: { 'X-CSRF-TOKEN': await token() },
    body: order,
  })
  const intent = await fetch('/api/createpaymentintent', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': await token() },
    body: JSON.stringify({
      card: 'card',
      amount_total: 8085,
      name: 'S04201',
      orderId: 'S04201',
      customer_name: 'Claire Dubois',
      customer_email: 'claire@example.com',
    }),
  })
  if (intent.status !== 200) throw new Error(`the intent of S04201 answered ${intent.status}`)
  stripeServer.charge(db.paymentIntents.at(-1)?.id ?? '', 'card')
}
