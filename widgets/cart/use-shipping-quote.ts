import { useCallback, useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { shippingContext, type ShippingContext } from '../../src/domain/checkout'
import { quoteShipping } from '../../src/services/rules'
import { useCartTotals, useCheckoutLocked } from '../../src/store/cart-actions'
import { destinationKey, setShippingQuote, useContacts } from '../../src/store/contacts-actions'
import { reportError } from '../../src/report/report'
import { BACKOFF_MS, backoffDelay } from '../../src/payment/retryer'

/** Waits before asking again after the 1st, 2nd… failure; the last one repeats (every 30 s). */
export const SHIPPING_RETRY_DELAYS_MS = BACKOFF_MS

/** How long to wait after `failures` failed quotes in a row (at least 1). */
export const shippingRetryDelay = (failures: number): number => backoffDelay(failures)

export type ShippingQuoteStatus = 'idle' | 'pending' | 'done' | 'failed'

/** The shipping fee of one context (destination and cart figures), a React Query query. */
export const shippingQuoteKey = (context: ShippingContext | null) =>
  ['shipping-quote', context] as const

/**
 * Keeps the shipping fee of the delivery destination up to date: asks the rules
 * service's shipping decision when zip (longer than 3 characters), city and country are set, and
 * again when the destination or the cart changes (the query's key is that context, so a context
 * seen before answers from the cache). A failure (error status, no answer, a slow or malformed
 * answer) is only logged and the fee stays unknown, never free; React Query asks again
 * with the checkout's shared backoff (`retryer.ts`: 1, 2, 4, 8, 16, then every 30 s), or at once with `retry`, and the store gets the
 * fee as soon as one arrives (Pay opens then). While a payment is under way nothing is asked and
 * the fee being paid stays; once the checkout is editable again, the current context's fee is
 * applied (a content changed meanwhile by another widget's add-to-cart is a new query).
 */
export function useShippingQuote(): { status: ShippingQuoteStatus; retry: () => void } {
  const { delivery } = useContacts()
  const { totals } = useCartTotals()
  const context = shippingContext(delivery, totals)
  // React Query compares keys by value; effects and callbacks depend on the same value.
  const contextKey = JSON.stringify(context)
  const destination = destinationKey(delivery)
  const locked = useCheckoutLocked()
  const client = useQueryClient()
  const queryKey = shippingQuoteKey(context)

  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      if (!context) throw new Error('No shipping destination')
      try {
        return await quoteShipping(context, { signal })
      } catch (error) {
        // Logged once per failure, not again by each automatic try that follows (their count
        // starts from 0 on every new fetch, a Try again too); an abort (a newer context, the
        // page leaving) is no failure.
        const tries = client.getQueryState(queryKey)?.fetchFailureCount ?? 0
        if (!signal.aborted && tries === 0)
          reportError({
            widget: 'cart',
            area: 'checkout',
            message: 'Shipping calculation failed',
            error,
          })
        throw error
      }
    },
    // No quote without a destination, none while a payment is under way.
    enabled: context !== null && !locked,
    retry: true,
    // React Query counts the failures before this wait from 0.
    retryDelay: (failuresBefore) => shippingRetryDelay(failuresBefore + 1),
    staleTime: 5 * 60_000,
  })

  const failed = query.data === undefined && query.failureCount > 0
  // The store holds the fee of the current destination: the answer, or unknown after a failure.
  useEffect(() => {
    if (!context || locked) return
    if (query.data !== undefined) setShippingQuote(query.data, destination)
    else if (failed) setShippingQuote(null, destination)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `context` is `contextKey` by value
  }, [contextKey, destination, locked, query.data, failed])

  const retry = useCallback(() => {
    // At once, also while React Query waits before its next try (a refetch would join it).
    void client.cancelQueries({ queryKey }).then(() => client.refetchQueries({ queryKey }))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `queryKey` is `contextKey` by value
  }, [client, contextKey])

  if (!context) return { status: 'idle', retry }
  return { status: query.data !== undefined ? 'done' : failed ? 'failed' : 'pending', retry }
}
