/**
 * Order numbers that were charged, kept in localStorage so every tab of the browser sees them:
 * a duplicated tab (whose sessionStorage is a copy, order number included) finds its order here
 * and never pays it again. Only order numbers are kept, the last 50.
 */
import { reportError } from '../report/report'
import { localStore } from './pending-key'

export const PAID_ORDERS_KEY = 'wine-widgets:paid-orders'
const KEEP = 50

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStore()?.getItem(PAID_ORDERS_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

export function isOrderPaid(orderId: string): boolean {
  return read().includes(orderId)
}

export function recordPaidOrder(orderId: string): void {
  const orders = read().filter((id) => id !== orderId)
  orders.push(orderId)
  try {
    localStore()?.setItem(PAID_ORDERS_KEY, JSON.stringify(orders.slice(-KEEP)))
  } catch {
    // Storage disabled or full: the Web Lock and the back office's idempotency still hold.
  }
}

/**
 * The steps after the charge that are done, per order number (order numbers and step names
 * only, the last 50 orders), for every tab: a tab whose progress is an older copy (a tab
 * duplicated while confirming or charged) skips what another tab did, even with a back office
 * that ignores `Idempotency-Key`. Read and written inside the order's Web Lock.
 */
export const ORDER_STEPS_KEY = 'wine-widgets:order-steps'
const STEP_NAMES: readonly string[] = ['checkout', 'confirmation', 'redeemed', 'earned']

function readSteps(): Record<string, string[]> {
  let parsed: unknown
  try {
    parsed = JSON.parse(localStore()?.getItem(ORDER_STEPS_KEY) ?? '{}')
  } catch {
    parsed = null
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    reportError({
      area: 'payment',
      level: 'warn',
      message: `Discarded corrupted order steps in localStorage "${ORDER_STEPS_KEY}".`,
    })
    return {}
  }
  const steps: Record<string, string[]> = {}
  for (const [orderId, done] of Object.entries(parsed)) {
    if (Array.isArray(done))
      steps[orderId] = done.filter(
        (s): s is string => typeof s === 'string' && STEP_NAMES.includes(s),
      )
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
  try {
    localStore()?.setItem(ORDER_STEPS_KEY, JSON.stringify(Object.fromEntries(kept)))
  } catch {
    // Storage disabled or full: the Web Lock and the back office's idempotency still hold.
  }
}
