import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import { callsOf, db } from '../../mocks/db'
import { CLAIRE } from '../../fixtures/users'
import {
  createOrderInOdoo,
  createPaymentIntent,
  getUpdatedPoints,
  isVATValid,
  updateUserPoints,
} from './orders'

const contact = {
  name: 'Claire',
  street: 'Rue de la Loi 16',
  zip: '1000',
  city: 'Bruxelles',
  country: 'Belgique',
  country_code: 'BE',
  email: CLAIRE.email,
  phone: '0470',
}

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
      contacts: { invoice: contact, delivery: contact, vat: { number: '', valid: true, name: '' } },
      cartlines: [
        {
          id: '1',
          odooCode: 'W1',
          odooId: 1,
          name: 'Wine',
          vintage: '2020',
          volume: '75cl',
          quantity: 1,
          price: 10,
          qty_available: 5,
          free_qty: 5,
          type: 'product',
          wines: [],
          free_shipping: false,
          promotion: { type: 'none', points: 1, bogof: null },
        },
      ],
    })
    expect(number).toBe('S04201')
    expect(db.orders[0]).toMatchObject({ orderNumber: 'S04201', locale: 'nl' })
  })

  it('treats orderCreated: false as a failure', async () => {
    server.use(
      http.post('/api/createorderinodoo', () => HttpResponse.json({ orderCreated: false })),
    )
    await expect(
      createOrderInOdoo({
        locale: 'fr',
        contacts: {
          invoice: contact,
          delivery: contact,
          vat: { number: '', valid: true, name: '' },
        },
        cartlines: [],
      }),
    ).rejects.toThrow('Error fetching data')
  })

  it('creates a payment intent in cents and reads its client secret', async () => {
    const secret = await createPaymentIntent({
      amount_total: 6495,
      name: 'S04201',
      customer_name: 'Claire',
      customer_email: CLAIRE.email,
    })
    expect(secret).toMatch(/^pi_mock_0001_secret_/)
    expect(db.paymentIntents[0]!.amount_total).toBe(6495)
  })

  it('updates and reads the points with the CSRF token', async () => {
    await updateUserPoints({
      userEmail: CLAIRE.email,
      date: '22/11/2026',
      document: 'S1',
      points: -100,
    })
    expect(await getUpdatedPoints(CLAIRE.email)).toBe(320)
    expect(callsOf('csrf')).toHaveLength(1)
  })

  it('rejects a points answer without a number', async () => {
    server.use(http.post('/user/getupdatedpoints', () => HttpResponse.json({ points: null })))
    await expect(getUpdatedPoints(CLAIRE.email)).rejects.toThrow('Error fetching data')
  })
})
