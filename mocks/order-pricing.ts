/**
 * What the mock back office charges for an order, as the contract asks of the site
 * (createorderinodoo, createpaymentintent, updateuserpoints): every line recomputed from the
 * catalogue as it is now (mocks/catalogue.ts), only the product identities and quantities taken
 * from the browser's lines; the shipping fee from the same rules the shipping decision answers;
 * the points of a paid order from its recomputed lines and the redemption recorded with its
 * payment intent. The widgets' own cart arithmetic (src/domain) does the sums, so a cart the
 * catalogue agrees with is charged exactly what the shopper saw.
 */
import { cartTotals } from '../src/domain/cart'
import { isRecord } from '../src/domain/is-record'
import { toCents } from '../src/domain/money'
import { NO_PROMOTION, orderPoints } from '../src/domain/points'
import { MIN_REDEEM_POINTS, redemptionAmount } from '../src/domain/redemption'
import { wholeCount } from '../src/domain/to-number'
import type { CartLine, Locale } from '../src/domain/types'
import { catalogueBundle, cataloguePromotion, catalogueVintages } from './catalogue'
import { shippingCost } from './rules'

/** An order's figures as the back office computed them at creation. */
export interface PricedOrder {
  lines: CartLine[]
  subTotal: number
  shippingCost: number
  /** subtotal + shipping, before points (EUR). */
  total: number
}

/** The catalogue's line for what the browser's line names, or why it is not on sale. */
function catalogueLine(raw: unknown, locale: Locale): CartLine | string {
  if (!isRecord(raw)) return 'A cart line is not an object.'
  const odooCode = typeof raw.odooCode === 'string' ? raw.odooCode : ''
  const quantity = Number(raw.quantity)
  if (!Number.isInteger(quantity) || quantity < 1)
    return `The quantity of ${odooCode} must be a whole number of at least 1.`
  const base = { odooCode, quantity, name: '', free_qty: 0 }
  if (raw.type === 'bundle') {
    const answer = catalogueBundle(odooCode, locale)
    if (!answer) return `The bundle ${odooCode} is not on sale.`
    const { bundle, wines } = answer
    return {
      ...base,
      id: odooCode,
      odooId: bundle.id,
      name: bundle.name,
      vintage: null,
      volume: null,
      price: bundle.price,
      qty_available: bundle.qty_available,
      type: 'bundle',
      wines: wines.map((w) => ({ id: w.id, name: w.name, quantity: w.quantity })),
      free_shipping: bundle.free_shipping,
      promotion: NO_PROMOTION,
    }
  }
  const odooId = Number(raw.odooId)
  for (const vintage of catalogueVintages(odooCode, locale) ?? []) {
    const variant = vintage.variants.find((v) => v.id === odooId)
    if (!variant) continue
    return {
      ...base,
      id: String(variant.id),
      odooId,
      vintage: vintage.vintage,
      volume: variant.volume,
      price: variant.price,
      qty_available: variant.qty_available,
      type: 'product',
      wines: [],
      free_shipping: false,
      promotion: cataloguePromotion(odooCode, vintage.vintage, variant.volume),
    }
  }
  return `The wine ${odooCode} (variant ${odooId}) is not on sale.`
}

/**
 * The order the browser's cart lines and delivery country make, priced by the back office, or
 * the 422 message naming the first line it does not sell.
 */
export function priceOrder(
  cartlines: readonly unknown[],
  countryCode: string,
  locale: Locale,
): PricedOrder | string {
  const lines: CartLine[] = []
  for (const raw of cartlines) {
    const line = catalogueLine(raw, locale)
    if (typeof line === 'string') return line
    lines.push(line)
  }
  const totals = cartTotals({
    id: 'order',
    orderId: null,
    lines,
    shippingCost: 0,
    redeemedPoints: 0,
    redeemedPointsAmount: 0,
  })
  const shipping = shippingCost({
    cartAmount: totals.subTotal,
    bottles: totals.bottles,
    free: totals.freeShipping,
    countryCode,
  })
  return {
    lines,
    subTotal: totals.subTotal,
    shippingCost: shipping,
    total: (toCents(totals.subTotal) + toCents(shipping)) / 100,
  }
}

/**
 * The points an intent of `amountCents` redeems on this order: 0 when it charges the whole
 * total, the one count whose discount is the difference (at least the minimum, at most the
 * balance and the subtotal), or null for any other amount (the intent is refused, 409).
 */
export function redeemedBy(
  order: PricedOrder,
  amountCents: number,
  balance: number,
): number | null {
  const discount = toCents(order.total) - amountCents
  if (discount === 0) return 0
  if (discount < 0 || discount > toCents(order.subTotal)) return null
  // The discount grows with the points, so at most one count gives it.
  for (let points = MIN_REDEEM_POINTS; points <= wholeCount(balance); points++)
    if (toCents(redemptionAmount(points)) === discount) return points
  return null
}

/**
 * The points that pay an order the droplets cover entirely (nothing charged, no intent): the
 * fewest whose discount reaches its total (the total is never below 0), or null when the balance
 * cannot.
 */
export function coveringPoints(order: PricedOrder, balance: number): number | null {
  for (let points = MIN_REDEEM_POINTS; points <= wholeCount(balance); points++)
    if (toCents(redemptionAmount(points)) >= toCents(order.total)) return points
  return null
}

/** The points a paid order earns: its recomputed lines and their promotions. */
export const earnedPoints = (order: PricedOrder): number => orderPoints(order.lines)
