import type { CartState, Contact, Contacts, ConversationLine, SessionState } from '../domain/types'

/**
 * The shape kept in sessionStorage. Bump STORAGE_VERSION when it changes: older entries are
 * then discarded (with one warning) instead of being read with the wrong shape.
 */
export interface StoreState {
  session: SessionState
  cart: CartState
  contacts: Contacts
  conversation: ConversationLine[]
  /** Epoch ms of the last user activity; drives the 30-minute inactivity clean-up. */
  lastActivity: number
}

export const STORAGE_VERSION = 1
export const STORAGE_KEY = `wine-widgets:v${STORAGE_VERSION}`
/** Spec section 9: inactivity logout after 30 minutes. */
export const INACTIVITY_MS = 30 * 60 * 1000

export const emptyContact = (): Contact => ({
  name: '',
  street: '',
  zip: '',
  city: '',
  country: '',
  country_code: '',
  email: '',
  phone: '',
})

export const emptyContacts = (): Contacts => ({
  delivery: emptyContact(),
  invoice: emptyContact(),
  vat: { number: '', valid: true, name: '' },
  isValidShipping: false,
})

export const emptyCart = (): CartState => ({
  orderId: null,
  lines: [],
  shippingCost: 0,
  redeemedPoints: 0,
  redeemedPointsAmount: 0,
})

export const loggedOutSession = (): SessionState => ({ isLoggedIn: false, user: null, points: 0 })

export const initialState = (now: number): StoreState => ({
  session: loggedOutSession(),
  cart: emptyCart(),
  contacts: emptyContacts(),
  conversation: [],
  lastActivity: now,
})

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Structural check of data read back from storage. It is deliberately shallow but checks every
 * field the widgets dereference: foreign or tampered data must be rejected, never half-read.
 */
export function isStoreState(v: unknown): v is StoreState {
  if (!isObject(v)) return false
  const { session, cart, contacts, conversation, lastActivity } = v
  if (typeof lastActivity !== 'number' || !Number.isFinite(lastActivity)) return false
  if (!isObject(session) || typeof session.isLoggedIn !== 'boolean') return false
  if (typeof session.points !== 'number') return false
  if (session.user !== null && !isObject(session.user)) return false
  if (!isObject(cart) || !Array.isArray(cart.lines)) return false
  if (typeof cart.shippingCost !== 'number' || typeof cart.redeemedPoints !== 'number') return false
  if (typeof cart.redeemedPointsAmount !== 'number') return false
  const linesOk = cart.lines.every(
    (l) =>
      isObject(l) &&
      typeof l.id === 'string' &&
      typeof l.name === 'string' &&
      typeof l.quantity === 'number' &&
      Number.isFinite(l.quantity) &&
      typeof l.price === 'number' &&
      Number.isFinite(l.price) &&
      typeof l.qty_available === 'number' &&
      (l.type === 'product' || l.type === 'bundle') &&
      Array.isArray(l.wines) &&
      isObject(l.promotion),
  )
  if (!linesOk) return false
  if (!isObject(contacts) || !isObject(contacts.delivery) || !isObject(contacts.invoice))
    return false
  if (!isObject(contacts.vat)) return false
  if (!Array.isArray(conversation)) return false
  return conversation.every((c) => isObject(c) && typeof c.message === 'string')
}
