/**
 * Reading back the saved state (sessionStorage), checked deeply with valibot. Loaded only when
 * there is something saved (`prepareStore` in `shared-store.ts`): a first visit never downloads
 * the schemas or valibot.
 */
import * as v from 'valibot'
import type { PaymentProgress } from '../domain/payment-flow'
import { isPaymentProgress } from '../domain/payment-progress'
import type {
  CartLine,
  CartState,
  ChatWine,
  Contact,
  Contacts,
  ConversationLine,
  Promotion,
  SessionState,
  User,
  VatRecord,
} from '../domain/types'
import { emptyContact, emptyContacts, loggedOutSession, type StoreState } from './state'
import type { Clock } from './tab-clock'
import { isRecord } from '../domain/is-record'
import { randomId } from '../domain/random-id'

/*
 * The saved state's shapes, checked deeply with valibot when it is read back (valibot: small,
 * well kept, and modular, so the store pays only for the few schemas below). Each schema is
 * typed against the domain type it guards, so they cannot drift apart. `v.object` also drops
 * keys it does not know.
 */
/**
 * The entries of an object schema for `T`: one per key of `T` and no other, so a field added to a
 * domain type cannot be forgotten here (`v.object` would silently drop it on the next load).
 */
type EntriesOf<T> = { [K in keyof T]-?: v.GenericSchema<T[K]> }

const finite = v.pipe(v.number(), v.finite())
const Id = v.pipe(v.string(), v.nonEmpty())
const ClockSchema: v.GenericSchema<Clock> = v.record(Id, finite)
const amount = v.pipe(v.number(), v.finite(), v.minValue(0))

const UserSchema: v.GenericSchema<User> = v.object({
  name: v.string(),
  email: v.string(),
  odooID: finite,
} satisfies EntriesOf<User>)

/** A logged-in session has a user; a logged-out one has none. */
const SessionSchema: v.GenericSchema<SessionState> = v.variant('isLoggedIn', [
  v.object({ isLoggedIn: v.literal(true), user: UserSchema, points: finite }),
  v.object({ isLoggedIn: v.literal(false), user: v.null(), points: finite }),
])

const PromotionSchema: v.GenericSchema<Promotion> = v.object({
  type: v.picklist(['none', 'points', 'bogof']),
  points: finite,
  bogof: v.nullable(v.object({ bo: finite, gof: finite })),
} satisfies EntriesOf<Promotion>)

const CartLineSchema: v.GenericSchema<CartLine> = v.object({
  id: v.string(),
  odooCode: v.string(),
  odooId: finite,
  name: v.string(),
  vintage: v.nullable(v.string()),
  volume: v.nullable(v.string()),
  // A quantity never goes below 1; removing a line is explicit.
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  price: amount,
  qty_available: finite,
  free_qty: finite,
  type: v.picklist(['product', 'bundle']),
  wines: v.array(v.object({ id: finite, name: v.string(), quantity: finite })),
  free_shipping: v.boolean(),
  promotion: PromotionSchema,
  url: v.optional(v.string()),
  image: v.optional(v.string()),
} satisfies EntriesOf<CartLine>)

const ContactSchema: v.GenericSchema<Contact> = v.object({
  name: v.string(),
  street: v.string(),
  zip: v.string(),
  city: v.string(),
  country: v.string(),
  country_code: v.string(),
  email: v.string(),
  phone: v.string(),
} satisfies EntriesOf<Contact>)

const VatSchema: v.GenericSchema<VatRecord> = v.object({
  number: v.string(),
  valid: v.boolean(),
  name: v.string(),
} satisfies EntriesOf<VatRecord>)

const ChatWineSchema: v.GenericSchema<ChatWine> = v.object({
  id: v.string(),
  title: v.string(),
  url: v.string(),
  label: v.nullable(v.string()),
  c: v.object({ title: v.string(), color: v.string() }),
  m: v.array(v.object({ title: v.string(), image: v.string() })),
  e: v.optional(v.string()),
  price_level: v.optional(v.nullable(v.picklist([1, 2, 3, 4]))),
  odooCode: v.optional(v.string()),
} satisfies EntriesOf<ChatWine>)

const ConversationLineSchema: v.GenericSchema<ConversationLine> = v.object({
  from: v.picklist(['user', 'sommelier']),
  message: v.string(),
  wines: v.array(ChatWineSchema),
  error: v.optional(v.string()),
} satisfies EntriesOf<ConversationLine>)

/**
 * What was read back: the state to start from, the parts dropped because they did not fit, and
 * the parts filled in because older saved state lacks them (saved at once, without a warning).
 */
export interface SavedStateReading {
  state: StoreState
  dropped: string[]
  filled?: string[]
}

