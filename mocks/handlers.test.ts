// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { liteClient } from 'algoliasearch/lite'
import { accountRequest } from '../src/http/csrf'
import { CLAIRE } from '../fixtures/users'
import { INVALID_CHECKSUM_VAT, KNOWN_VAT_NAMES, VALID_UNNAMED_VAT } from '../fixtures/vat'
import { PROMOTIONS } from '../fixtures/promotions'
import { OUT_OF_STOCK_CODE } from '../fixtures/wines'
import { wineLine } from '../fixtures/checkout'
import { changeCatalogue, sellsLines } from './catalogue'
import { callsOf, db } from './db'
import { answerFor, chunkAnswer, PAIRINGS_END, PAIRINGS_START } from './sommelier'
import { clearFaults, releaseHeld, setFault, whenHeld } from './faults'
import { stripeServer } from './stripe-server'
import { probingTheMockServer } from './contract-listener'
import { paidOrderS04201, PAID_ORDER_LINE } from './test-setups/orders'

// The subject here is the mock server: the requests are incomplete or wrong on purpose, to see
// how it answers. Its answers are still checked against the contract.
probingTheMockServer('the tests call the mock server directly')

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  })

const postForm = (
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  return fetch(url, { method: 'POST', body: form, headers })
}

async function token(): Promise<string> {
  const res = await fetch('/cp/auth/token')
  expect(res.headers.get('content-type')).toMatch(/text\/plain/)
  return res.text()
}

/** An account call with the CSRF token, as the app's accountRequest sends it. */
async function account(url: string, body?: unknown): Promise<Response> {
  const headers = { 'X-CSRF-TOKEN': await token() }
  return body === undefined ? fetch(url, { headers }) : postJson(url, body, headers)
}

/** A call that changes something, with the CSRF token as the app sends it (JSON, form data). */
const mutate = async (url: string, body: unknown, headers: Record<string, string> = {}) =>
  postJson(url, body, { 'X-CSRF-TOKEN': await token(), ...headers })
const mutateForm = async (url: string, fields: Record<string, string>) =>
  postForm(url, fields, { 'X-CSRF-TOKEN': await token() })

const login = (email: string, password: string) => account('/login/loginuser', { email, password })

/** Order S04201's line (2 × 45.45) and another (6 × 12), both sold as the cart has them. */
const ORDER_LINE = PAID_ORDER_LINE
const OTHER_LINE = wineLine({
  ...PAID_ORDER_LINE,
  id: '900002',
  odooId: 900002,
  quantity: 6,
  price: 12,
})
const sellTheOrderLines = () => changeCatalogue(sellsLines([ORDER_LINE, OTHER_LINE]))

