/**
 * Contacts actions: the delivery and invoice contacts, the VAT record, the buyer's age
 * confirmation and `isValidShipping`, kept in the page's store (sessionStorage: they survive a reload; the
 * full clean-up `cleanUpCart()` and logout/inactivity `clearPersonal()` reset them).
 *
 * `isValidShipping` means "the delivery contact is valid AND the shipping fee for its destination
 * is known" (the total box shows the cost only then). So it drops to false as soon as the
 * delivery becomes invalid or its destination (zip, city, country) changes, and comes back when
 * `setShippingQuote` records the fee for the current destination. A failed quote leaves it false:
 * an unknown fee is never shown, or charged, as free shipping.
 */
import { castDraft } from 'immer'
import { copyIntoEmpty, prefillFromUser } from '../domain/checkout'
import { isDeliveryValid, normalizeVat } from '../domain/validation'
import { isCheckoutLocked } from '../domain/payment-progress'
import { isPaymentBusy } from './checkout-hold'
import type { Contact, Contacts, VatRecord } from '../domain/types'
import { emptyVat, type StoreState } from './state'
import { getStore, useStore } from './shared-store'
import { pageSlot } from '../page/page-context'

export type ContactKind = 'delivery' | 'invoice'

const DESTINATION = ['zip', 'city', 'country', 'country_code'] as const

/** The destination the current shipping fee was quoted for (not persisted: re-quoted on load). */
const quote = pageSlot<{ destination: string | null }>(() => ({ destination: null }))

export const destinationKey = (c: Pick<Contact, (typeof DESTINATION)[number]>): string =>
  DESTINATION.map((f) => c[f].trim().toLowerCase()).join('|')

/** The contacts and the shipping fee are read-only while a payment is under way (payment-progress.ts). */
const locked = () => isCheckoutLocked(getStore().getState().payment, isPaymentBusy())

/** Change some fields of a contact. */
export function updateContact(kind: ContactKind, patch: Partial<Contact>): void {
  if (locked()) return
  getStore().update((d) => {
    const next = { ...d.contacts[kind], ...patch }
    d.contacts[kind] = next
    if (kind === 'delivery') {
      d.contacts.isValidShipping =
        isDeliveryValid(next) && quote.get().destination === destinationKey(next)
    }
  })
}

/** The delivery fields copied into the invoice's empty fields. */
export function copyDeliveryToInvoice(): void {
  if (locked()) return
  getStore().update((d) => {
    d.contacts.invoice = copyIntoEmpty(d.contacts.invoice, d.contacts.delivery)
  })
}

/** Invoice details pre-filled from the user (where empty). */
export function prefillInvoice(user: { name: string; email: string }): void {
  const { invoice } = getStore().getState().contacts
  const next = prefillFromUser(invoice, user)
  if (next.name === invoice.name && next.email === invoice.email) return
  getStore().update((d) => {
    d.contacts.invoice = next
  })
}

/** The buyer's age confirmation (the payment tab's box), kept with the contacts. */
export function confirmAge(confirmed: boolean): void {
  if (locked()) return
  getStore().update((d) => {
    d.contacts.ageConfirmed = confirmed
  })
}

/** The VAT record; an empty number is valid (optional field). */
export function setVat(vat: VatRecord): void {
  if (locked()) return
  getStore().update((d) => {
    d.contacts.vat = normalizeVat(vat.number) === '' ? emptyVat() : vat
  })
}

/**
 * The shipping fee for the current delivery destination (`cost`), or null when it is unknown
 * (not computable yet, or the quote failed). `destination` is `destinationKey` of the delivery
 * the quote was made for: a late answer for an old destination is ignored.
 */
export function setShippingQuote(cost: number | null, destination: string | null): void {
  // While a payment is under way the fee on screen stays the one being paid; the cart's quote
  // asks again once the checkout is editable (`useShippingQuote`).
  if (locked()) return
  const state = getStore().getState()
  if (destination !== null && destination !== destinationKey(state.contacts.delivery)) return
  quote.get().destination = cost === null ? null : destination
  getStore().update((d) => {
    d.cart.shippingCost = cost ?? 0
    d.contacts.isValidShipping = cost !== null && isDeliveryValid(d.contacts.delivery)
  })
}

/** Replace all contacts (tests and restoring a saved checkout). */
export function setContacts(contacts: Contacts): void {
  getStore().update((d) => {
    d.contacts = castDraft(contacts)
  })
}

const selectContacts = (state: StoreState) => state.contacts

/** The contacts as the store holds them; re-renders on every change. */
export function useContacts(): Contacts {
  return useStore(selectContacts)
}
