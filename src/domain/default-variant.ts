/**
 * Which bottle "Add to cart" on a sommelier suggestion adds: the shop's default, the 75 cl
 * bottle of the first active vintage (the wine page's first tab); when that vintage has none,
 * the first variant of the active vintages that is in stock, else the first listed, which the
 * card then shows as out of stock (shown, not addable).
 */
import { isOutOfStock } from './quantity'

/** The bottle size the shop sells by default. */
export const DEFAULT_VOLUME = '75cl'

interface VariantLike {
  volume: string
  qty_available: number
}

interface VintageLike<V extends VariantLike> {
  vintage: string
  active: boolean
  variants: readonly V[]
}

/** "75cl", "75 cl", "75 CL" name the same bottle. */
const isDefaultVolume = (volume: string) =>
  volume.replace(/\s+/g, '').toLowerCase() === DEFAULT_VOLUME

/**
 * The vintage and variant to add, in the backend's order of vintages; null when no active
 * vintage has a variant (the card then offers no button, only its link to the wine page).
 */
export function defaultVariant<V extends VariantLike>(
  vintages: readonly VintageLike<V>[],
): { vintage: string; variant: V } | null {
  const active = vintages.filter((v) => v.active && v.variants.length > 0)
  const first = active[0]
  const listed = first?.variants[0]
  if (!first || !listed) return null
  const bottle = first.variants.find((v) => isDefaultVolume(v.volume))
  if (bottle) return { vintage: first.vintage, variant: bottle }
  for (const vintage of active) {
    const inStock = vintage.variants.find((v) => !isOutOfStock(v.qty_available))
    if (inStock) return { vintage: vintage.vintage, variant: inStock }
  }
  // Nothing in stock: the first listed, so the card says it is out of stock.
  return { vintage: first.vintage, variant: listed }
}