describe('account', () => {
  it('logs Claire in and keeps her session', async () => {
    const res = await login('claire@example.com', 'droplets-420')
    expect(await res.json()).toEqual({
      isLoggedIn: true,
      user: { name: 'Claire Dubois', email: 'claire@example.com', odooID: 1001 },
      points: 420,
    })
    const current = await (await account('/login/getcurrentuser')).json()
    expect(current).toMatchObject({ isLoggedIn: true, points: 420 })
  })

  it('logs Tom in with his 50 points', async () => {
    const body = await (await login('TOM@example.com', 'droplets-50')).json()
    expect(body).toMatchObject({
      isLoggedIn: true,
      user: { name: 'Tom Peeters', odooID: 1002 },
      points: 50,
    })
  })

  it('answers 200 "not logged in" to a wrong password', async () => {
    const res = await login('claire@example.com', 'wrong')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ isLoggedIn: false, user: null, points: 0 })
  })

  it('logs out', async () => {
    await login('claire@example.com', 'droplets-420')
    expect(await (await account('/login/logoutuser')).json()).toEqual({ isLoggedOut: true })
    expect(await (await account('/login/getcurrentuser')).json()).toMatchObject({
      isLoggedIn: false,
      user: null,
    })
  })

  it('answers 419 without or with a wrong CSRF token', async () => {
    expect((await postJson('/login/loginuser', { email: 'a@b.c', password: 'x' })).status).toBe(419)
    const wrong = await fetch('/login/getcurrentuser', { headers: { 'X-CSRF-TOKEN': 'stale' } })
    expect(wrong.status).toBe(419)
    expect(await wrong.json()).toEqual({ message: 'CSRF token mismatch.' })
  })

  it('works with the app’s accountRequest, which fetches the token itself', async () => {
    const answer = await accountRequest<{ isLoggedIn: boolean }>('/login/loginuser', {
      method: 'POST',
      body: { json: { email: 'claire@example.com', password: 'droplets-420' } },
    })
    expect(answer.isLoggedIn).toBe(true)
  })

  it('answers 400 naming a missing field', async () => {
    const res = await account('/login/loginuser', { email: 'claire@example.com' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'The password field is required.' })
  })

  it('checks existing e-mails and creates an account that is then logged in', async () => {
    const exists = async (email: string) =>
      (await (await account('/login/isexistingemail', { email })).json()) as {
        isExistingEMail: boolean
      }
    expect(await exists('claire@example.com')).toEqual({ isExistingEMail: true })
    expect(await exists('new@example.com')).toEqual({ isExistingEMail: false })

    const created = await account('/user/createuser', {
      email: 'new@example.com',
      name: 'Nina',
      password: 'secret',
    })
    expect(await created.json()).toEqual({ created: true })
    expect(await exists('new@example.com')).toEqual({ isExistingEMail: true })
    const current = await (await account('/login/getcurrentuser')).json()
    expect(current).toMatchObject({
      isLoggedIn: true,
      user: { name: 'Nina', email: 'new@example.com' },
      points: 0,
    })

    const again = await account('/user/createuser', {
      email: 'new@example.com',
      name: 'Nina',
      password: 'x',
    })
    expect(again.status).toBe(422)
  })

  it('sends a reset link and resets a password only with the valid token', async () => {
    const sent = await account('/api/sendpasswordresetlink', {
      email: 'claire@example.com',
      _reset_url: 'http://localhost:3000/fr/reset-password',
      locale: 'fr',
    })
    expect(await sent.json()).toEqual({ sent: true })

    const payload = {
      locale: 'fr',
      email: 'claire@example.com',
      password: 'n3w-pass',
      password_confirmation: 'n3w-pass',
    }
    const expired = await account('/api/resetpassword', { ...payload, token: 'old-token' })
    expect(expired.status).toBe(422)
    expect(await expired.json()).toEqual({ message: 'expired' })
    expect((await account('/api/resetpassword', { ...payload, token: 'valid-token' })).status).toBe(
      200,
    )
    expect(await (await login('claire@example.com', 'n3w-pass')).json()).toMatchObject({
      isLoggedIn: true,
    })
  })

  it('updates points (redeemed, then earned) and reads the new balance', async () => {
    await paidOrderS04201()
    const update = (points: number) =>
      account('/user/updateuserpoints', {
        userEmail: CLAIRE.email,
        date: '22-11-2026',
        document: 'S04201',
        points,
      })
    // The hints are wrong on purpose: the order's own points count (100 redeemed, 9 earned).
    expect((await update(-150)).status).toBe(200)
    expect((await update(37)).status).toBe(200)
    const balance = await (
      await account('/user/getupdatedpoints', { userEmail: CLAIRE.email })
    ).json()
    expect(balance).toEqual({ points: 329 })
    expect(db.pointUpdates.map((u) => u.points)).toEqual([-100, 9])
    expect((await update(1.5)).status).toBe(400)
  })

  it('books points only for a paid order of the customer, each kind once', async () => {
    await paidOrderS04201()
    const update = (document: string, points: number) =>
      account('/user/updateuserpoints', {
        userEmail: CLAIRE.email,
        date: '22-11-2026',
        document,
        points,
      })
    expect((await update('S09999', 50)).status).toBe(409)
    expect((await update('S04201', 9)).status).toBe(200)
    expect((await update('S04201', 9)).status).toBe(200)
    expect(db.pointUpdates.map((u) => u.points)).toEqual([9])
    // An order not paid yet books nothing.
    sellTheOrderLines()
    await mutate('/api/createorderinodoo', {
      locale: 'fr',
      age_confirmed: 'true',
      contacts: JSON.stringify({ delivery: { country_code: 'BE' }, invoice: {} }),
      cartlines: JSON.stringify([OTHER_LINE]),
    })
    const unpaid = await update('S04202', 8)
    expect(unpaid.status).toBe(409)
    expect(await unpaid.json()).toEqual({ message: 'Order S04202 is not paid.' })
    // Tom's session books nothing on Claire's order.
    db.sessionEmail = 'tom@example.com'
    const tom = await account('/user/updateuserpoints', {
      userEmail: 'tom@example.com',
      date: '22-11-2026',
      document: 'S04201',
      points: -100,
    })
    expect(tom.status).toBe(409)
    expect(db.users.find((u) => u.email === CLAIRE.email)?.points).toBe(429)
  })

  it('lists Claire’s invoices in the requested locale and none for Tom', async () => {
    db.sessionEmail = CLAIRE.email
    const claire = await (await account('/user/getinvoices', { odooID: 1001, locale: 'nl' })).json()
    expect(claire.invoices.length).toBeGreaterThanOrEqual(4)
    expect(claire.invoices[0].invoice_lines[0].product.url).toMatch(/^\/nl\/wijnen\//)
    db.sessionEmail = 'tom@example.com'
    const tom = await (await account('/user/getinvoices', { odooID: 1002, locale: 'nl' })).json()
    expect(tom).toEqual({ invoices: [] })
  })

  it('takes the customer from the session: 401 without one, 403 for a hint naming another', async () => {
    const points = () => account('/user/getupdatedpoints', { userEmail: CLAIRE.email })
    const invoices = () => account('/user/getinvoices', { odooID: 1001, locale: 'nl' })
    expect([(await points()).status, (await invoices()).status]).toEqual([401, 401])
    db.sessionEmail = 'tom@example.com'
    expect([(await points()).status, (await invoices()).status]).toEqual([403, 403])
    const update = await account('/user/updateuserpoints', {
      userEmail: CLAIRE.email,
      date: '22/11/2026',
      document: 'S04201',
      points: 100,
    })
    expect(update.status).toBe(403)
    expect(db.users.find((u) => u.email === CLAIRE.email)?.points).toBe(420)
  })
})

