/**
 * A cart line remembers the price, stock and promotion of the moment it was added; a tab kept for
 * days holds yesterday's figures. `refreshCart` compares the lines with what the catalogue says
 * now (read when the cart page opens and when Pay is pressed), gives the cart the catalogue's
 * figures and names every change the shopper must be told about.
 *
 * Decisions:
 * - A line the catalogue could not be read for (error, timeout, malformed answer, no rules
 *   service for its promotion) keeps its remembered figures: the back office has the last word.
 * - A line no longer in the catalogue's answer (variant gone, vintage inactive, bundle unknown) is
 *   out of stock, like one whose stock is 0: it stays in the cart, marked, with its remembered
 *   price and promotion, and cannot be paid until the shopper removes it (`payVerdict`).
 * - A line back in stock is a change too (it becomes payable again).
 * - A quantity above the stock is lowered to the stock; a stock that still covers the quantity
 *   is taken silently (it only moves the plus button's limit).
 * - Prices are compared to the cent. A promotion that ended, began or changed is one change
 *   (from, to); "points ×1" counts as no promotion. A bundle's promotion is not looked up (none
 *   is ever given to bundles), nor are its free-shipping flag and wines: the back office decides.
 * - A cart in which nothing changed comes back as the same object.
 */
import { withLines } from './cart'
import { toCents } from './money'
import { normalizePromotion } from './points'
import { isOutOfStock } from './quantity'
import { wholeCount } from './to-number'
import type { CartLine, CartState, Promotion } from './types'

/** What the catalogue says of one cart line now. */
export type CatalogueReading =
  /** Not read: the remembered figures stay. */
  | { status: 'unknown' }
  /** Not in the catalogue's answer any more. */
  | { status: 'gone' }
  | {
      status: 'listed'
      /** EUR, VAT included. */
      price: number
      qty_available: number
      free_qty: number
      /** The loyalty decision; null when it could not be read (the remembered one stays). */
      promotion: Promotion | null
    }

/** The catalogue's readings by line id (`CartLine.id`); a line without one is not read. */
export type CatalogueReadings = ReadonlyMap<string, CatalogueReading>

interface ChangeOf {
  /** The line as the cart now holds it. */
  line: CartLine
}

export type CartChange = ChangeOf &
  (
    | { kind: 'price'; from: number; to: number }
    /** The quantity was lowered to what is in stock. */
    | { kind: 'quantity'; from: number; to: number }
    | { kind: 'sold-out' }
    | { kind: 'back-in-stock' }
    /** A promotion ended (`to` is none), began (`from` is none) or changed. */
    | { kind: 'promotion'; from: Promotion; to: Promotion }
  )

export interface Freshness {
  cart: CartState
  /** In the order of the lines. */
  changes: CartChange[]
}

const promotionKey = (p: Promotion): string => JSON.stringify(normalizePromotion(p))

/** Whether two promotions give the shopper the same thing. */
export function samePromotion(a: Promotion, b: Promotion): boolean {
  return promotionKey(a) === promotionKey(b)
}

/** A line with the catalogue's figures, and what the shopper is told of them. */
function refreshed(
  line: CartLine,
  reading: CatalogueReading | undefined,
): { line: CartLine; changes: CartChange[] } {
  if (!reading || reading.status === 'unknown') return { line, changes: [] }
  const wasOut = isOutOfStock(line.qty_available)
  if (reading.status === 'gone' || isOutOfStock(reading.qty_available)) {
    if (wasOut) return { line, changes: [] }
    const next = { ...line, qty_available: 0, free_qty: 0 }
    return { line: next, changes: [{ kind: 'sold-out', line: next }] }
  }
  const priceChanged = toCents(line.price) !== toCents(reading.price)
  const promotion =
    reading.promotion && !samePromotion(line.promotion, reading.promotion)
      ? normalizePromotion(reading.promotion)
      : line.promotion
  const next: CartLine = {
    ...line,
    price: priceChanged ? reading.price : line.price,
    quantity: Math.min(wholeCount(line.quantity), wholeCount(reading.qty_available)),
    qty_available: reading.qty_available,
    free_qty: reading.free_qty,
    promotion,
  }
  const changes: CartChange[] = []
  if (wasOut) changes.push({ kind: 'back-in-stock', line: next })
  if (priceChanged) changes.push({ kind: 'price', line: next, from: line.price, to: next.price })
  if (next.quantity !== line.quantity)
    changes.push({ kind: 'quantity', line: next, from: line.quantity, to: next.quantity })
  if (promotion !== line.promotion)
    changes.push({ kind: 'promotion', line: next, from: line.promotion, to: promotion })
  const silent = next.qty_available !== line.qty_available || next.free_qty !== line.free_qty
  return changes.length > 0 || silent ? { line: next, changes } : { line, changes }
}

/** The cart with the catalogue's figures, and every change the shopper must be told about. */
export function refreshCart(cart: CartState, readings: CatalogueReadings): Freshness {
  const results = cart.lines.map((line) => refreshed(line, readings.get(line.id)))
  if (results.every((r, i) => r.line === cart.lines[i])) return { cart, changes: [] }
  return {
    cart: withLines(
      cart,
      results.map((r) => r.line),
    ),
    changes: results.flatMap((r) => r.changes),
  }
}

/** The lines that cannot be paid: out of stock (kept in the cart until the shopper removes them). */
export function soldOutLines(cart: CartState): CartLine[] {
  return cart.lines.filter((line) => isOutOfStock(line.qty_available))
}

/**
 * Whether Pay may go on after the catalogue was read again: `changed` when the cart changed (the
 * shopper sees the new figures and presses Pay again), `sold-out` while a line is out of stock.
 */
export type PayVerdict = 'ok' | 'changed' | 'sold-out'

export function payVerdict({ cart, changes }: Freshness): PayVerdict {
  if (changes.length > 0) return 'changed'
  return soldOutLines(cart).length > 0 ? 'sold-out' : 'ok'
}
