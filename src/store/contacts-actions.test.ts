// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it } from 'vitest'
import { createStore } from './store'
import { readSavedState } from './saved-state'
import { getStore, setPageStore } from './shared-store'
import { cleanUpCart } from './cart-actions'
import { destinationKey, setShippingQuote, setVat, updateContact } from './contacts-actions'
import { STORAGE_KEY, emptyContacts, emptyVat } from './state'
import { CLAIRE_CONTACT } from '../../fixtures/checkout'

const DELIVERY = CLAIRE_CONTACT
const contacts = () => getStore().getState().contacts

describe('contacts in the store', () => {
  it('survive a reload (sessionStorage)', () => {
    updateContact('delivery', DELIVERY)
    setVat({ number: 'BE0403170701', valid: true, name: 'Wijnhandel De Druif BV' })
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY)!).contacts.delivery).toEqual(DELIVERY)
    setPageStore(readSavedState, createStore({ readSaved: readSavedState }))
    expect(contacts().delivery).toEqual(DELIVERY)
    expect(contacts().vat.valid).toBe(true)
  })

  it('are cleared by the full clean-up and by logout', () => {
    updateContact('delivery', DELIVERY)
    cleanUpCart()
    expect(contacts().delivery.name).toBe('')
    updateContact('invoice', DELIVERY)
    getStore().clearPersonal()
    expect(contacts().invoice.name).toBe('')
  })

  it('an emptied VAT number is a valid (absent) record', () => {
    setVat({ number: ' . ', valid: false, name: '' })
    expect(contacts().vat).toEqual({ number: '', valid: true, name: '' })
    // The same empty record the contacts start with.
    expect(emptyVat()).toEqual({ number: '', valid: true, name: '' })
    expect(emptyContacts().vat).toEqual(emptyVat())
  })
})

describe('isValidShipping: valid delivery and a known fee for its destination', () => {
  it('follows the quote and the destination', () => {
    updateContact('delivery', DELIVERY)
    expect(contacts().isValidShipping).toBe(false)
    setShippingQuote(9.95, destinationKey(DELIVERY))
    expect(contacts().isValidShipping).toBe(true)
    expect(getStore().getState().cart.shippingCost).toBe(9.95)
    // Another field keeps it; a new destination drops it until re-quoted.
    updateContact('delivery', { phone: '0471' })
    expect(contacts().isValidShipping).toBe(true)
    updateContact('delivery', { zip: '9000', city: 'Gent' })
    expect(contacts().isValidShipping).toBe(false)
    // A late answer for the old destination is ignored.
    setShippingQuote(9.95, destinationKey(DELIVERY))
    expect(contacts().isValidShipping).toBe(false)
  })

  it('becomes true when the delivery is completed after its destination was quoted', () => {
    updateContact('delivery', { ...DELIVERY, email: '', phone: '' })
    setShippingQuote(9.95, destinationKey(DELIVERY))
    expect(contacts().isValidShipping).toBe(false)
    updateContact('delivery', { email: DELIVERY.email })
    expect(contacts().isValidShipping).toBe(false)
    updateContact('delivery', { phone: DELIVERY.phone })
    expect(contacts().isValidShipping).toBe(true)
  })

  it('a failed quote leaves the fee unknown, not free', () => {
    updateContact('delivery', DELIVERY)
    setShippingQuote(null, destinationKey(DELIVERY))
    expect(contacts().isValidShipping).toBe(false)
  })

  it('an invalid delivery is never valid for shipping', () => {
    updateContact('delivery', { ...DELIVERY, phone: '' })
    setShippingQuote(9.95, destinationKey({ ...DELIVERY }))
    expect(contacts().isValidShipping).toBe(false)
  })
})