describe('products', () => {
  it('answers the vintages of a wine', async () => {
    const res = await postJson('/api/getwinevariants', {
      odooCode: 'W10001',
      locale: 'fr',
      name: 'Pauillac Grand Vin',
    })
    const vintages = await res.json()
    expect(vintages.length).toBeGreaterThan(0)
    expect(vintages[0]).toMatchObject({ active: true, variants: expect.any(Array) })
    expect(vintages[0].tasting_note).toMatch(/^Le millésime/)
    const soldOut = await (
      await postJson('/api/getwinevariants', {
        odooCode: OUT_OF_STOCK_CODE,
        locale: 'en',
        name: 'x',
      })
    ).json()
    expect(
      soldOut
        .flatMap((v: { variants: { qty_available: number }[] }) => v.variants)
        .every((v: { qty_available: number }) => v.qty_available === 0),
    ).toBe(true)
  })

  it('answers a bundle, 404 for an unknown code and 400 for a bad payload', async () => {
    const ok = await postJson('/api/getbundle', { odooCode: 'BUN-001', locale: 'fr' })
    expect(await ok.json()).toMatchObject({
      bundle: { odooCode: 'BUN-001', name: 'Coffret découverte belge' },
    })
    expect((await postJson('/api/getbundle', { odooCode: 'BUN-999', locale: 'fr' })).status).toBe(
      404,
    )
    const bad = await postJson('/api/getbundle', { odooCode: 'BUN-001', locale: 'de' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ message: expect.stringMatching(/locale/) })
  })

  it('names a locale other than en, fr or nl once every field is present', async () => {
    const wrong = await postJson('/api/getwinevariants', { odooCode: 'W1', locale: 'de', name: '' })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ message: 'The locale field must be en, fr or nl.' })
    const missing = await postJson('/api/getwinevariants', { locale: 'de', name: '' })
    expect(await missing.json()).toEqual({ message: 'The odooCode field is required.' })
    const empty = await postJson('/api/getwinevariants', { odooCode: 'W1', locale: '', name: '' })
    expect(await empty.json()).toEqual({ message: 'The locale field is required.' })
  })

  it.each([
    ['a known number', 'BE0403170701', { valid: true, name: KNOWN_VAT_NAMES.BE0403170701 }],
    ['dots and spaces', 'BE 0477.854.365', { valid: true, name: 'Les Caves du Sablon SRL' }],
    ['the 1-series', 'be1001234592', { valid: true, name: 'Nouvelle Vague SRL' }],
    ['a valid number without a name', VALID_UNNAMED_VAT, { valid: true, name: '---' }],
    ['a wrong checksum', INVALID_CHECKSUM_VAT, { valid: false, name: '---' }],
    ['a first digit other than 0 or 1', 'BE2001234567', { valid: false, name: '---' }],
    ['a wrong length', 'BE04031707', { valid: false, name: '---' }],
  ])('checks VAT numbers: %s', async (_, vat, expected) => {
    const res = await postForm('/api/isVATValid', { vat })
    expect(await res.json()).toEqual(expected)
  })
})

/** The confirmation form of order S04201 in French (no contacts, no points redeemed). */
const confirmationOfS04201 = (lines: string, shipping: string, total: string) => ({
  cartlines: lines,
  shipping,
  total,
  invoice: '{}',
  delivery: '{}',
  redeemedPoints: '0',
  redeemedPointsAmount: '0',
  locale: 'fr',
  orderId: 'S04201',
})