/**
 * Read back what sessionStorage held. Each part is checked on its own and a part that does not
 * fit is replaced by its empty value while the rest is kept: a contact without fields becomes an
 * empty contact and the cart stays; a cart line that does not fit is dropped, the other lines
 * stay (a redemption is then reset, as it was computed for the old lines). Null when the value is
 * not a saved state at all (nothing of it fits).
 *
 * A missing or unreadable last-activity time reads as 0: the 30-minute expiry then clears the
 * personal data, as nothing proves the visitor was active.
 */
export function readSavedState(raw: unknown): SavedStateReading | null {
  if (!isRecord(raw)) return null
  const dropped: string[] = []
  const fit = <T>(name: string, schema: v.GenericSchema<T>, value: unknown, empty: T): T => {
    const result = v.safeParse(schema, value)
    if (result.success) return result.output
    dropped.push(name)
    return empty
  }
  const keep = <T>(name: string, schema: v.GenericSchema<T>, value: unknown): T[] => {
    if (!Array.isArray(value)) {
      dropped.push(name)
      return []
    }
    return value.flatMap((item, i) => {
      const result = v.safeParse(schema, item)
      if (result.success) return [result.output]
      dropped.push(`${name}[${i}]`)
      return []
    })
  }

  const session = fit('session', SessionSchema, raw.session, loggedOutSession())

  const rawCart = isRecord(raw.cart) ? raw.cart : {}
  if (!isRecord(raw.cart)) dropped.push('cart')
  const lines = keep('cart.lines', CartLineSchema, rawCart.lines)
  const linesLost = dropped.some((d) => d.startsWith('cart.lines'))
  const redemption = fit(
    'cart.redeemedPoints',
    v.object({ redeemedPoints: amount, redeemedPointsAmount: amount }),
    { redeemedPoints: rawCart.redeemedPoints, redeemedPointsAmount: rawCart.redeemedPointsAmount },
    { redeemedPoints: 0, redeemedPointsAmount: 0 },
  )
  const savedId = fit('cart.id', v.optional(Id), rawCart.id, undefined)
  // A cart saved before carts had an identity gets one now, saved at once: a tab duplicated
  // before the next change must share it.
  const filled = savedId === undefined ? ['cart.id'] : []
  const cart: CartState = {
    id: savedId ?? randomId(),
    orderId: fit('cart.orderId', v.nullable(v.string()), rawCart.orderId, null),
    lines,
    shippingCost: fit('cart.shippingCost', amount, rawCart.shippingCost, 0),
    ...(linesLost ? { redeemedPoints: 0, redeemedPointsAmount: 0 } : redemption),
  }

  const rawContacts = isRecord(raw.contacts) ? raw.contacts : {}
  if (!isRecord(raw.contacts)) dropped.push('contacts')
  const contacts: Contacts = {
    delivery: fit('contacts.delivery', ContactSchema, rawContacts.delivery, emptyContact()),
    invoice: fit('contacts.invoice', ContactSchema, rawContacts.invoice, emptyContact()),
    vat: fit('contacts.vat', VatSchema, rawContacts.vat, emptyContacts().vat),
    isValidShipping: fit(
      'contacts.isValidShipping',
      v.boolean(),
      rawContacts.isValidShipping,
      false,
    ),
    // Absent in a state saved before the box existed: then it is not confirmed, nothing dropped.
    ageConfirmed: rawContacts.ageConfirmed === true,
  }

  const conversation = keep('conversation', ConversationLineSchema, raw.conversation)

  const { payment, valid } = readPayment(raw.payment)
  if (!valid) dropped.push('payment')

  const lastActivity = fit('lastActivity', finite, raw.lastActivity, 0)
  // Older saved state has none: null (never confirmed) without a warning, so the next page asks.
  const sessionVersion = fit(
    'sessionVersion',
    v.nullable(v.string()),
    raw.sessionVersion ?? null,
    null,
  )
  // Older saved state has neither: a revision no tab wrote yet, and personal data of its own.
  const clock = fit('clock', ClockSchema, raw.clock ?? {}, {})
  const savedPersonalId = fit('personalId', v.optional(Id), raw.personalId, undefined)
  if (savedPersonalId === undefined) filled.push('personalId')

  const parts = ['session', 'cart', 'contacts', 'conversation', 'lastActivity']
  if (parts.every((part) => dropped.includes(part))) return null
  return {
    state: {
      session,
      cart,
      contacts,
      conversation,
      payment,
      lastActivity,
      sessionVersion,
      personalId: savedPersonalId ?? randomId(),
      clock,
    },
    dropped,
    filled,
  }
}

/**
 * The saved payment progress, or null when there is none. `valid` is false when something was
 * saved but does not have the progress's shape (it is then dropped with a warning).
 */
export function readPayment(value: unknown): { payment: PaymentProgress | null; valid: boolean } {
  if (value === undefined || value === null) return { payment: null, valid: true }
  return isPaymentProgress(value)
    ? { payment: value, valid: true }
    : { payment: null, valid: false }
}
