import { randomId } from '../domain/random-id'
import type { Clock } from './tab-clock'
import type { PaymentProgress } from '../domain/payment-flow'
import type {
  CartState,
  Contact,
  Contacts,
  ConversationLine,
  SessionState,
  VatRecord,
} from '../domain/types'

/**
 * The shape kept in sessionStorage. Bump STORAGE_VERSION when it changes: older entries are
 * then discarded (with one warning) instead of being read with the wrong shape.
 */
export interface StoreState {
  session: SessionState
  cart: CartState
  contacts: Contacts
  conversation: ConversationLine[]
  /**
   * The payment under way, bound to the snapshot it charges (`src/domain/payment-flow.ts`).
   * Absent in state saved before it existed (read as null).
   */
  payment: PaymentProgress | null
  /** Epoch ms of the last user activity; drives the 30-minute inactivity clean-up. */
  lastActivity: number
  /**
   * The site's session version (its version cookie's value, `session.versionCookie` in the config)
   * when the server last confirmed `session`; null when it never did, the site sets no version, or
   * the session was cleared. A page reuses the session only while the cookie still holds this
   * value (`src/domain/session-version.ts`). Absent in state saved before it existed (null: ask).
   */
  sessionVersion: string | null
  /**
   * The identity of the shopper's personal data in this browser: a new one at every logout and
   * expiry, so a tab that comes back with an older copy knows it was cleared meanwhile.
   */
  personalId: string
  /** The revision of the part the tabs share (all but `payment`): `tab-clock.ts`. */
  clock: Clock
}

/** The part of the state every open tab shares; `payment` is each tab's own. */
export type SharedState = Omit<StoreState, 'payment'>

export { STORAGE_KEY, STORAGE_VERSION } from './storage-key'
/** Inactivity logout after 30 minutes. */
export const INACTIVITY_MS = 30 * 60 * 1000
/** Activity is saved at most this often: a write per event would thrash storage. */
export const ACTIVITY_RESOLUTION_MS = 10_000

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

/** No VAT number: valid, since the field is optional. */
export const emptyVat = (): VatRecord => ({ number: '', valid: true, name: '' })

export const emptyContacts = (): Contacts => ({
  delivery: emptyContact(),
  invoice: emptyContact(),
  vat: emptyVat(),
  isValidShipping: false,
  ageConfirmed: false,
})

/** An empty cart, with an identity of its own. */
export const emptyCart = (): CartState => ({
  id: randomId(),
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
  payment: null,
  lastActivity: now,
  sessionVersion: null,
  personalId: randomId(),
  clock: {},
})