describe('orders and payment', () => {
  const contacts = JSON.stringify({
    delivery: { name: 'Claire', country_code: 'BE' },
    invoice: { name: 'Claire' },
    vat: { number: '' },
  })
  const cartlines = JSON.stringify([ORDER_LINE])
  beforeEach(sellTheOrderLines)

  it('creates, checks out and confirms an order', async () => {
    const created = await (
      await mutate('/api/createorderinodoo', {
        locale: 'fr',
        age_confirmed: 'true',
        contacts,
        cartlines,
      })
    ).json()
    expect(created).toEqual({ orderCreated: true, orderNumber: 'S04201' })
    expect((await mutate('/api/checkoutorder', { orderId: 'S04201' })).status).toBe(200)
    const confirmation = await mutateForm(
      '/api/sendorderconfirmation',
      confirmationOfS04201(cartlines, '9.95', '100.85'),
    )
    expect(confirmation.status).toBe(200)
    expect(db.orders[0]).toMatchObject({
      orderNumber: 'S04201',
      status: 'checked-out',
      confirmation: { total: '100.85' },
    })
    expect((await mutate('/api/checkoutorder', { orderId: 'S09999' })).status).toBe(404)
  })

  it('answers 419 to each mutating call without the CSRF token, and does nothing', async () => {
    const created = await mutate(
      '/api/createorderinodoo',
      { locale: 'fr', age_confirmed: 'true', contacts, cartlines },
      {
        'Idempotency-Key': 'order-a',
      },
    )
    expect(created.status).toBe(200)
    const calls: [string, unknown, Record<string, string>][] = [
      ['/api/createorderinodoo', { locale: 'fr', age_confirmed: 'true', contacts, cartlines }, {}],
      // A keyed repeat gets no stored answer without the token either.
      [
        '/api/createorderinodoo',
        { locale: 'fr', age_confirmed: 'true', contacts, cartlines },
        { 'Idempotency-Key': 'order-a' },
      ],
      ['/api/checkoutorder', { orderId: 'S04201' }, {}],
      ['/api/checkoutorder', { orderId: 'S04201' }, { 'X-CSRF-TOKEN': 'stale' }],
      [
        '/api/createpaymentintent',
        {
          card: 'card',
          amount_total: 10085,
          name: 'S04201',
          orderId: 'S04201',
          customer_name: 'Claire',
          customer_email: 'claire@example.com',
        },
        {},
      ],
    ]
    for (const [url, body, headers] of calls) {
      const refused = await postJson(url, body, headers)
      expect(refused.status, url).toBe(419)
      expect(await refused.json()).toEqual({ message: 'CSRF token mismatch.' })
    }
    const confirmation = await postForm(
      '/api/sendorderconfirmation',
      confirmationOfS04201(cartlines, '9.95', '100.85'),
    )
    expect(confirmation.status).toBe(419)
    expect(db.orders.map((o) => [o.orderNumber, o.status, o.confirmationsSent])).toEqual([
      ['S04201', 'created', 0],
    ])
    expect(db.paymentIntents).toEqual([])
  })

  it('answers 409 to checking out an order twice', async () => {
    await mutate('/api/createorderinodoo', {
      locale: 'fr',
      age_confirmed: 'true',
      contacts,
      cartlines,
    })
    expect((await mutate('/api/checkoutorder', { orderId: 'S04201' })).status).toBe(200)
    const again = await mutate('/api/checkoutorder', { orderId: 'S04201' })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: 'Order S04201 is already checked out.' })
    expect(db.orders[0]!.status).toBe('checked-out')
  })

  it('keeps the cart lines an order was created with', async () => {
    await mutate('/api/createorderinodoo', {
      locale: 'fr',
      age_confirmed: 'true',
      contacts,
      cartlines,
    })
    const other = JSON.stringify([OTHER_LINE])
    await mutate('/api/createorderinodoo', {
      locale: 'fr',
      age_confirmed: 'true',
      contacts,
      cartlines: other,
    })
    await mutate('/api/checkoutorder', { orderId: 'S04201' })
    await mutateForm('/api/sendorderconfirmation', confirmationOfS04201(other, '0', '72'))
    expect(db.orders.map((o) => [o.orderNumber, o.cartlines])).toEqual([
      ['S04201', [ORDER_LINE]],
      ['S04202', [OTHER_LINE]],
    ])
  })

  it('prices an order from the catalogue: a forged price is not what the intent may charge', async () => {
    const forged = JSON.stringify([{ ...ORDER_LINE, price: 0.01 }])
    await mutate('/api/createorderinodoo', {
      locale: 'fr',
      age_confirmed: 'true',
      contacts,
      cartlines: forged,
    })
    expect(db.orders[0]!.priced).toMatchObject({
      subTotal: 90.9,
      shippingCost: 9.95,
      total: 100.85,
    })
    const intent = (amount_total: number) =>
      mutate('/api/createpaymentintent', {
        card: true,
        amount_total,
        name: 'S04201',
        orderId: 'S04201',
        customer_name: 'Claire Dubois',
        customer_email: 'claire@example.com',
      })
    const cheap = await intent(997)
    expect(cheap.status).toBe(409)
    expect(await cheap.json()).toEqual({
      message: 'Order S04201 costs 100.85 EUR before points, not 9.97.',
    })
    expect(db.paymentIntents).toEqual([])
    expect((await intent(10085)).status).toBe(200)
  })

  it('answers 422 to an order without the buyer confirming being 18 or older', async () => {
    for (const age_confirmed of [undefined, 'false']) {
      const res = await mutate('/api/createorderinodoo', {
        locale: 'fr',
        contacts,
        cartlines,
        ...(age_confirmed && { age_confirmed }),
      })
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({
        message: 'The buyer must confirm being 18 or older (age_confirmed).',
      })
    }
    expect(db.orders).toEqual([])
  })

  it('answers 422 to an order of a wine it does not sell', async () => {
    const unknown = JSON.stringify([{ ...ORDER_LINE, odooId: 123 }])
    const res = await mutate('/api/createorderinodoo', {
      locale: 'fr',
      age_confirmed: 'true',
      contacts,
      cartlines: unknown,
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ message: 'The wine W90000 (variant 123) is not on sale.' })
    expect(db.orders).toEqual([])
  })

  it('rejects an order whose cart lines are not JSON text', async () => {
    const res = await mutate('/api/createorderinodoo', {
      locale: 'fr',
      contacts,
      cartlines: [{ id: 1 }],
    })
    expect(res.status).toBe(400)
  })

  it('creates a payment intent for an amount in integer cents, for an order it knows (else 404)', async () => {
    await mutate('/api/createorderinodoo', {
      locale: 'fr',
      age_confirmed: 'true',
      contacts,
      cartlines,
    })
    const payload = {
      card: true,
      name: 'S04201',
      orderId: 'S04201',
      customer_name: 'Claire Dubois',
      customer_email: 'claire@example.com',
    }
    const ok = await (
      await mutate('/api/createpaymentintent', { ...payload, amount_total: 10085 })
    ).json()
    expect(ok.client_secret).toMatch(/^pi_mock_0001_secret_/)
    expect(
      (await mutate('/api/createpaymentintent', { ...payload, amount_total: 100.85 })).status,
    ).toBe(400)
    const unknown = { ...payload, amount_total: 10085, orderId: 'S09999' }
    expect((await mutate('/api/createpaymentintent', unknown)).status).toBe(404)
  })

  it('creates the intent on the Stripe server with its amount and description', async () => {
    await mutate('/api/createorderinodoo', {
      locale: 'fr',
      age_confirmed: 'true',
      contacts,
      cartlines,
    })
    const { client_secret } = await (
      await mutate('/api/createpaymentintent', {
        card: true,
        amount_total: 10085,
        name: 'S04201',
        orderId: 'S04201',
        customer_name: 'Claire Dubois',
        customer_email: 'claire@example.com',
      })
    ).json()
    expect(stripeServer.state()).toEqual({
      intents: [
        expect.objectContaining({
          id: 'pi_mock_0001',
          client_secret,
          amount: 10085,
          currency: 'eur',
          status: 'requires_payment_method',
          description: 'S04201',
          customer_email: 'claire@example.com',
        }),
      ],
      charges: [],
    })
    expect(db.paymentIntents).toEqual([
      {
        id: 'pi_mock_0001',
        client_secret,
        amount_total: 10085,
        orderId: 'S04201',
        customer_email: 'claire@example.com',
      },
    ])
  })
})

