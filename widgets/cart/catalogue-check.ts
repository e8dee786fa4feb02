/**
 * Reads the cart's lines again from the catalogue, when the cart page opens and when Pay is
 * pressed (before the order is created), and applies what changed to the cart
 * (`src/domain/cart-freshness.ts` decides). One request per product, in parallel: the wine's
 * variants (`getwinevariants`), the bundle (`getbundle`), the loyalty decision of each wine line.
 * React Query keeps each answer 30 s, per moment: the page's reading never stands in for Pay's,
 * so Pay sees a change made while the shopper filled in the checkout, and a second Pay right
 * after a refusal asks nothing again.
 *
 * A catalogue that cannot be read (error status, network, malformed answer, no answer within
 * CHECK_DEADLINE_MS, no rules service) never blocks the purchase: the failure is reported and the
 * line keeps its remembered figures; the back office has the last word. A 404 means the product
 * is no longer sold: out of stock.
 */
import { castDraft } from 'immer'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { createSubscribable } from '../../src/subscribable'
import { getBundle, getWineVariants, type WineVintage } from '../../src/api/products'
import {
  payVerdict,
  refreshCart,
  type CartChange,
  type CatalogueReading,
  type PayVerdict,
} from '../../src/domain/cart-freshness'
import type { CartLine, Locale, Promotion } from '../../src/domain/types'
import { HttpError } from '../../src/http/http'
import { pageSlot } from '../../src/page/page-context'
import { reportError } from '../../src/report/report'
import { getRulesService, loyaltyDate } from '../../src/services/rules'
import { announceQuantityMove, isCheckoutLockedNow } from '../../src/store/cart-actions'
import { announceCart } from '../../src/store/cart-changed'
import { getStore } from '../../src/store/shared-store'

/** When the catalogue is read: the cart page opening, or Pay. */
export type CheckMoment = 'open' | 'pay'

/** How long an answer stands for the catalogue (per moment, see above). */
export const CHECK_STALE_MS = 30_000
/** Pay waits this long at most for the catalogue; what has not answered keeps its figures. */
export const CHECK_DEADLINE_MS = 6_000

/** A degraded reading the cart works around (its remembered figures): a warning. */
const report = (message: string, error?: unknown, area: 'data' | 'promotions' = 'data') =>
  reportError({ widget: 'cart', area, message, error, level: 'warn' })

const variantsQuery = (moment: CheckMoment, line: CartLine, locale: Locale) =>
  queryOptions({
    queryKey: ['cart-check', moment, 'wine-variants', line.odooCode, locale] as const,
    queryFn: ({ signal }) =>
      getWineVariants({ odooCode: line.odooCode, locale, name: line.name }, signal),
    staleTime: CHECK_STALE_MS,
    retry: false,
  })

const bundleQuery = (moment: CheckMoment, line: CartLine, locale: Locale) =>
  queryOptions({
    queryKey: ['cart-check', moment, 'bundle', line.odooCode, locale] as const,
    queryFn: ({ signal }) => getBundle({ odooCode: line.odooCode, locale }, signal),
    staleTime: CHECK_STALE_MS,
    retry: false,
  })

/** The loyalty decision of a wine line; null without a rules service (nothing to compare). */
const promotionQuery = (moment: CheckMoment, line: CartLine) =>
  queryOptions({
    queryKey: [
      'cart-check',
      moment,
      'promotion',
      line.odooCode,
      line.vintage,
      line.volume,
    ] as const,
    queryFn: ({ signal }): Promise<Promotion | null> => {
      const service = getRulesService()
      if (!service || !line.vintage || !line.volume) return Promise.resolve(null)
      const context = { date: loyaltyDate(), wineCode: line.odooCode }
      return service.loyalty({ ...context, vintage: line.vintage, volume: line.volume }, signal)
    },
    staleTime: CHECK_STALE_MS,
    retry: false,
  })

type Settled<T> = { value: T } | { error: unknown } | { late: true }

/** Each read against one deadline: what has not answered by then counts as not read. */
function deadline(ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<{ late: true }>((resolve) => {
    timer = setTimeout(() => resolve({ late: true }), ms)
  })
  return {
    settle: <T>(read: Promise<T>): Promise<Settled<T>> =>
      Promise.race([
        read.then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
        late,
      ]),
    end: () => clearTimeout(timer),
  }
}

/** The reading of a failed read: a product the back office does not know (404) is gone. */
function failed(what: string, result: Settled<unknown>): CatalogueReading {
  if ('error' in result && result.error instanceof HttpError && result.error.status === 404)
    return { status: 'gone' }
  report(
    'late' in result
      ? `The catalogue did not answer in time for ${what}; the cart keeps its figures`
      : `The catalogue could not be read for ${what}; the cart keeps its figures`,
    'error' in result ? result.error : undefined,
  )
  return { status: 'unknown' }
}

function wineReading(
  line: CartLine,
  vintages: readonly WineVintage[],
  promotion: Settled<Promotion | null>,
): CatalogueReading {
  const vintage = vintages.find((v) => v.variants.some((x) => String(x.id) === line.id))
  const variant = vintage?.variants.find((x) => String(x.id) === line.id)
  // Not listed, or its vintage no longer sold: out of stock.
  if (!vintage?.active || !variant) return { status: 'gone' }
  if (!('value' in promotion))
    report(
      `The promotion of ${line.odooCode} ${line.vintage ?? ''} ${line.volume ?? ''} could not be read; the cart keeps it`,
      'error' in promotion ? promotion.error : undefined,
      'promotions',
    )
  return {
    status: 'listed',
    price: variant.price,
    qty_available: variant.qty_available,
    free_qty: variant.free_qty,
    promotion: 'value' in promotion ? promotion.value : null,
  }
}

