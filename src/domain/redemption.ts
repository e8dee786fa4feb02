/**
 * Redeeming loyalty points ("droplets") for a discount.
 *
 * Constants: a point is worth 0.20 EUR; at least 100 points must be redeemed; multiplier
 * tiers "0 points gives ×1, 200 points ×2, 400 points ×5" (of 0.20 EUR).
 *
 * How the tiers apply (our decision; the shop's own texts about the tiers disagree with each other):
 * the tier is chosen by the number of points REDEEMED in this order, and the whole redemption
 * is valued at that tier's rate:
 *   100–199 points → 0.20 €/point (×1), 200–399 → 0.40 €/point (×2), ≥ 400 → 1.00 €/point (×5).
 * So 150 points = 30.00 €, 200 points = 80.00 €, 400 points = 400.00 €. The amount only grows
 * with the points (it jumps at 200 and 400), which lets us clamp by searching per tier.
 * Texts shown to users must be generated from REDEMPTION_TIERS so they cannot drift.
 *
 * Clamping an input (`clampRedeem`): non-numeric, empty or negative → 0 (no redemption);
 * decimals are floored; 1–99 → 0 with reason 'below-minimum' so the UI can show a hint;
 * above the maximum → the maximum (reason 'above-maximum'). The maximum is the largest number of
 * points ≤ the balance whose amount does not exceed the subtotal; if that is below 100, nothing
 * can be redeemed. All money is computed in whole cents.
 */
import { toCents } from './money'
import { toNumber, wholeCount } from './to-number'

/** 0.20 EUR per point (in cents: the amounts are counted in cents). */
const POINT_VALUE_CENTS = 20
/** 0.20 EUR per point. */
export const POINT_VALUE_EUR = POINT_VALUE_CENTS / 100
/** Minimum redemption 100 points (also the threshold to show the points input). */
export const MIN_REDEEM_POINTS = 100

export interface RedemptionTier {
  /** The tier applies from this number of redeemed points (inclusive). */
  minPoints: number
  /** Multiplier of the base point value (0.20 EUR). */
  multiplier: number
  /** Resulting value of one point in EUR. */
  euroPerPoint: number
}

/** A tier from where it starts and its multiplier; a point's value follows from them. */
const tier = (minPoints: number, multiplier: number): RedemptionTier => ({
  minPoints,
  multiplier,
  euroPerPoint: (POINT_VALUE_CENTS * multiplier) / 100,
})

const BASE_TIER = tier(MIN_REDEEM_POINTS, 1)

/**
 * Tiers ordered by `minPoints`. The shop lists the first tier "from 0 points"; since nothing below
 * MIN_REDEEM_POINTS can be redeemed it effectively starts at 100 (as the rules text says).
 */
export const REDEMPTION_TIERS: readonly RedemptionTier[] = [BASE_TIER, tier(200, 2), tier(400, 5)]

function tierFor(points: number): RedemptionTier {
  let tier = BASE_TIER
  for (const t of REDEMPTION_TIERS) if (points >= t.minPoints) tier = t
  return tier
}

function amountCents(points: number): number {
  const p = wholeCount(points)
  if (p < MIN_REDEEM_POINTS) return 0
  return p * POINT_VALUE_CENTS * tierFor(p).multiplier
}

/** Discount in EUR for redeeming `points` points; 0 below the 100-point minimum. */
export function redemptionAmount(points: number): number {
  return amountCents(points) / 100
}

/** Whether a balance allows any redemption (≥ 100 points). */
export function canRedeem(balance: number): boolean {
  return wholeCount(balance) >= MIN_REDEEM_POINTS
}

/**
 * The largest number of points ≤ balance whose discount does not exceed the subtotal, or 0 when
 * that is below the 100-point minimum.
 */
export function maxRedeemablePoints(balance: number, subTotal: number): number {
  const available = wholeCount(balance)
  const budgetCents = Math.max(0, toCents(subTotal))
  // Highest tier first: the first tier that can hold a valid count gives the maximum, because the
  // amount never decreases as points grow.
  for (const [i, tier] of [...REDEMPTION_TIERS.entries()].reverse()) {
    const next = REDEMPTION_TIERS[i + 1]
    const upper = next ? next.minPoints - 1 : Number.POSITIVE_INFINITY
    const affordable = Math.floor(budgetCents / (POINT_VALUE_CENTS * tier.multiplier))
    const candidate = Math.min(available, upper, affordable)
    if (candidate >= tier.minPoints) return candidate
  }
  return 0
}

export type RedeemAdjustment = 'invalid' | 'below-minimum' | 'above-maximum' | null

export interface RedeemResult {
  /** Points that will be redeemed (0 = no redemption). */
  points: number
  /** Discount in EUR for those points. */
  amount: number
  /** Why the input was changed, for a hint next to the input; null when taken as typed. */
  adjustment: RedeemAdjustment
}

/** Parses and clamps a points input; see the module comment for the rules. */
export function clampRedeemDetailed(
  input: unknown,
  balance: number,
  subTotal: number,
): RedeemResult {
  const value = toNumber(input)
  if (value === null) {
    const isBlank = input == null || (typeof input === 'string' && input.trim() === '')
    return { points: 0, amount: 0, adjustment: isBlank ? null : 'invalid' }
  }
  const requested = wholeCount(value)
  if (requested === 0) return { points: 0, amount: 0, adjustment: value < 0 ? 'invalid' : null }
  if (requested < MIN_REDEEM_POINTS) return { points: 0, amount: 0, adjustment: 'below-minimum' }
  const max = maxRedeemablePoints(balance, subTotal)
  const points = Math.min(requested, max)
  return {
    points,
    amount: redemptionAmount(points),
    adjustment: points < requested ? 'above-maximum' : null,
  }
}

/** The number of points to redeem for a points input (non-numeric → 0, 1–99 → 0, > max → max). */
export function clampRedeem(input: unknown, balance: number, subTotal: number): number {
  return clampRedeemDetailed(input, balance, subTotal).points
}
