import { describe, expect, it } from 'vitest'
import {
  allowedTab,
  contactProblems,
  copyIntoEmpty,
  paymentAmount,
  prefillFromUser,
  readShippingCost,
  shippingContext,
  tabAvailability,
} from './checkout'
import { cartTotals } from './cart'
import { isContactComplete } from './validation'
import { CLAIRE_CONTACT, NO_VAT, wineLine } from '../../fixtures/checkout'
import { emptyContact } from '../store/state'

const EMPTY = emptyContact()
const FULL = CLAIRE_CONTACT

describe('validity rules', () => {
  it.each([
    ['a complete contact', FULL, []],
    ['an empty contact', EMPTY, ['name', 'street', 'zip', 'city', 'country', 'email', 'phone']],
    ['blank spaces only', { ...FULL, name: '   ', phone: ' ' }, ['name', 'phone']],
    ['a country name without code', { ...FULL, country_code: '' }, ['country']],
    ['a country code without name', { ...FULL, country: '' }, ['country']],
  ] as const)('%s fails %j', (_, contact, problems) => {
    expect(contactProblems(contact)).toEqual(problems)
    // The same rule as the tabs' (validation.ts): no problem exactly when the contact is complete.
    expect(isContactComplete(contact)).toBe(problems.length === 0)
  })

  it.each([
    ['nothing filled', EMPTY, EMPTY, NO_VAT, { delivery: true, invoice: false, payment: false }],
    ['delivery only', FULL, EMPTY, NO_VAT, { delivery: true, invoice: true, payment: false }],
    ['both, no VAT', FULL, FULL, NO_VAT, { delivery: true, invoice: true, payment: true }],
    [
      'both, unchecked VAT',
      FULL,
      FULL,
      { number: 'BE0403170701', valid: false, name: '' },
      { delivery: true, invoice: true, payment: false },
    ],
    [
      'both, valid VAT',
      FULL,
      FULL,
      { number: 'BE0403170701', valid: true, name: 'X' },
      { delivery: true, invoice: true, payment: true },
    ],
    [
      'invoice without delivery',
      EMPTY,
      FULL,
      NO_VAT,
      { delivery: true, invoice: false, payment: false },
    ],
  ])('tabs with %s', (_, delivery, invoice, vat, expected) => {
    expect(tabAvailability({ delivery, invoice, vat })).toEqual(expected)
  })

  it('falls back to the last available tab before the wanted one', () => {
    const all = { delivery: true, invoice: true, payment: true }
    expect(allowedTab('payment', all)).toBe('payment')
    expect(allowedTab('payment', { ...all, payment: false })).toBe('invoice')
    expect(allowedTab('payment', { delivery: true, invoice: false, payment: false })).toBe(
      'delivery',
    )
  })
})

describe('invoice copy and pre-fill', () => {
  it('copies delivery fields into the empty invoice fields only', () => {
    const invoice = { ...EMPTY, name: 'Wijnhandel De Druif BV', phone: '  ' }
    expect(copyIntoEmpty(invoice, FULL)).toEqual({ ...FULL, name: 'Wijnhandel De Druif BV' })
  })

  it('copies the country name and code together', () => {
    expect(copyIntoEmpty({ ...EMPTY, country: 'Nederland' }, FULL)).toMatchObject({
      country: 'Nederland',
      country_code: '',
    })
    expect(copyIntoEmpty(EMPTY, FULL)).toMatchObject({ country: 'Belgique', country_code: 'BE' })
  })

  it('pre-fills name and email from the user where empty', () => {
    const user = { name: 'Claire Dubois', email: 'claire@example.com' }
    expect(prefillFromUser(EMPTY, user)).toEqual({ ...EMPTY, ...user })
    expect(prefillFromUser({ ...EMPTY, name: 'Firm' }, user)).toMatchObject({ name: 'Firm' })
  })
})

describe('shipping fee preconditions and output', () => {
  const totals = { subTotal: 75, bottles: 6, freeShipping: false }
  it.each([
    ['zip of 4', FULL, { cartAmount: 75, bottles: 6, free: false, countryCode: 'BE' }],
    ['zip of 3', { ...FULL, zip: '100' }, null],
    ['zip with spaces', { ...FULL, zip: ' 10 ' }, null],
    ['no city', { ...FULL, city: '' }, null],
    ['no country', { ...FULL, country: '', country_code: '' }, null],
    [
      'a lower-case code',
      { ...FULL, zip: 'L-1234', country_code: 'lu' },
      { cartAmount: 75, bottles: 6, free: false, countryCode: 'LU' },
    ],
  ])('%s', (_, delivery, expected) => {
    expect(shippingContext(delivery, totals)).toEqual(expected)
  })

  it.each([
    [9.95, 9.95],
    [0, 0],
    ['14.95', 14.95],
    [' 7 ', 7],
    ['', null],
    ['free', null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [-1, null],
    [Number.NaN, null],
    [{ cost: 1 }, null],
  ])('reads the output %j as %j (a non-number is never free shipping)', (output, cost) => {
    expect(readShippingCost(output)).toBe(cost)
  })
})

describe('totals, redemption and cents', () => {
  const line = wineLine({ quantity: 3, price: 19.99 })

  it('total = subtotal + shipping − redeemed amount', () => {
    const totals = cartTotals({
      id: 'cart-1',
      orderId: null,
      lines: [line],
      shippingCost: 9.95,
      redeemedPoints: 100,
      redeemedPointsAmount: 20,
    })
    expect(totals.subTotal).toBe(59.97)
    expect(totals.total).toBe(49.92)
  })

  it.each([
    [49.92, 4992],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [64.945, 6495],
    [19.999, 2000],
  ])('pays %j as %j cents (rounded)', (total, cents) => {
    expect(paymentAmount(total)).toBe(cents)
  })
})
