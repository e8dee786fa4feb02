import { useCallback, useEffect, useRef, useState } from 'react'
import { shippingContext } from '../../src/domain/checkout'
import { quoteShipping } from '../../src/services/rules'
import { isCheckoutLockedNow, useCartTotals, useCheckoutLocked } from '../../src/store/cart-actions'
import { destinationKey, setShippingQuote, useContacts } from '../../src/store/contacts-actions'
import { reportError } from '../../src/report/report'

/** The longest wait between two tries: once reached, every next try waits this long. */
const MAX_RETRY_DELAY_MS = 30_000

/** Waits before asking again after the 1st, 2nd… failure; the last one repeats (every 30 s). */
export const SHIPPING_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, MAX_RETRY_DELAY_MS]

/** How long to wait after `failures` failed quotes in a row (at least 1). */
export const shippingRetryDelay = (failures: number): number =>
  SHIPPING_RETRY_DELAYS_MS[Math.max(failures, 1) - 1] ?? MAX_RETRY_DELAY_MS

export type ShippingQuoteStatus = 'idle' | 'pending' | 'done' | 'failed'

type Outcome = { key: string; status: 'done' } | { key: string; status: 'failed'; failures: number }

/**
 * Keeps the shipping fee of the delivery destination up to date (spec 5 and 7): asks the rules
 * service's shipping decision when zip (longer than 3 characters), city and country are set, and
 * again when the destination or the cart changes. A failure (error status, no answer, a slow or
 * malformed answer) is only logged (spec 8) and the fee stays unknown, never free; the quote is
 * asked again with backoff (1, 2, 4, 8, 16, then every 30 s) or at once with `retry`, and the
 * store gets the fee as soon as one arrives (Pay opens then). While a payment is under way the
 * fee being paid stays (nothing is asked); once the checkout is editable again, a content that
 * changed meanwhile (another widget's add-to-cart) is quoted afresh.
 */
export function useShippingQuote(): { status: ShippingQuoteStatus; retry: () => void } {
  const { delivery } = useContacts()
  const { totals } = useCartTotals()
  const context = shippingContext(delivery, totals)
  const key = context ? JSON.stringify(context) : null
  const destination = destinationKey(delivery)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  /** Bumped to ask again (a retry); the quote effect depends on it. */
  const [round, setRound] = useState(0)
  const locked = useCheckoutLocked()
  /** The context, destination and round whose fee the store holds (no second ask on unlock). */
  const applied = useRef<string | null>(null)

  useEffect(() => {
    // No quote without a destination; `updateContact` already dropped `isValidShipping` when
    // the destination changed. None while a payment is under way either.
    if (!key || locked) return
    const asked = JSON.stringify([key, destination, round])
    if (applied.current === asked) return
    const controller = new AbortController()
    quoteShipping(JSON.parse(key), { signal: controller.signal }).then(
      (cost) => {
        // An answer that arrives once Pay was pressed is not taken: it is asked again after.
        if (isCheckoutLockedNow()) return
        setShippingQuote(cost, destination)
        applied.current = asked
        setOutcome({ key, status: 'done' })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        reportError({
          widget: 'cart',
          area: 'checkout',
          message: 'Shipping calculation failed',
          error,
        })
        setShippingQuote(null, destination)
        setOutcome((previous) => ({
          key,
          status: 'failed',
          failures:
            previous?.key === key && previous.status === 'failed' ? previous.failures + 1 : 1,
        }))
      },
    )
    return () => controller.abort()
  }, [key, destination, round, locked])

  // After a failure, ask again later (a new outcome object per failure restarts the wait).
  useEffect(() => {
    if (outcome?.status !== 'failed' || outcome.key !== key) return
    const timer = window.setTimeout(
      () => setRound((r) => r + 1),
      shippingRetryDelay(outcome.failures),
    )
    return () => window.clearTimeout(timer)
  }, [outcome, key])

  const retry = useCallback(() => setRound((r) => r + 1), [])
  if (!key) return { status: 'idle', retry }
  return { status: outcome?.key === key ? outcome.status : 'pending', retry }
}