describe('Idempotency-Key', () => {
  const contacts = JSON.stringify({
    delivery: { name: 'Claire', country_code: 'BE' },
    invoice: { name: 'Claire' },
  })
  const cartlines = JSON.stringify([ORDER_LINE])
  beforeEach(sellTheOrderLines)
  const key = (k: string) => ({ 'Idempotency-Key': k })
  const createOrder = (k?: string) =>
    mutate(
      '/api/createorderinodoo',
      { locale: 'fr', age_confirmed: 'true', contacts, cartlines },
      k ? key(k) : {},
    )
  const confirm = (k: string) =>
    mutate(
      '/api/sendorderconfirmation',
      {
        cartlines,
        shipping: 9.95,
        total: 100.85,
        invoice: '{}',
        delivery: '{}',
        redeemedPoints: 0,
        redeemedPointsAmount: 0,
        locale: 'fr',
        orderId: 'S04201',
      },
      key(k),
    )
  const intent = (k: string) =>
    mutate(
      '/api/createpaymentintent',
      {
        card: true,
        amount_total: 10085,
        name: 'S04201',
        orderId: 'S04201',
        customer_name: 'Claire Dubois',
        customer_email: 'claire@example.com',
      },
      key(k),
    )
  async function updatePoints(k: string, points: number): Promise<Response> {
    const headers = { 'X-CSRF-TOKEN': await token(), ...key(k) }
    const payload = { userEmail: CLAIRE.email, date: '22-11-2026', document: 'S04201', points }
    return postJson('/user/updateuserpoints', payload, headers)
  }
  const claire = () => db.users.find((u) => u.email === CLAIRE.email)!

  it('creates one order for one key and answers a repeat with the first answer', async () => {
    const first = await createOrder('order-a')
    const second = await createOrder('order-a')
    expect(second.status).toBe(first.status)
    expect(await second.json()).toEqual(await first.json())
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(first.headers.get('Idempotent-Replayed')).toBeNull()
    expect(db.orders.map((o) => o.orderNumber)).toEqual(['S04201'])
    expect(callsOf('createorderinodoo').map((c) => [c.idempotencyKey, c.replayed])).toEqual([
      ['order-a', undefined],
      ['order-a', true],
    ])
  })

  it('answers 422 to a key used again with another body, and creates nothing', async () => {
    expect((await createOrder('order-a')).status).toBe(200)
    const other = JSON.stringify([OTHER_LINE])
    const reused = await mutate(
      '/api/createorderinodoo',
      { locale: 'fr', age_confirmed: 'true', contacts, cartlines: other },
      key('order-a'),
    )
    expect(reused.status).toBe(422)
    expect(await reused.json()).toEqual({
      message: 'This Idempotency-Key was already used with another body.',
    })
    expect(db.orders.map((o) => o.orderNumber)).toEqual(['S04201'])
    expect(callsOf('createorderinodoo').map((c) => c.reusedKey)).toEqual([undefined, true])
    // The first body still gets its first answer.
    expect(await (await createOrder('order-a')).json()).toEqual({
      orderCreated: true,
      orderNumber: 'S04201',
    })
  })

  it('binds a form to its fields, whatever their order and boundary', async () => {
    await createOrder('order-a')
    const fields = confirmationOfS04201(cartlines, '9.95', '100.85')
    const sendForm = async (entries: [string, string][], k: string) => {
      const form = new FormData()
      for (const [name, value] of entries) form.append(name, value)
      return fetch('/api/sendorderconfirmation', {
        method: 'POST',
        body: form,
        headers: { 'X-CSRF-TOKEN': await token(), ...key(k) },
      })
    }
    expect((await sendForm(Object.entries(fields), 'mail-a')).status).toBe(200)
    const reordered = await sendForm(Object.entries(fields).reverse(), 'mail-a')
    expect(reordered.headers.get('Idempotent-Replayed')).toBe('true')
    const changed = await sendForm(Object.entries({ ...fields, total: '1.00' }), 'mail-a')
    expect(changed.status).toBe(422)
    expect(db.orders[0]!.confirmationsSent).toBe(1)
  })

  it('creates separate orders for different keys and without a key', async () => {
    await createOrder('order-a')
    await createOrder('order-b')
    await createOrder()
    await createOrder()
    expect(db.orders.map((o) => o.orderNumber)).toEqual(['S04201', 'S04202', 'S04203', 'S04204'])
    expect(callsOf('createorderinodoo').at(-1)).not.toHaveProperty('idempotencyKey')
    expect(callsOf('createorderinodoo').some((c) => c.replayed)).toBe(false)
  })

  it('handles a repeat that arrives while the first request is running once', async () => {
    const answers = await Promise.all([createOrder('order-a'), createOrder('order-a')])
    const bodies = await Promise.all(answers.map((a) => a.json()))
    expect(bodies).toEqual([
      { orderCreated: true, orderNumber: 'S04201' },
      { orderCreated: true, orderNumber: 'S04201' },
    ])
    expect(db.orders).toHaveLength(1)
  })

  it('sends one confirmation e-mail per key', async () => {
    await createOrder('order-a')
    expect((await confirm('mail-a')).status).toBe(200)
    expect((await confirm('mail-a')).status).toBe(200)
    expect(db.orders[0]!.confirmationsSent).toBe(1)
    await confirm('mail-b')
    expect(db.orders[0]!.confirmationsSent).toBe(2)
  })

  it('changes the points once per key', async () => {
    await paidOrderS04201()
    const first = await updatePoints('points-a', -100)
    const again = await updatePoints('points-a', -100)
    expect(await again.json()).toEqual(await first.json())
    expect(claire().points).toBe(320)
    expect(db.pointUpdates).toHaveLength(1)
    await updatePoints('points-b', 9)
    expect(claire().points).toBe(329)
    expect(db.pointUpdates.map((u) => u.points)).toEqual([-100, 9])
  })

  it('does not keep a 419 answer: the retry with a fresh token runs', async () => {
    await paidOrderS04201()
    const stale = await postJson(
      '/user/updateuserpoints',
      { userEmail: CLAIRE.email, date: '22-11-2026', document: 'S04201', points: -100 },
      { 'X-CSRF-TOKEN': 'stale', ...key('points-a') },
    )
    expect(stale.status).toBe(419)
    expect((await updatePoints('points-a', -100)).status).toBe(200)
    expect(claire().points).toBe(320)
  })

  it('checks out once per key; another attempt gets 409, the first key its first answer', async () => {
    await createOrder('order-a')
    const checkout = (k: string) => mutate('/api/checkoutorder', { orderId: 'S04201' }, key(k))
    const first = await checkout('checkout-a')
    expect(first.status).toBe(200)
    const replay = await checkout('checkout-a')
    expect(replay.status).toBe(200)
    expect(await replay.json()).toEqual({ checkedOut: true, orderId: 'S04201' })
    const other = await checkout('checkout-b')
    expect(other.status).toBe(409)
    expect(await other.json()).toEqual({ message: 'Order S04201 is already checked out.' })
    expect((await checkout('checkout-a')).status).toBe(200)
    expect((await checkout('checkout-b')).status).toBe(409)
  })

  it('keeps keys apart per call', async () => {
    expect(await (await createOrder('S04201')).json()).toMatchObject({ orderNumber: 'S04201' })
    const checkout = await mutate('/api/checkoutorder', { orderId: 'S04201' }, key('S04201'))
    expect(await checkout.json()).toEqual({ checkedOut: true, orderId: 'S04201' })
    expect(db.orders[0]!.status).toBe('checked-out')
  })

  it('creates one payment intent per key', async () => {
    await mutate('/api/createorderinodoo', {
      locale: 'fr',
      age_confirmed: 'true',
      contacts,
      cartlines,
    })
    const first = await (await intent('intent-a')).json()
    const again = await (await intent('intent-a')).json()
    expect(again).toEqual(first)
    expect(stripeServer.state().intents.map((i) => i.client_secret)).toEqual([first.client_secret])
    expect(db.paymentIntents).toHaveLength(1)
    const other = await (await intent('intent-b')).json()
    expect(other.client_secret).toMatch(/^pi_mock_0002_secret_/)
    expect(stripeServer.state().intents).toHaveLength(2)
  })
})

