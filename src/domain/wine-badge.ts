/**
 * The type and method badges of the search records. A record carries
 * each badge as `{ title, image }` and the refinement lists facet on the image path
 * (`m.image`, `t.image`), so the badge is recognised from the image's file name and shown
 * translated: biodynamic, organic, natural wine, sparkling, (semi-)sweet, no alcohol.
 */

export const WINE_BADGES = [
  'biodynamic',
  'organic',
  'natural',
  'sparkling',
  'sweet',
  'noAlcohol',
] as const
export type WineBadge = (typeof WINE_BADGES)[number]

/** Checked in this order on the file name: "biodynamic" before "bio", "no-alcohol" first. */
const PATTERNS: readonly [WineBadge, RegExp][] = [
  ['noAlcohol', /(no|non|sans|zero)[-_ ]?alco|alcohol[-_ ]?(free|vrij)|alcoholvrij|dealco/],
  ['biodynamic', /biody/],
  ['organic', /organic|(^|[-_ ])bio($|[-_ ])|biolog/],
  ['natural', /natur/],
  ['sparkling', /sparkl|mousse|petill|pétill|bubbl/],
  ['sweet', /sweet|doux|zoet|moelleux|liquoreux/],
]

/** The file name of an image path or URL, lowercase, without folders, query or extension. */
function baseName(image: string): string {
  const path = image.trim().toLowerCase().split(/[?#]/, 1)[0] ?? ''
  const file = path.slice(path.lastIndexOf('/') + 1)
  const dot = file.lastIndexOf('.')
  return dot > 0 ? file.slice(0, dot) : file
}

/** "/assets/badges/method-organic.svg" → "organic"; an unknown image gives null. */
export function wineBadgeOf(image: unknown): WineBadge | null {
  if (typeof image !== 'string') return null
  const name = baseName(image)
  if (!name) return null
  for (const [badge, pattern] of PATTERNS) if (pattern.test(name)) return badge
  return null
}

/**
 * A readable fallback label for an image the app does not know (a new badge added to the index
 * before the app learnt it): the file name with dashes as spaces, "method-vegan.svg" → "method vegan".
 */
export function badgeFallbackLabel(image: string): string {
  return baseName(image).replace(/[-_]+/g, ' ').trim() || image
}
