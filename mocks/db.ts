import { USERS } from '../fixtures/users'
import type { FixtureUser } from '../fixtures/types'
import type { CallName, Fault } from './faults'
import { stripeServer } from './stripe-server'
import { isRecord } from '../src/domain/is-record'
import type { PricedOrder } from './order-pricing'

/** One request the mock server received, in arrival order. */
export interface RecordedCall {
  call: CallName
  method: string
  /** Path and query string (the origin is left out). */
  url: string
  /** The parsed body: JSON value, form fields as strings, text, or null. */
  payload: unknown
  /**
   * Set when a fault answered instead of the normal handler. `lost`: the handler ran (its effect
   * happened) but the client got a network error.
   */
  fault?: Fault['kind']
  /** The request's `Idempotency-Key` header, when it sent one. */
  idempotencyKey?: string
  /** True when the stored answer of an earlier call with the same key was sent again. */
  replayed?: true
  /** True when the key had been used with another body (answered 422, no effect). */
  reusedKey?: true
}

/** An answer kept for `Idempotency-Key` replays (mocks/route.ts). */
export interface IdempotentAnswer {
  status: number
  /** The JSON body. */
  body: unknown
  /** The canonical body of the request it answered (contract/canonical-body.ts). */
  request?: string
}

export interface MockOrder {
  orderNumber: string
  locale: string
  contacts: unknown
  cartlines: unknown
  /** `checked-out` once: checking it out again answers 409. */
  status: 'created' | 'checked-out'
  /** The last confirmation e-mail's fields (as strings), or null. */
  confirmation: Record<string, string> | null
  /** How many confirmation e-mails were sent for this order (replays of a keyed call excluded). */
  confirmationsSent: number
  /** Who was logged in when it was created (null: nobody). */
  customerEmail: string | null
  /** The back office's own figures for it (mocks/order-pricing.ts), not the browser's. */
  priced: PricedOrder
  /** The points its payment intent redeems (the amount charged below the total). */
  redeemedPoints: number
  /** Paid without a charge: checked out with the droplets covering its whole total. */
  coveredByPoints?: true
  /** The kinds of points already booked for it (each at most once). */
  pointsBooked: ('redeemed' | 'earned')[]
}

export interface MockDb {
  /** The token `GET /cp/auth/token` hands out; account calls must send it. */
  csrfToken: string
  /** Email of the logged-in user, or null. */
  sessionEmail: string | null
  /** Accounts (fixtures plus those created); `points` changes with updateuserpoints. */
  users: FixtureUser[]
  orders: MockOrder[]
  nextOrderNumber: number
  pointUpdates: { userEmail: string; date: string; document: string; points: number }[]
  paymentIntents: {
    id: string
    client_secret: string
    amount_total: number
    orderId: string
    customer_email: string
  }[]
  resetLinks: { email: string; locale: string; resetUrl: string }[]
  calls: RecordedCall[]
  /**
   * Answers of POSTs sent with an `Idempotency-Key`, by `${call} ${key}`
   * (`idempotencyEntry(call, key)`): a request with a known key gets the stored answer again.
   */
  idempotent: Record<string, IdempotentAnswer>
  /**
   * The rate limits' counters (mocks/rate-limits.ts): the times (ms) of the attempts within the
   * window, by `${path} ${key} ${value}`.
   */
  rateLimits: Record<string, number[]>
}

function freshDb(): MockDb {
  return {
    csrfToken: 'csrf-token-1',
    sessionEmail: null,
    users: USERS.map((u) => ({ ...u })),
    orders: [],
    nextOrderNumber: 4201,
    pointUpdates: [],
    paymentIntents: [],
    resetLinks: [],
    calls: [],
    idempotent: {},
    rateLimits: {},
  }
}

/**
 * The mock server's state. One object for the whole session: tests and the browser console read
 * it (`window.__wineMocks.db`), so reset replaces its contents, never the object.
 */
export const db: MockDb = freshDb()

export const DB_STORAGE_KEY = 'wine-mocks:db'
/** The browser keeps the last calls only, so sessionStorage stays small. */
const MAX_PERSISTED_CALLS = 200

let storage: Storage | null = null

/**
 * Browser only: keep the db in sessionStorage so a reload keeps the user logged in. Loads the
 * stored state (when valid) into `db`.
 */
export function persistDbIn(target: Storage | null): void {
  storage = target
  if (!target) return
  try {
    const text = target.getItem(DB_STORAGE_KEY)
    if (!text) return
    const stored: unknown = JSON.parse(text)
    if (isRecord(stored) && Array.isArray(stored.users)) Object.assign(db, freshDb(), stored)
  } catch {
    console.warn(`[wine-mocks] ${DB_STORAGE_KEY} could not be read; starting fresh`)
  }
}

/** Write the db to storage (browser only; a no-op in node tests). */
export function saveDb(): void {
  if (!storage) return
  try {
    storage.setItem(
      DB_STORAGE_KEY,
      JSON.stringify({ ...db, calls: db.calls.slice(-MAX_PERSISTED_CALLS) }),
    )
  } catch {
    // A full or disabled sessionStorage must not break the mocks: state then lasts one page.
  }
}

/** Fresh state (node tests: after each test), and a fresh Stripe (mocks/stripe-server.ts). */
export function resetDb(): void {
  // freshDb() sets every key, so assigning replaces the whole state.
  Object.assign(db, freshDb())
  saveDb()
  stripeServer.reset()
}

/** The `db.idempotent` key of a call's `Idempotency-Key`. */
export const idempotencyEntry = (call: CallName, key: string): string => `${call} ${key}`

export const findUser = (email: string): FixtureUser | undefined =>
  db.users.find((u) => u.email.toLowerCase() === email.trim().toLowerCase())

export const currentUser = (): FixtureUser | undefined =>
  db.sessionEmail ? findUser(db.sessionEmail) : undefined

/** Calls of one name, in order (test helper). */
export const callsOf = (call: CallName): RecordedCall[] => db.calls.filter((c) => c.call === call)