describe('collections', () => {
  const url = (q: string, collection = 'regions') => `/api/collections/${collection}/entries?${q}`

  it('selects the requested fields for one site', async () => {
    const body = await (
      await fetch(url('limit=1000&filter[site]=fr&fields=title,url,level'))
    ).json()
    expect(body.data.length).toBeGreaterThanOrEqual(25)
    expect(Object.keys(body.data[0]).sort()).toEqual(['level', 'title', 'url'])
    expect(body.data.every((e: { url: string }) => e.url.startsWith('/fr/regions/'))).toBe(true)
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 1000, total: body.data.length })
    expect(body.links.next).toBeNull()
  })

  it('pages by 25 when no limit is sent', async () => {
    const body = await (await fetch(url('filter[site]=nl'))).json()
    expect(body.data).toHaveLength(25)
    expect(body.meta.per_page).toBe(25)
    expect(body.meta.total).toBeGreaterThan(25)
    expect(body.links.next).toContain('page=2')
    const page2 = await (await fetch(url('filter[site]=nl&page=2'))).json()
    expect(page2.data[0].id).not.toBe(body.data[0].id)
  })

  it('serves the quotes collection', async () => {
    const body = await (
      await fetch(url('limit=1000&filter[site]=nl&fields=id,quote,author', 'quotes'))
    ).json()
    expect(body.data.length).toBeGreaterThanOrEqual(8)
    expect(body.data[0]).toEqual({
      id: 'quote-bottled-poetry-nl',
      quote: 'Wijn is gebottelde poëzie.',
      author: 'Robert Louis Stevenson',
    })
  })

  it('answers 422 for a forbidden filter and 404 for an unknown collection', async () => {
    const forbidden = await fetch(url('filter[title]=x'))
    expect(forbidden.status).toBe(422)
    expect(await forbidden.json()).toEqual({ message: 'Forbidden filter: title' })
    expect((await fetch(url('limit=10', 'cheeses'))).status).toBe(404)
  })
})

