/**
 * A number from outside data: a finite number, or a string holding one (the back office
 * serialises some ids, prices and points as text); null for anything else.
 */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v)
    return Number.isFinite(n) ? n : null
  }
  return null
}

/**
 * A count (bottles, points, gifts, entries): a finite number above 0, cut to a whole one
 * (2.7 → 2); anything else (0, a negative number, NaN, ±Infinity) is 0.
 */
export function wholeCount(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0
}
