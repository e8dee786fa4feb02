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
import { readJson } from '../store/read-json'
import { localStore } from '../store/web-storage'
import { KEEP_IDS, idList } from '../store/id-list'
import { isMarkedPaid, markPaid } from './order-lock'

export const PAID_ORDERS_KEY = 'wine-widgets:paid-orders'

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

/** A list of ids for every tab (localStorage), its warnings reported under `payment`. */
const paymentIdList = (key: string, what: string) =>
  idList({ key, what, area: 'payment', storage: localStore })

const paidOrders = paymentIdList(PAID_ORDERS_KEY, 'paid orders')

export const isOrderPaid = (orderId: string): boolean => paidOrders.has(orderId)

export const recordPaidOrder = (orderId: string): void => paidOrders.add(orderId)

/**
 * Cart ids (`CartState.id`) whose content was charged, for every tab: two tabs sharing a cart (a
 * tab duplicated before Pay) start flows of their own when their contents differ, so the order
 * number cannot tell them apart; the cart id can. Checked inside the cart's Web Lock before a payment starts. Ids only,
 * the last 50, read back like the paid orders.
 */
export const PAID_CARTS_KEY = 'wine-widgets:paid-carts'

const paidCarts = paymentIdList(PAID_CARTS_KEY, 'paid carts')

export const isCartPaid = (cartId: string): boolean => paidCarts.has(cartId)

export const recordPaidCart = (cartId: string): void => paidCarts.add(cartId)

/**
 * The charge succeeded: the order number and the cart id are recorded for every tab, and marked
 * while this page lives (`markPaid`); resolves once the marks are held, before the locks go.
 */
export async function recordPaid(orderId: string, cartId?: string): Promise<void> {
  recordPaidOrder(orderId)
  if (cartId) recordPaidCart(cartId)
  await Promise.all([markPaid(`order:${orderId}`), cartId && markPaid(`cart:${cartId}`)])
}

/**
 * Paid by some tab, as far as can be known now, inside a lock: the record, or the mark of the
 * tab that paid (its record may not have reached this tab's copy of localStorage yet).
 */
export const isOrderPaidByAnyTab = async (orderId: string): Promise<boolean> =>
  isOrderPaid(orderId) || isMarkedPaid(`order:${orderId}`)

export const isCartPaidByAnyTab = async (cartId: string): Promise<boolean> =>
  isCartPaid(cartId) || isMarkedPaid(`cart:${cartId}`)

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
  const parsed = readJson(text)
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
  const kept = [...steps.filter(([id]) => id !== orderId), entry].slice(-KEEP_IDS)
  store(ORDER_STEPS_KEY, Object.fromEntries(kept))
}

/** A step done after the charge, recorded for every tab and marked while this page lives. */
export async function recordStepDoneByThisTab(orderId: string, step: string): Promise<void> {
  recordStepDone(orderId, step)
  await markPaid(`step:${orderId}:${step}`)
}

/** Done by some tab, as far as can be known now, inside the order's lock (see `isOrderPaidByAnyTab`). */
export const isStepDoneByAnyTab = async (orderId: string, step: string): Promise<boolean> =>
  isStepDone(orderId, step) || isMarkedPaid(`step:${orderId}:${step}`)