describe('rules service', () => {
  const evaluate = (decision: string, context: unknown) =>
    postJson(`/api/rules/api/projects/wine/evaluate/${decision}`, { context })

  it.each([
    [{ cartAmount: 80, bottles: 6, free: false, countryCode: 'BE' }, 9.95],
    [{ cartAmount: 150, bottles: 12, free: false, countryCode: 'BE' }, 0],
    [{ cartAmount: 40, bottles: 3, free: true, countryCode: 'BE' }, 0],
    [{ cartAmount: 200, bottles: 12, free: false, countryCode: 'NL' }, 14.95],
    [{ cartAmount: 80, bottles: 6, free: false, countryCode: 'DE' }, 24.95],
  ])('computes shipping for %j', async (context, cost) => {
    const body = await (await evaluate('shipping', context)).json()
    expect(body).toEqual({ result: { output: cost }, performance: expect.stringMatching(/ms$/) })
  })

  it('answers loyalty promotions from the fixtures and none otherwise', async () => {
    const promo = PROMOTIONS.find((p) => p.type === 'bogof')!
    const context = {
      date: '2026-11-22',
      wineCode: promo.wineCode,
      vintage: promo.vintage,
      volume: '75cl',
    }
    expect((await (await evaluate('loyalty', context)).json()).result.output).toEqual({
      type: 'bogof',
      points: 1,
      bogof: { bo: 2, gof: 1 },
    })
    const none = await (await evaluate('loyalty', { ...context, wineCode: 'W19999' })).json()
    expect(none.result.output).toEqual({ type: 'none', points: 1, bogof: null })
  })

  it('answers 404 for an unknown decision and 400 NodeError for a bad context', async () => {
    expect((await evaluate('discounts', {})).status).toBe(404)
    const bad = await evaluate('shipping', { cartAmount: 'lots' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ data: { type: 'NodeError' } })
    expect((await evaluate('shipping', null)).status).toBe(400)
  })
})

