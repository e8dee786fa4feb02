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
