/**
 * Price levels of the wine search: 1 = under 10 EUR, 2 = 10 to 17 EUR,
 * 3 = 17 to 25 EUR, 4 = over 25 EUR, shown as 1 to 4 euro signs.
 *
 * Each search record carries its level (`price_level`, set by the back office); the widgets only
 * check and show it.
 */
import { toNumber } from './to-number'

export type PriceLevel = 1 | 2 | 3 | 4

/** True for 1, 2, 3 or 4 (e.g. to check a search record's `price_level`). */
export function isPriceLevel(value: unknown): value is PriceLevel {
  return value === 1 || value === 2 || value === 3 || value === 4
}

/** A level from outside data (a search record): 1 to 4, as a number or numeric text; else null. */
export function readPriceLevel(value: unknown): PriceLevel | null {
  const n = toNumber(value)
  return isPriceLevel(n) ? n : null
}

/** "€" … "€€€€" for levels 1 to 4; anything else (garbage from the index) gives "". */
export function priceLevelSigns(level: unknown): string {
  const n = readPriceLevel(level)
  return n === null ? '' : '€'.repeat(n)
}
