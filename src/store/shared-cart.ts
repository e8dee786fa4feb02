/**
 * The cart as the tabs share it in localStorage, beside each tab's own copy in sessionStorage: a
 * tab opened without an opener (typed, bookmarked, restored, `rel=noopener`) starts from it at its
 * first render. Only the cart and what dates and orders it: contacts, the user and the
 * conversation are personal and never leave the tabs' sessionStorage (they reach a new tab from a
 * live one over the tab link). Older than the 30-minute expiry, it is removed unread.
 */
import type { CartState } from '../domain/types'
import type { Clock } from './tab-clock'
import { localStore } from './web-storage'
import { STORAGE_VERSION } from './storage-key'
import { emptyContacts, loggedOutSession } from './state'
import { isRecord } from '../domain/is-record'
import { readJson } from './read-json'
import type { SavedStateReader } from './store-types'

export const SHARED_CART_KEY = `wine-widgets:v${STORAGE_VERSION}:cart`

export interface SharedCart {
  cart: CartState
  lastActivity: number
  personalId: string
  clock: Clock
}

type Area = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The shared cart's text, or null (nothing shared, or localStorage refused). */
export function sharedCartText(storage: Area | null = localStore()): string | null {
  try {
    return storage?.getItem(SHARED_CART_KEY) ?? null
  } catch {
    return null
  }
}

/** Saves what the tabs share of the cart; a full or refused storage only costs new tabs the cart. */
export function writeSharedCart(storage: Area | null, value: SharedCart): void {
  try {
    storage?.setItem(SHARED_CART_KEY, JSON.stringify(value))
  } catch {
    /* each tab still has its copy, and live tabs still hear every change */
  }
}

export function removeSharedCart(storage: Area | null): void {
  try {
    storage?.removeItem(SHARED_CART_KEY)
  } catch {
    /* nothing to clean */
  }
}

/**
 * Only the revision of the shared cart `text` holds (null when it has none that reads): what a
 * write compares with, without checking the whole cart on every change.
 */
export function sharedCartClock(text: string | null): Clock | null {
  const raw = text === null ? undefined : readJson(text)
  if (!isRecord(raw) || !isRecord(raw.clock)) return null
  const ticks = Object.values(raw.clock)
  return ticks.every((t) => typeof t === 'number' && Number.isFinite(t))
    ? // Every value was just checked to be a finite number.
      (raw.clock as Clock)
    : null
}

/**
 * The shared cart `text` holds, checked as the saved state's cart is (with the saved-state
 * reader); null unless all of it fits: a tab then starts from its own copy.
 */
export function readSharedCart(text: string, read: SavedStateReader): SharedCart | null {
  const raw = readJson(text)
  if (!isRecord(raw)) return null
  const reading = read({
    session: loggedOutSession(),
    cart: raw.cart,
    contacts: emptyContacts(),
    conversation: [],
    lastActivity: raw.lastActivity,
    personalId: raw.personalId,
    clock: raw.clock,
  })
  if (!reading || reading.dropped.length > 0 || reading.filled?.length) return null
  const { cart, lastActivity, personalId, clock } = reading.state
  return { cart, lastActivity, personalId, clock }
}
