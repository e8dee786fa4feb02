import { describe, expect, it } from 'vitest'
import type { Contact, VatRecord } from './types'
import { NO_VAT, claireContact } from '../../fixtures/checkout'
import {
  canEditSignUpDetails,
  canLogin,
  canResetPassword,
  canSendResetLink,
  canSignUp,
  filled,
  isContactComplete,
  isDeliveryValid,
  isEmail,
  isFormValid,
  isInvoiceValid,
  normalizeVat,
  shouldComputeShipping,
} from './validation'

const contact = claireContact
const noVat = NO_VAT

describe('filled: non-empty after trimming spaces', () => {
  it.each<[string | null | undefined, boolean]>([
    ['Claire', true],
    [' x ', true],
    ['', false],
    ['  \t ', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(filled(value)).toBe(expected)
  })
})

describe('isEmail: standard e-mail pattern', () => {
  it.each([
    ['claire@example.com', true],
    ['  claire@example.com ', true],
    ['first.last+wine@sub.example.be', true],
    ['claire@example', false],
    ['claire.example.com', false],
    ['claire@@example.com', false],
    ['claire @example.com', false],
    ['@example.com', false],
    ['', false],
  ])('%j → %s', (email, expected) => {
    expect(isEmail(email)).toBe(expected)
  })
})

describe('isContactComplete / isDeliveryValid: name, street, zip, city, email, phone and country', () => {
  it('a fully filled contact is valid', () => {
    expect(isContactComplete(contact())).toBe(true)
    expect(isDeliveryValid(contact())).toBe(true)
  })

  it.each<keyof Contact>([
    'name',
    'street',
    'zip',
    'city',
    'email',
    'phone',
    'country',
    'country_code',
  ])('an empty %s makes it invalid', (field) => {
    expect(isDeliveryValid(contact({ [field]: '' }))).toBe(false)
  })

  it('a field of only spaces counts as empty', () => {
    expect(isDeliveryValid(contact({ city: '   ' }))).toBe(false)
  })
})

describe('isInvoiceValid: the delivery rule plus a valid VAT record', () => {
  it.each<[string, VatRecord, boolean]>([
    ['no VAT number (optional)', noVat, true],
    ['no VAT number, stale invalid flag', { number: ' ', valid: false, name: '' }, true],
    [
      'a VAT number the server accepted',
      { number: 'BE0403170701', valid: true, name: 'SPF' },
      true,
    ],
    ['a VAT number the server rejected', { number: 'BE0403170702', valid: false, name: '' }, false],
  ])('%s → %s', (_label, vat, expected) => {
    expect(isInvoiceValid(contact(), vat)).toBe(expected)
  })

  it('an incomplete invoice contact is invalid even with a valid VAT record', () => {
    expect(isInvoiceValid(contact({ phone: '' }), noVat)).toBe(false)
  })
})

describe('isFormValid: delivery and invoice both valid', () => {
  it.each<[string, Contact, Contact, VatRecord, boolean]>([
    ['both valid', contact(), contact(), noVat, true],
    ['delivery incomplete', contact({ zip: '' }), contact(), noVat, false],
    ['invoice incomplete', contact(), contact({ name: '' }), noVat, false],
    ['VAT rejected', contact(), contact(), { number: 'BE1', valid: false, name: '' }, false],
  ])('%s → %s', (_label, delivery, invoice, vat, expected) => {
    expect(isFormValid({ delivery, invoice, vat })).toBe(expected)
  })
})

describe('shouldComputeShipping: zip longer than 3 characters, city and country set', () => {
  it.each<[Partial<Contact>, boolean]>([
    [{}, true],
    [{ zip: '100' }, false],
    [{ zip: ' 100 ' }, false],
    [{ zip: '1000' }, true],
    [{ zip: 'L-1234' }, true],
    [{ city: '' }, false],
    [{ country: '', country_code: '' }, false],
    [{ name: '', street: '', phone: '' }, true],
  ])('contact with %j → %s', (overrides, expected) => {
    expect(shouldComputeShipping(contact(overrides))).toBe(expected)
  })
})

describe('VAT numbers', () => {
  it.each([
    ['BE 0403.170.701', 'BE0403170701'],
    ['be0403,170,701', 'BE0403170701'],
    [' BE\t0403 170 701 ', 'BE0403170701'],
    ['  ', ''],
    ['', ''],
  ])('normalizeVat(%j) = %j (dots, commas and spaces stripped, uppercased)', (input, out) => {
    expect(normalizeVat(input)).toBe(out)
  })
})

describe('login, sign-up and password forms', () => {
  it.each([
    ['claire@example.com', 'secret', true],
    ['', 'secret', false],
    ['claire@example.com', '', false],
    ['   ', 'secret', false],
  ])('canLogin(%j, %j) = %s', (email, password, expected) => {
    expect(canLogin(email, password)).toBe(expected)
  })

  it.each<[string, boolean | null, boolean]>([
    ['new@example.com', true, true],
    ['new@example.com', false, false],
    ['new@example.com', null, false],
    ['not-an-email', true, false],
  ])('sign-up details editable for %j with email free = %s → %s', (email, free, expected) => {
    expect(canEditSignUpDetails(email, free)).toBe(expected)
  })

  const signUp = {
    email: 'new@example.com',
    emailFree: true,
    name: 'Tom',
    password: 'pw',
    submitting: false,
  }
  it.each<[string, Partial<typeof signUp> & { emailFree?: boolean | null }, boolean]>([
    ['everything filled', {}, true],
    ['email taken', { emailFree: false }, false],
    ['empty name', { name: ' ' }, false],
    ['empty password', { password: '' }, false],
    ['while submitting', { submitting: true }, false],
  ])('canSignUp: %s → %s', (_label, overrides, expected) => {
    expect(canSignUp({ ...signUp, ...overrides })).toBe(expected)
  })

  it.each([
    ['claire@example.com', false, true],
    ['', false, false],
    ['claire@example.com', true, false],
  ])('canSendResetLink(%j, busy %s) = %s', (email, busy, expected) => {
    expect(canSendResetLink(email, busy)).toBe(expected)
  })

  it.each([
    ['secret', 'secret', false, true],
    ['secret', 'secreT', false, false],
    ['', '', false, false],
    ['secret', 'secret', true, false],
  ])('canResetPassword(%j, %j, busy %s) = %s', (password, confirmation, busy, expected) => {
    expect(canResetPassword(password, confirmation, busy)).toBe(expected)
  })
})
