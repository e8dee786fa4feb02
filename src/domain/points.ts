/**
 * Loyalty points ("droplets") earned by an order.
 *
 * Points per line = floor((quantity × price + 5) / 10) × multiplier, where the multiplier is the
 * promotion's `points` when its type is `points`, else 1. A `points` promotion of 1 point is the
 * same as none. quantity × price is rounded to cents first (the amount the shopper sees), so
 * 1 × 14.995 counts as 15.00 → 2 points. A line with quantity ≤ 0 or a broken price earns 0.
 *
 * `normalizePromotion` reads the rules service's loyalty answer. It accepts the whole response
 * (`{ result: { output: {…} } }`), its `result`/`output` or the bare `{ type, points, bogof }`.
 * Anything it cannot trust becomes NO_PROMOTION ("the promotion falls back to none"):
 * - type is compared case-insensitively after trimming; an unknown type is none;
 * - `points`: the multiplier (a number or numeric string) is floored; ≤ 1 or not finite → none;
 * - `bogof`: `bo` and `gof` must both be whole numbers ≥ 1, otherwise none.
 */
import { roundCents } from './money'
import { toNumber } from './to-number'
import type { CartLine, Promotion } from './types'

/**
 * No promotion: no bonus, no free bottle. Here, not in types.ts: that module is in the library's
 * entry (locales), and a value there is downloaded on every page.
 */
export const NO_PROMOTION: Promotion = { type: 'none', points: 1, bogof: null }
import { isRecord } from './is-record'

export type PointsLine = Pick<CartLine, 'quantity' | 'price' | 'promotion'>

function unwrap(raw: unknown): Record<string, unknown> | null {
  let current: unknown = raw
  // At most two envelopes: { result: { output: { … } } }.
  for (let depth = 0; depth < 3 && isRecord(current); depth += 1) {
    if ('type' in current) return current
    current = 'result' in current ? current.result : current.output
  }
  return null
}

export function normalizePromotion(raw: unknown): Promotion {
  const answer = unwrap(raw)
  if (!answer || typeof answer.type !== 'string') return NO_PROMOTION
  const type = answer.type.trim().toLowerCase()
  if (type === 'points') {
    // Not a number (null) counts as 0: no promotion.
    const points = Math.floor(toNumber(answer.points) ?? 0)
    if (points <= 1) return NO_PROMOTION
    return { type: 'points', points, bogof: null }
  }
  if (type === 'bogof' && isRecord(answer.bogof)) {
    const bo = toNumber(answer.bogof.bo) ?? 0
    const gof = toNumber(answer.bogof.gof) ?? 0
    if (Number.isInteger(bo) && Number.isInteger(gof) && bo >= 1 && gof >= 1) {
      return { type: 'bogof', points: 1, bogof: { bo, gof } }
    }
  }
  return NO_PROMOTION
}

/** The points multiplier of a promotion: its `points` for a `points` promotion above 1, else 1. */
export function pointsMultiplier(promotion: Promotion | null | undefined): number {
  if (!promotion || promotion.type !== 'points') return 1
  const points = Math.floor(promotion.points)
  return Number.isFinite(points) && points > 1 ? points : 1
}

/** Points earned by one cart line: floor((quantity × price + 5) / 10) × multiplier. */
export function linePoints(line: PointsLine): number {
  const { quantity, price } = line
  if (!Number.isFinite(quantity) || !Number.isFinite(price) || quantity <= 0 || price <= 0) return 0
  const base = Math.floor((roundCents(quantity * price) + 5) / 10)
  return base * pointsMultiplier(line.promotion)
}

/** Points earned by the whole order: the sum over its lines. */
export function orderPoints(lines: readonly PointsLine[]): number {
  return lines.reduce((sum, line) => sum + linePoints(line), 0)
}
