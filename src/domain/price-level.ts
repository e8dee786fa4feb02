/**
 * Price levels of the wine search (spec section 9): 1 = under 10 EUR, 2 = 10 to 17 EUR,
 * 3 = 17 to 25 EUR, 4 = over 25 EUR, shown as 1 to 4 euro signs.
 *
 * Boundaries (the spec's ranges overlap at their ends; we decide): a lower bound belongs to the
 * higher level and 25 stays in level 3, i.e.
 *   price < 10 → 1, 10 ≤ price < 17 → 2, 17 ≤ price ≤ 25 → 3, price > 25 → 4.
 * The price is rounded to cents first, so a price shown as "10,00 €" is level 2.
 * A negative or non-finite price has no level (null).
 */
import { roundCents } from './money'

export type PriceLevel = 1 | 2 | 3 | 4

export const PRICE_LEVELS: readonly PriceLevel[] = [1, 2, 3, 4]

/** Level boundaries in EUR (spec 9). */
export const PRICE_LEVEL_BOUNDS = { level2From: 10, level3From: 17, level3UpTo: 25 } as const

export function priceLevelFor(price: number): PriceLevel | null {
  if (!Number.isFinite(price) || price < 0) return null
  const p = roundCents(price)
  if (p < PRICE_LEVEL_BOUNDS.level2From) return 1
  if (p < PRICE_LEVEL_BOUNDS.level3From) return 2
  if (p <= PRICE_LEVEL_BOUNDS.level3UpTo) return 3
  return 4
}

/** True for 1, 2, 3 or 4 (e.g. to check a search record's `price_level`). */
export function isPriceLevel(value: unknown): value is PriceLevel {
  return value === 1 || value === 2 || value === 3 || value === 4
}

/** "€" … "€€€€" for levels 1 to 4; anything else (garbage from the index) gives "". */
export function priceLevelSigns(level: unknown): string {
  const n = typeof level === 'string' && level.trim() !== '' ? Number(level) : level
  return isPriceLevel(n) ? '€'.repeat(n) : ''
}
