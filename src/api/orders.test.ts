// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { afterEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import { callsOf, db } from '../../mocks/db'
import { setFault, type CallName } from '../../mocks/faults'
import { changeCatalogue, sellsLines } from '../../mocks/catalogue'
import { paidOrderS04201 } from '../../mocks/test-setups/orders'
import { CLAIRE } from '../../fixtures/users'
import { CLAIRE_CONTACT, NO_VAT, wineLine } from '../../fixtures/checkout'
import { DEFAULT_TIMEOUT_MS, PAYMENT_TIMEOUT_MS } from '../http/http'
import {
  checkoutOrder,
  createOrderInOdoo,
  createPaymentIntent,
  getUpdatedPoints,
  isVATValid,
  sendOrderConfirmation,
  updateUserPoints,
} from './orders'

const contact = CLAIRE_CONTACT

/** The payment flow's calls, each with a body the mock reads. */
const steps: [CallName, () => Promise<unknown>][] = [
  [
    'createorderinodoo',
    () =>
      createOrderInOdoo({
        locale: 'fr',
        contacts: { invoice: contact, delivery: contact, vat: NO_VAT },
        cartlines: [wineLine()],
      }),
  ],
  [
    'createpaymentintent',
    () =>
      createPaymentIntent({
        amount_total: 1000,
        name: 'S00001',
        orderId: 'S00001',
        customer_name: 'Claire',
        customer_email: CLAIRE.email,
      }),
  ],
  ['checkoutorder', () => checkoutOrder('S00001')],
  [
    'sendorderconfirmation',
    () =>
      sendOrderConfirmation({
        cartlines: [],
        shipping: 0,
        total: 10,
        invoice: contact,
        delivery: contact,
        redeemedPoints: 0,
        redeemedPointsAmount: 0,
        locale: 'fr',
        orderId: 'S00001',
      }),
  ],
  [
    'updateuserpoints',
    () =>
      updateUserPoints({
        userEmail: CLAIRE.email,
        date: '01/01/2026',
        document: 'S1',
        points: 5,
      }),
  ],
]

describe('order calls', () => {
  it('checks a VAT number as form data and reads "---" as no name', async () => {
    expect(await isVATValid('BE0403170701')).toEqual({
      valid: true,
      name: 'Wijnhandel De Druif BV',
    })
    expect(await isVATValid('BE0712345630')).toEqual({ valid: true, name: null })
    expect(await isVATValid('BE0403170702')).toEqual({ valid: false, name: null })
    expect(callsOf('isVATValid')[0]!.payload).toEqual({ vat: 'BE0403170701' })
  })

  it('creates an order with contacts and cartlines as JSON text, and reads its number', async () => {
    const number = await createOrderInOdoo({
      locale: 'nl',
      contacts: { invoice: contact, delivery: contact, vat: NO_VAT },
      cartlines: [wineLine({ quantity: 1, price: 10 })],
    })
    expect(number).toBe('S04201')
    expect(db.orders[0]).toMatchObject({ orderNumber: 'S04201', locale: 'nl' })
  })

  it.each([
    [{ orderCreated: false }],
    [{ orderCreated: true, orderNumber: 4201 }],
    [{ orderCreated: true, orderNumber: ' ' }],
  ])('treats orderCreated: false, or no order number as text, as a failure: %j', async (answer) => {
    server.use(http.post('/api/createorderinodoo', () => HttpResponse.json(answer)))
    await expect(
      createOrderInOdoo({
        locale: 'fr',
        contacts: { invoice: contact, delivery: contact, vat: NO_VAT },
        cartlines: [wineLine()],
      }),
    ).rejects.toThrow('Error fetching data')
  })

  it('creates a payment intent in cents for its order and reads its client secret', async () => {
    // Sold at 64.95, delivered in Belgium (9.95): the back office's total is 74.90.
    const line = wineLine({ quantity: 1, price: 64.95 })
    changeCatalogue(sellsLines([line]))
    await createOrderInOdoo({
      locale: 'en',
      contacts: { invoice: contact, delivery: contact, vat: NO_VAT },
      cartlines: [line],
    })
    const secret = await createPaymentIntent({
      amount_total: 7490,
      name: 'S04201',
      orderId: 'S04201',
      customer_name: 'Claire',
      customer_email: CLAIRE.email,
    })
    expect(secret).toMatch(/^pi_mock_0001_secret_/)
    expect(db.paymentIntents[0]).toMatchObject({ amount_total: 7490, orderId: 'S04201' })
  })

  it('updates and reads the points with the CSRF token', async () => {
    // A paid order of Claire's that redeemed 100 droplets: the back office books them.
    await paidOrderS04201()
    const tokens = callsOf('csrf').length
    await updateUserPoints({
      userEmail: CLAIRE.email,
      date: '22/11/2026',
      document: 'S04201',
      points: -100,
    })
    expect(await getUpdatedPoints(CLAIRE.email)).toBe(320)
    expect(callsOf('csrf')).toHaveLength(tokens + 1)
  })

  it.each(steps)('%s sends the CSRF token, and a fresh one once after a 419', async (call, run) => {
    const sent: (string | null)[] = []
    const listen = ({ request }: { request: Request }) => {
      if (request.url.includes(`/${call}`)) sent.push(request.headers.get('X-CSRF-TOKEN'))
    }
    server.events.on('request:start', listen)
    await run().catch(() => undefined)
    // The session's token changes (a login in another tab): the next call is refused once.
    db.csrfToken = 'csrf-token-2'
    await run().catch(() => undefined)
    server.events.removeListener('request:start', listen)
    expect(sent).toEqual(['csrf-token-1', 'csrf-token-1', 'csrf-token-2'])
    expect(callsOf('csrf')).toHaveLength(2)
  })

  it.each([
    [{ points: null }],
    [{ points: '' }],
    [{ points: '  ' }],
    [{ points: true }],
    [{}],
    [[]],
  ])('rejects a points answer without a number: %j', async (answer) => {
    server.use(http.post('/user/getupdatedpoints', () => HttpResponse.json(answer)))
    await expect(getUpdatedPoints(CLAIRE.email)).rejects.toThrow('Error fetching data')
  })

  it('reads points the back office sends as text', async () => {
    server.use(http.post('/user/getupdatedpoints', () => HttpResponse.json({ points: '320' })))
    expect(await getUpdatedPoints(CLAIRE.email)).toBe(320)
  })
})

describe('timeouts of the payment steps', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it.each(steps)(
    '%s waits longer than other calls, then gives up with "Error fetching data"',
    async (call, run) => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      setFault(call, { kind: 'hang' })
      const settled = vi.fn()
      const result = run().catch((e: unknown) => e)
      void result.then(settled)
      await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS + 1000)
      expect(settled).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(PAYMENT_TIMEOUT_MS - DEFAULT_TIMEOUT_MS)
      expect(await result).toMatchObject({ message: 'Error fetching data', status: 0 })
    },
  )
})