type Limit = ReturnType<typeof deadline>

/** The readings of one wine's lines: its variants and each line's promotion, in parallel. */
async function readWine(
  client: QueryClient,
  lines: readonly CartLine[],
  locale: Locale,
  moment: CheckMoment,
  limit: Limit,
): Promise<[string, CatalogueReading][]> {
  const [first] = lines
  if (!first) return []
  const variantsRead = limit.settle(client.query(variantsQuery(moment, first, locale)))
  const promotionReads = lines.map((line) =>
    limit.settle(client.query(promotionQuery(moment, line))),
  )
  const variants = await variantsRead
  const promotions = await Promise.all(promotionReads)
  if (!('value' in variants)) {
    const reading = failed(first.odooCode, variants)
    return lines.map((line) => [line.id, reading])
  }
  return lines.map((line, i) => [
    line.id,
    wineReading(line, variants.value, promotions[i] ?? { value: null }),
  ])
}

/** The readings of one bundle's line(s). */
async function readBundle(
  client: QueryClient,
  lines: readonly CartLine[],
  locale: Locale,
  moment: CheckMoment,
  limit: Limit,
): Promise<[string, CatalogueReading][]> {
  const [first] = lines
  if (!first) return []
  const answer = await limit.settle(client.query(bundleQuery(moment, first, locale)))
  const reading: CatalogueReading =
    'value' in answer
      ? {
          status: 'listed',
          price: answer.value.bundle.price,
          qty_available: answer.value.bundle.qty_available,
          free_qty: answer.value.bundle.qty_available,
          promotion: null,
        }
      : failed(first.odooCode, answer)
  return lines.map((line) => [line.id, reading])
}

/** What the catalogue says now of each line, by line id. Never rejects. */
export async function readCatalogue(
  client: QueryClient,
  lines: readonly CartLine[],
  locale: Locale,
  moment: CheckMoment,
): Promise<Map<string, CatalogueReading>> {
  const products = new Map<string, CartLine[]>()
  for (const line of lines)
    products.set(line.odooCode, [...(products.get(line.odooCode) ?? []), line])
  const limit = deadline(CHECK_DEADLINE_MS)
  try {
    const readings = await Promise.all(
      [...products.values()].map((of) =>
        of[0]?.type === 'bundle'
          ? readBundle(client, of, locale, moment, limit)
          : readWine(client, of, locale, moment, limit),
      ),
    )
    return new Map(readings.flat())
  } finally {
    limit.end()
  }
}

const page = pageSlot(() => ({
  /** The changes the last reading that found any made, in the order of the lines. */
  changes: [] as CartChange[],
  /** The cart page's reading at its opening was started (once per page). */
  opened: false,
  listeners: createSubscribable(),
}))

function publish(changes: CartChange[]): void {
  const state = page.get()
  state.changes = changes
  state.listeners.notify()
}

const subscribe = (listener: () => void): (() => void) => page.get().listeners.subscribe(listener)

const changesNow = () => page.get().changes

/** The changes the notice names (the last reading that found any). */
export function useCatalogueChanges(): CartChange[] {
  return useSyncExternalStore(subscribe, changesNow, changesNow)
}

/**
 * Reads the cart's lines again and applies what changed: the store gets the catalogue's figures
 * (every root hears it), the notice the changes. Resolves to whether Pay may go on.
 */
export async function checkCart(
  client: QueryClient,
  locale: Locale,
  moment: CheckMoment,
): Promise<PayVerdict> {
  const store = getStore()
  const lines = store.getState().cart.lines
  if (lines.length === 0) return 'ok'
  const readings = await readCatalogue(client, lines, locale, moment)
  // A payment started while the page read: its own reading decides, on the cart it froze.
  if (moment === 'open' && isCheckoutLockedNow()) return 'ok'
  // The newest cart (the shopper may have changed it meanwhile, here or on another page of the
  // tab), with the new figures.
  const { freshness, changed } = store.update((d, newest) => {
    const fresh = refreshCart(newest.cart, readings)
    if (fresh.cart !== newest.cart) d.cart = castDraft(fresh.cart)
    return { freshness: fresh, changed: fresh.cart !== newest.cart }
  })
  if (changed) announceCart(freshness.cart)
  // A quantity lowered to the stock left the cart as surely as a minus did (the analytics'
  // remove_from_cart): told once, by the reading that lowered it.
  for (const change of freshness.changes) {
    if (change.kind === 'quantity') announceQuantityMove(change.line, change.from, change.to)
  }
  if (freshness.changes.length > 0) publish(freshness.changes)
  return payVerdict(freshness)
}

/** The cart page's reading when it opens: once per page, never under a payment. */
export function checkOnOpen(client: QueryClient, locale: Locale): void {
  const state = page.get()
  if (state.opened) return
  state.opened = true
  // A confirmation or a charge under way pays what it froze; its cart is read-only.
  if (isCheckoutLockedNow()) return
  void checkCart(client, locale, 'open')
}
