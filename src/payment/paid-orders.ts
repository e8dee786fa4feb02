/**
 * Order numbers that were charged, kept in localStorage so every tab of the browser sees them:
 * a duplicated tab (whose sessionStorage is a copy, order number included) finds its order here
 * and never pays it again. Only order numbers are kept, the last 50; paid cart ids likewise
 * (`PAID_CARTS_KEY`). The records here are read back with valibot schemas: what does not fit is
 * dropped with one warning (and the cleaned record written back), what fits is kept.
 */
import * as v from 'valibot'
import { reportError } from '../report/report'
import { isRecord } from '../domain/is-record'
import { localStore } from './pending-key'

export const PAID_ORDERS_KEY = 'wine-widgets:paid-orders'
const KEEP = 50

const IdSchema = v.pipe(v.string(), v.nonEmpty())

const warn = (message: string) => reportError({ area: 'payment', message, level: 'warn' })

/** The stored text of `key`; null when there is none or storage is refused. */
function stored(key: string): string | null {
  try {
    return localStore()?.getItem(key) ?? null
  } catch {
    return null
  }
}

function store(key: string, value: unknown): void {
  try {
    localStore()?.setItem(key, JSON.stringify(value))
  } catch {
    // Storage disabled or full: the Web Lock and the back office's idempotency still hold.
  }
}

/** JSON text read back; undefined when it is not JSON. */
function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * The ids kept under `key` (paid order numbers, paid cart ids). What does not fit (not a list, an
 * entry that is not a non-empty string) is dropped with one warning, and the rest written back.
 */
function read(key: string, what: string): string[] {
  const text = stored(key)
  if (text === null) return []
  const parsed = parse(text)
  const ids = Array.isArray(parsed) ? parsed.filter((id) => v.is(IdSchema, id)) : []
  if (!Array.isArray(parsed) || ids.length < parsed.length) {
    warn(`Discarded ${what} in localStorage "${key}" that do not fit.`)
    store(key, ids)
  }
  return ids
}

/** Adds `id` as the newest of the ids under `key`, keeping the last 50. */
function add(key: string, what: string, id: string): void {
  const ids = read(key, what).filter((kept) => kept !== id)
  ids.push(id)
  store(key, ids.slice(-KEEP))
}

export function isOrderPaid(orderId: string): boolean {
  return read(PAID_ORDERS_KEY, 'paid orders').includes(orderId)
}

export function recordPaidOrder(orderId: string): void {
  add(PAID_ORDERS_KEY, 'paid orders', orderId)
}

/**
 * Cart ids (`CartState.id`) whose content was charged, for every tab: two tabs sharing a cart (a
 * tab duplicated before Pay) both start a flow of their own, so the order number cannot tell them
 * apart; the cart id can. Checked inside the cart's Web Lock before a payment starts. Ids only,
 * the last 50, read back like the paid orders.
 */
export const PAID_CARTS_KEY = 'wine-widgets:paid-carts'

export function isCartPaid(cartId: string): boolean {
  return read(PAID_CARTS_KEY, 'paid carts').includes(cartId)
}

export function recordPaidCart(cartId: string): void {
  add(PAID_CARTS_KEY, 'paid carts', cartId)
}

/**
 * The steps after the charge that are done, per order number (order numbers and step names
 * only, the last 50 orders), for every tab: a tab whose progress is an older copy (a tab
 * duplicated while confirming or charged) skips what another tab did, even with a back office
 * that ignores `Idempotency-Key`. Read and written inside the order's Web Lock.
 */
export const ORDER_STEPS_KEY = 'wine-widgets:order-steps'
const StepSchema = v.picklist(['checkout', 'confirmation', 'redeemed', 'earned'])

/**
 * The steps done per order. What does not fit (not an object, an order whose steps are not a
 * list, a step of another name) is dropped with one warning, and the rest written back.
 */
function readSteps(): Record<string, string[]> {
  const text = stored(ORDER_STEPS_KEY)
  if (text === null) return {}
  const parsed = parse(text)
  if (!isRecord(parsed)) {
    warn(`Discarded corrupted order steps in localStorage "${ORDER_STEPS_KEY}".`)
    store(ORDER_STEPS_KEY, {})
    return {}
  }
  const steps: Record<string, string[]> = {}
  let dropped = false
  for (const [orderId, done] of Object.entries(parsed)) {
    if (!Array.isArray(done)) {
      dropped = true
      continue
    }
    const kept = done.filter((step) => v.is(StepSchema, step))
    steps[orderId] = kept
    if (kept.length < done.length) dropped = true
  }
  if (dropped) {
    warn(`Discarded order steps in localStorage "${ORDER_STEPS_KEY}" that do not fit.`)
    store(ORDER_STEPS_KEY, steps)
  }
  return steps
}

export function isStepDone(orderId: string, step: string): boolean {
  return readSteps()[orderId]?.includes(step) ?? false
}

export function recordStepDone(orderId: string, step: string): void {
  const steps = Object.entries(readSteps())
  const done = steps.find(([id]) => id === orderId)?.[1] ?? []
  // The order written last goes last: the oldest orders are the ones dropped.
  const entry: [string, string[]] = [orderId, done.includes(step) ? done : [...done, step]]
  const kept = [...steps.filter(([id]) => id !== orderId), entry].slice(-KEEP)
  store(ORDER_STEPS_KEY, Object.fromEntries(kept))
}
