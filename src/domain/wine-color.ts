/**
 * Wine colours of the search records: `c.color` has the form "<color>-<suffix>"
 * and only the part before the dash is used: yellow, red, amber or pink.
 */

export const WINE_COLORS = ['yellow', 'red', 'amber', 'pink'] as const
export type WineColor = (typeof WINE_COLORS)[number]

export function isWineColor(value: unknown): value is WineColor {
  return typeof value === 'string' && (WINE_COLORS as readonly string[]).includes(value)
}

/** "red-7b1e2b" → "red"; a value without a known colour before the dash gives null. */
export function wineColorOf(value: unknown): WineColor | null {
  if (typeof value !== 'string') return null
  const head = value.trim().toLowerCase().split('-', 1)[0]
  return isWineColor(head) ? head : null
}