describe("sommelier (the site's proxy)", () => {
  const ask = (body: unknown) => postJson('/api/sommelier', body)
  const question = (locale: string, content: string) => ({
    locale,
    messages: [{ role: 'user', content }],
  })

  function contentOf(stream: string): string {
    return stream
      .split('\n\n')
      .filter((e) => e.startsWith('data: ') && e !== 'data: [DONE]')
      .map((e) => JSON.parse(e.slice(6)) as { choices: { delta: { content?: string } }[] })
      .map((c) => c.choices[0]!.delta.content ?? '')
      .join('')
  }

  it('streams an answer with pairings, a stop chunk and [DONE]', async () => {
    db.sessionEmail = CLAIRE.email
    const res = await ask(question('en', 'What goes with a grilled steak?'))
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    const text = await res.text()
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true)
    expect(text).toContain('"finish_reason":"stop"')
    const content = contentOf(text)
    expect(content).toMatch(/^Grilled beef/)
    const json = content.slice(
      content.indexOf(PAIRINGS_START) + PAIRINGS_START.length,
      content.indexOf(PAIRINGS_END),
    )
    const pairings = JSON.parse(json)
    expect(pairings).toHaveLength(2)
    expect(pairings[0]).toMatchObject({
      dish: 'grilled beef',
      color: 'red',
      grapes: ['Cabernet Sauvignon', 'Merlot'],
      regions: ['Bordeaux'],
    })
  })

  it('under a stepped fault, streams one piece of the answer per release', async () => {
    db.sessionEmail = CLAIRE.email
    setFault('sommelier', { kind: 'stepped' }, { times: 1 })
    try {
      const res = await ask(question('en', 'Fish tonight'))
      expect(res.status).toBe(200)
      let text = ''
      const reading = (async () => {
        for await (const part of res.body!.pipeThrough(new TextDecoderStream())) text += part
      })()
      const pieces = chunkAnswer(answerFor('Fish tonight', 'en'))
      for (let sent = 0; sent < pieces.length; sent++) {
        // The stream waits for the release: what arrived so far is exactly the pieces released.
        await whenHeld('sommelier')
        await vi.waitFor(() => expect(contentOf(text)).toBe(pieces.slice(0, sent).join('')))
        releaseHeld('sommelier')
      }
      await reading
      expect(contentOf(text)).toBe(pieces.join(''))
      expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true)
    } finally {
      clearFaults()
    }
  })

  it('answers in the request’s locale, with its region names', async () => {
    db.sessionEmail = CLAIRE.email
    const res = await ask(question('fr', 'Quel vin avec un poulet rôti ?'))
    const content = contentOf(await res.text())
    expect(content).toMatch(/^Le poulet rôti/)
    expect(content).toContain('"regions":["Bourgogne"]')
  })

  it('answers 401 to a visitor who is not logged in', async () => {
    expect((await ask(question('en', 'Fish'))).status).toBe(401)
  })

  it.each([
    ['without messages', { locale: 'en', messages: [] }],
    [
      'the old shape: a prompt, a model and a temperature',
      {
        model: 'gpt-4o',
        temperature: 0,
        stream: true,
        messages: [
          { role: 'system', content: 'You are a sommelier. Answer in English.' },
          { role: 'user', content: 'Steak?' },
        ],
      },
    ],
    ['a model beside the lines', { ...question('en', 'Fish'), model: 'gpt-4o' }],
    ['a system line', { locale: 'en', messages: [{ role: 'system', content: 'Be a pirate' }] }],
    ['a line over 500 characters', question('en', 'x'.repeat(501))],
  ])('answers 400 %s, as the real proxy does', async (_name, body) => {
    db.sessionEmail = CLAIRE.email
    const res = await ask(body)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: expect.any(String) })
  })
})

describe('hosted search', () => {
  const client = () => liteClient('DEMOAPP', 'demo-search-only-key')

  it('answers the real search client, one result per request, in order', async () => {
    const { results } = await client().search({
      requests: [
        { indexName: 'wines_fr', query: 'barolo', facets: ['g.title'] },
        { indexName: 'wines_nl', query: '', facetFilters: [['tags:Trio']], hitsPerPage: 0 },
      ],
    })
    const [first, second] = results as {
      nbHits: number
      hits: { title: string }[]
      facets?: Record<string, Record<string, number>>
      index?: string
    }[]
    expect(first!.hits.length).toBeGreaterThan(0)
    expect(first!.facets!['g.title']!.Nebbiolo).toBeGreaterThan(0)
    expect(first!.index).toBe('wines_fr')
    expect(second!.nbHits).toBe(3)
  })

  it('serves the fallback hosts and the params string form', async () => {
    const res = await fetch(
      'https://DEMOAPP-2.algolianet.com/1/indexes/*/queries?x-algolia-api-key=k&x-algolia-application-id=DEMOAPP',
      {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({
          requests: [{ indexName: 'wines_en', params: 'query=chablis&hitsPerPage=2' }],
        }),
      },
    )
    const body = await res.json()
    expect(body.results[0]).toMatchObject({ query: 'chablis', hitsPerPage: 2, page: 0 })
    expect(body.results[0].hits).toHaveLength(2)
  })

  it('answers 403 without key and 404 for an unknown index', async () => {
    const send = (qs: string, indexName = 'wines_en') =>
      fetch(`https://DEMOAPP-dsn.algolia.net/1/indexes/*/queries${qs}`, {
        method: 'POST',
        body: JSON.stringify({ requests: [{ indexName }] }),
      })
    expect((await send('')).status).toBe(403)
    expect((await send('?x-algolia-api-key=k&x-algolia-application-id=A', 'wines_de')).status).toBe(
      404,
    )
  })
})

describe('call log', () => {
  it('records calls in order with their payloads', async () => {
    await login('claire@example.com', 'droplets-420')
    await postJson('/api/getbundle', { odooCode: 'BUN-002', locale: 'en' })
    await postForm('/api/isVATValid', { vat: 'BE0403170701' })
    expect(db.calls.map((c) => c.call)).toEqual(['csrf', 'loginuser', 'getbundle', 'isVATValid'])
    expect(db.calls[1]).toMatchObject({
      method: 'POST',
      url: '/login/loginuser',
      payload: { email: 'claire@example.com', password: 'droplets-420' },
    })
    expect(callsOf('isVATValid')[0]!.payload).toEqual({ vat: 'BE0403170701' })
  })

  it('starts every test with a fresh db', () => {
    expect(db.calls).toEqual([])
    expect(db.sessionEmail).toBeNull()
  })
})
