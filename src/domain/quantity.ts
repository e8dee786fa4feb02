/**
 * Quantity rules of the wine page add box and the bundle page.
 *
 * - Plus adds 6, except the first step from 1, which adds 5 (1 → 6 → 12 → 18 …, bottles come
 *   in cases of 6); from 0 it also goes to 6. Minus walks the same ladder back
 *   (18 → 12 → 6 → 1) and never goes below its minimum (1). Both are capped at their maximum.
 *   The 6-step is a shop-wide rule, so the bundle page uses it too.
 * - Inputs: `clampQuantity(value, min, max)` parses what was typed (non-numeric or empty → min,
 *   decimals floored) and clamps it to [min, max]. When the maximum is below the minimum (sold
 *   out) the maximum wins: we never offer more than the stock, and never a negative quantity.
 * - Wine page input: minimum 1, capped at stock. Add box (on blur): between 0 and stock.
 * - Bundle: maximum = stock − quantity already in the cart; on blur clamped between 0 and that.
 * - Out of stock: qty_available of 0 or less.
 */

import { toNumber } from './to-number'

/** Quantity inputs take at most 3 characters. */
export const MAX_QUANTITY_LENGTH = 3
/** The points input takes at most 4 characters. */
export const MAX_POINTS_LENGTH = 4
/** Plus/minus step: a case of 6 bottles. */
export const QUANTITY_STEP = 6

function whole(value: number): number {
  return Number.isFinite(value) ? Math.floor(value) : 0
}

/** Parses a typed value: a number or numeric text, decimals floored; anything else is NaN. */
function parseQuantity(value: unknown): number {
  const n = toNumber(value)
  return n === null ? NaN : Math.floor(n)
}

/** Clamps a typed value to [min, max]; non-numeric → min; the max wins over the min; ≥ 0. */
export function clampQuantity(value: unknown, min: number, max: number): number {
  const parsed = parseQuantity(value)
  const lower = whole(min)
  const upper = whole(max)
  const wanted = Number.isNaN(parsed) ? lower : Math.max(parsed, lower)
  return Math.max(0, Math.min(wanted, upper))
}

/** Plus button: 1 → 6, then +6, capped at `max`. */
export function plusQuantity(current: number, max: number): number {
  const q = Math.max(0, whole(current))
  const next = q <= 1 ? QUANTITY_STEP : q + QUANTITY_STEP
  return Math.max(0, Math.min(next, whole(max)))
}

/** Minus button: 18 → 12 → 6 → 1, never below `min` (default 1). */
export function minusQuantity(current: number, min = 1): number {
  return Math.max(whole(min), whole(current) - QUANTITY_STEP)
}

/** Wine page quantity input: minimum 1, capped at stock. */
export function wineInputQuantity(value: unknown, stock: number): number {
  return clampQuantity(value, 1, stock)
}

/** Wine page add box: clamped between 0 and stock. */
export function addBoxQuantity(value: unknown, stock: number): number {
  return clampQuantity(value, 0, stock)
}

/** Bundle page: the most that can still be added (stock − quantity already in the cart, ≥ 0). */
export function bundleMaxQuantity(stock: number, inCart: number): number {
  return Math.max(0, whole(stock) - Math.max(0, whole(inCart)))
}

/** Bundle input on blur: clamped between 0 and stock − quantity in cart. */
export function bundleBlurQuantity(value: unknown, stock: number, inCart: number): number {
  return clampQuantity(value, 0, bundleMaxQuantity(stock, inCart))
}

/** The out-of-stock banner shows when qty_available is 0 or less. */
export function isOutOfStock(qtyAvailable: number): boolean {
  return !(qtyAvailable > 0)
}
