import { currentUser, db } from './db'
import { coveringPoints, priceOrder, redeemedBy } from './order-pricing'
import { badRequest, json, postWithCsrf } from './route'
import { stripeServer } from './stripe-server'
import { isRecord } from '../src/domain/is-record'
import type { Answer } from '../src/api/wire'

/** Each of these changes something: each needs the CSRF token, like the account calls. */
export const orderHandlers = [
  postWithCsrf(
    '/api/createorderinodoo',
    'createorderinodoo',
    { locale: 'locale', contacts: 'json', cartlines: 'json' },
    (f, { body }) => {
      // The buyer's "I am 18 or older", which the contract makes the site's to require.
      if (!isRecord(body) || body.age_confirmed !== 'true')
        return json({ message: 'The buyer must confirm being 18 or older (age_confirmed).' }, 422)
      if (!isRecord(f.contacts) || !isRecord(f.contacts.delivery) || !isRecord(f.contacts.invoice))
        return badRequest('The contacts field must hold delivery and invoice.')
      if (!Array.isArray(f.cartlines) || f.cartlines.length === 0)
        return badRequest('The cartlines field must be a non-empty list.')
      // The back office's prices, never the browser's (a forged price changes nothing).
      const country = f.contacts.delivery.country_code
      const priced = priceOrder(f.cartlines, typeof country === 'string' ? country : '', f.locale)
      if (typeof priced === 'string') return json({ message: priced }, 422)
      const orderNumber = `S0${db.nextOrderNumber++}`
      db.orders.push({
        orderNumber,
        locale: f.locale,
        contacts: f.contacts,
        cartlines: f.cartlines,
        status: 'created',
        confirmation: null,
        confirmationsSent: 0,
        customerEmail: currentUser()?.email ?? null,
        priced,
        redeemedPoints: 0,
        pointsBooked: [],
      })
      return json({ orderCreated: true, orderNumber } satisfies Answer<'createOrderInOdoo'>)
    },
  ),

  postWithCsrf('/api/checkoutorder', 'checkoutorder', { orderId: 'string' }, (f) => {
    const order = db.orders.find((o) => o.orderNumber === f.orderId)
    if (!order) return json({ message: `Order ${f.orderId} not found.` }, 404)
    if (order.status === 'checked-out')
      return json({ message: `Order ${order.orderNumber} is already checked out.` }, 409)
    order.status = 'checked-out'
    // An order the droplets cover entirely has no intent: checked out, it is paid when the
    // customer's balance covers its whole total (the points then redeemed are recorded on it).
    const covered = db.paymentIntents.some((i) => i.orderId === order.orderNumber)
      ? null
      : coveringPoints(order.priced, currentUser()?.points ?? 0)
    if (covered !== null) {
      order.redeemedPoints = covered
      order.coveredByPoints = true
    }
    return json({ checkedOut: true, orderId: order.orderNumber } satisfies Answer<'checkoutOrder'>)
  }),

  postWithCsrf(
    '/api/sendorderconfirmation',
    'sendorderconfirmation',
    {
      cartlines: 'json',
      shipping: 'number',
      total: 'number',
      invoice: 'json',
      delivery: 'json',
      redeemedPoints: 'number',
      redeemedPointsAmount: 'number',
      locale: 'locale',
      orderId: 'string',
    },
    (f, { body }) => {
      const order = db.orders.find((o) => o.orderNumber === f.orderId)
      if (!order) return json({ message: `Order ${f.orderId} not found.` }, 404)
      order.confirmationsSent += 1
      order.confirmation = Object.fromEntries(
        Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      )
      return json({ sent: true } satisfies Answer<'sendOrderConfirmation'>)
    },
  ),

  postWithCsrf(
    '/api/createpaymentintent',
    'createpaymentintent',
    {
      card: 'present',
      amount_total: 'number',
      name: 'string',
      orderId: 'string',
      customer_name: 'string',
      customer_email: 'string',
    },
    (f) => {
      if (!Number.isInteger(f.amount_total) || f.amount_total <= 0)
        return badRequest('The amount_total field must be a positive integer (cents).')
      // A correct server links the intent to the order it pays and takes the amount from it:
      // the order's recomputed total, less the points redeemed (the only difference allowed).
      const order = db.orders.find((o) => o.orderNumber === f.orderId)
      if (!order) return json({ message: `Order ${f.orderId} not found.` }, 404)
      const redeemed = redeemedBy(order.priced, f.amount_total, currentUser()?.points ?? 0)
      if (redeemed === null)
        return json(
          {
            message: `Order ${order.orderNumber} costs ${order.priced.total.toFixed(2)} EUR before points, not ${(f.amount_total / 100).toFixed(2)}.`,
          },
          409,
        )
      order.redeemedPoints = redeemed
      // Stripe's servers (mocks/stripe-server.ts) hold the intent the fake Stripe.js then confirms.
      const { id, client_secret } = stripeServer.createIntent({
        amount: f.amount_total,
        description: f.name,
        customer_email: f.customer_email,
      })
      db.paymentIntents.push({
        id,
        client_secret,
        amount_total: f.amount_total,
        orderId: f.orderId,
        customer_email: f.customer_email,
      })
      return json({ client_secret } satisfies Answer<'createPaymentIntent'>)
    },
  ),
]
