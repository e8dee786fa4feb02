/**
 * Form rules and Belgian VAT numbers (docs/protocols.md).
 *
 * Decisions:
 * - "Non-empty" means non-empty after trimming spaces; passwords are never trimmed.
 * - "A country is set" means both the country name and its code are filled (the address
 *   autocomplete and the country control fill both; the rules service and the card provider need
 *   the code). Shipping is computed only when the zip is longer than 3 characters and city and
 *   country are set.
 * - `isEmail` is the WHATWG (HTML `type=email`) pattern with at least one dot in the domain,
 *   tested on the trimmed text.
 * - VAT: an empty number is valid (the field is optional); otherwise the server's answer
 *   (`vat.valid`) decides. `normalizeVat` strips dots, commas and whitespace and uppercases.
 *   Belgian format: "BE" + 10 digits, first digit 0 or 1 (the 1-series exists since 2023);
 *   checksum: 97 − (first 8 digits mod 97) = the last two digits.
 */
import type { Contact, Contacts, VatRecord } from './types'

const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

/** "Non-empty" in the forms' rules: a text with something besides spaces (null and undefined are empty). */
export const filled = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.trim() !== ''

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim())
}

/** Country name and code both set. */
export function hasCountry(contact: Pick<Contact, 'country' | 'country_code'>): boolean {
  return filled(contact.country) && filled(contact.country_code)
}

/** Name, street, zip, city, email and phone non-empty and a country set. */
export function isContactComplete(contact: Contact): boolean {
  const { name, street, zip, city, email, phone } = contact
  return [name, street, zip, city, email, phone].every(filled) && hasCountry(contact)
}

/** Delivery is valid when the contact is complete. */
export function isDeliveryValid(delivery: Contact): boolean {
  return isContactComplete(delivery)
}

/** VAT is optional: an empty number is valid, otherwise the server must have accepted it. */
export function isVatRecordValid(vat: VatRecord): boolean {
  return normalizeVat(vat.number) === '' || vat.valid
}

/** Invoice is valid under the delivery rule plus a valid VAT record. */
export function isInvoiceValid(invoice: Contact, vat: VatRecord): boolean {
  return isContactComplete(invoice) && isVatRecordValid(vat)
}

/** The full form requires a valid delivery and a valid invoice. */
export function isFormValid(contacts: Pick<Contacts, 'delivery' | 'invoice' | 'vat'>): boolean {
  return isDeliveryValid(contacts.delivery) && isInvoiceValid(contacts.invoice, contacts.vat)
}

/** Compute the shipping fee only when zip is longer than 3 characters, city and country set. */
export function shouldComputeShipping(
  contact: Pick<Contact, 'zip' | 'city' | 'country' | 'country_code'>,
): boolean {
  return contact.zip.trim().length > 3 && filled(contact.city) && hasCountry(contact)
}

/** Strips dots, commas and whitespace, uppercases: "be 0403.170.701" → "BE0403170701". */
export function normalizeVat(input: string): string {
  return input.replace(/[.,\s]/g, '').toUpperCase()
}

/** The login button is enabled when email and password are both filled. */
export function canLogin(email: string, password: string): boolean {
  return filled(email) && password !== ''
}

export interface SignUpForm {
  email: string
  /** Result of the existing-email check: true = free, false = taken, null = not checked yet. */
  emailFree: boolean | null
  name: string
  password: string
  submitting: boolean
}

/** Name and password fields are enabled once the email is valid and free. */
export function canEditSignUpDetails(email: string, emailFree: boolean | null): boolean {
  return isEmail(email) && emailFree === true
}

/** Sign-up needs a valid, free email, a non-empty name and password, and no submit running. */
export function canSignUp(form: SignUpForm): boolean {
  return (
    canEditSignUpDetails(form.email, form.emailFree) &&
    filled(form.name) &&
    form.password !== '' &&
    !form.submitting
  )
}

/** The forgot-password send button needs an email and no send running. */
export function canSendResetLink(email: string, busy: boolean): boolean {
  return filled(email) && !busy
}

/** Reset needs a non-empty password equal to its confirmation and no request running. */
export function canResetPassword(password: string, confirmation: string, busy: boolean): boolean {
  return !busy && password !== '' && password === confirmation
}
