/**
 * Checkout rules that the cart widget's checkout wires up.
 *
 * Decisions of ours (the product rules leave these open):
 * - Tabs: delivery is always open; invoice opens once the delivery is valid; payment once the whole
 *   form (delivery + invoice + VAT record) is valid (`validation.ts` holds the rules themselves).
 * - Copying delivery into invoice fills only the invoice fields that are empty (after trimming);
 *   country name and code travel together, so an invoice never gets a name without its code.
 * - Invoice pre-fill from the user: name and email, only where the invoice field is empty.
 * - The shipping decision's context is the goods value (subtotal, before redeemed droplets), the
 *   bottle count, the free-shipping flag and the delivery country code (upper case); it exists
 *   only when `shouldComputeShipping` holds.
 * - Points after payment: the redeemed points first, as a negative number, then the earned ones;
 *   a zero entry is not sent.
 */
import { toCents } from './money'
import { toNumber } from './to-number'
import {
  filled,
  hasCountry,
  isDeliveryValid,
  isFormValid,
  shouldComputeShipping,
} from './validation'
import type { Contact, Contacts } from './types'

export const CHECKOUT_TABS = ['delivery', 'invoice', 'payment'] as const
export type CheckoutTab = (typeof CHECKOUT_TABS)[number]

/** The contact fields a shopper types, in form order ('country' stands for name + code). */
export const CONTACT_FIELDS = [
  'name',
  'street',
  'zip',
  'city',
  'country',
  'email',
  'phone',
] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

const empty = (value: string | null | undefined) => !filled(value)

/** Which tabs can be selected. */
export function tabAvailability(
  contacts: Pick<Contacts, 'delivery' | 'invoice' | 'vat'>,
): Record<CheckoutTab, boolean> {
  return {
    delivery: true,
    invoice: isDeliveryValid(contacts.delivery),
    payment: isFormValid(contacts),
  }
}

/** The tab to show: the wanted one when it is available, else the last available before it. */
export function allowedTab(
  wanted: CheckoutTab,
  available: Record<CheckoutTab, boolean>,
): CheckoutTab {
  const index = CHECKOUT_TABS.indexOf(wanted)
  for (let i = index; i >= 0; i -= 1) {
    const tab = CHECKOUT_TABS[i]
    if (tab && available[tab]) return tab
  }
  return 'delivery'
}

/** The fields of a contact that fail the rule (non-empty; a country name and code). */
export function contactProblems(contact: Contact): ContactField[] {
  return CONTACT_FIELDS.filter((field) =>
    field === 'country' ? !hasCountry(contact) : empty(contact[field]),
  )
}

/** The source's fields copied into the target's EMPTY fields only. */
export function copyIntoEmpty(target: Contact, source: Contact): Contact {
  const next = { ...target }
  for (const field of ['name', 'street', 'zip', 'city', 'email', 'phone'] as const) {
    if (empty(next[field]) && !empty(source[field])) next[field] = source[field]
  }
  if (empty(next.country) && empty(next.country_code) && !empty(source.country_code)) {
    next.country = source.country
    next.country_code = source.country_code
  }
  return next
}

/** Invoice details pre-filled from the user (name and email, where empty). */
export function prefillFromUser(invoice: Contact, user: { name: string; email: string }): Contact {
  return {
    ...invoice,
    name: empty(invoice.name) ? user.name : invoice.name,
    email: empty(invoice.email) ? user.email : invoice.email,
  }
}

/** Context of the rules service's shipping decision. */
export interface ShippingContext {
  cartAmount: number
  bottles: number
  free: boolean
  countryCode: string
}

/** The shipping decision's context, or null when the fee must not be computed yet. */
export function shippingContext(
  delivery: Contact,
  totals: { subTotal: number; bottles: number; freeShipping: boolean },
): ShippingContext | null {
  if (!shouldComputeShipping(delivery)) return null
  return {
    cartAmount: totals.subTotal,
    bottles: totals.bottles,
    free: totals.freeShipping,
    countryCode: delivery.country_code.trim().toUpperCase(),
  }
}

/** A shipping decision's output as a cost: a finite number ≥ 0, else null (never "free"). */
export function readShippingCost(output: unknown): number | null {
  const cost = toNumber(output)
  return cost !== null && cost >= 0 ? cost : null
}

/** The payment amount in cents, rounded. */
export function paymentAmount(total: number): number {
  return toCents(total)
}
