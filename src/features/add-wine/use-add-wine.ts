import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { promotionQueryOptions, type WineVariant } from '../../api/products'
import type { CartLine, Promotion } from '../../domain/types'
import { reportError } from '../../report/report'
import { addToCart, type AddResult } from '../../store/cart-actions'

/** One vintage and volume of a wine, as a buy box offers it. */
export interface WineChoice {
  odooCode: string
  /** The wine's name on the cart line (the wine page's `data-name`). */
  name: string
  vintage: string
  variant: WineVariant
  /** Where the cart line leads back to. */
  url?: string
  /** The wine's label image, kept on the cart line for its thumbnail. */
  image?: string
}

/** The cart line of `count` bottles: the catalogue's price and stock, with its promotion. */
export function wineLine(choice: WineChoice, count: number, promotion: Promotion): CartLine {
  const { odooCode, name, vintage, variant, url, image } = choice
  return {
    id: String(variant.id),
    odooCode,
    odooId: variant.id,
    name,
    vintage,
    volume: variant.volume,
    quantity: count,
    price: variant.price,
    qty_available: variant.qty_available,
    free_qty: variant.free_qty,
    type: 'product',
    wines: [],
    free_shipping: false,
    promotion,
    ...(url && { url }),
    ...(image && { image }),
  }
}

/**
 * Adding a wine variant to the cart, for the wine page's box and the sommelier's cards. The line
 * carries its promotion, a lookup that never fails (a failure means none) and is nearly always
 * cached by the time the shopper taps: then the line goes in and `onResult` runs at once, one
 * commit for the cart and the confirmation. Otherwise `busy` is true ("Adding…") until it comes.
 */
export function useAddWine(
  choice: WineChoice,
  onResult: (result: AddResult) => void,
  widget: string,
): { add: (count: number) => void; busy: boolean } {
  const client = useQueryClient()
  const [busy, setBusy] = useState(false)
  const add = (count: number) => {
    const options = promotionQueryOptions({
      wineCode: choice.odooCode,
      vintage: choice.vintage,
      volume: choice.variant.volume,
    })
    const cached = client.getQueryData(options.queryKey)
    if (cached !== undefined) {
      onResult(addToCart(wineLine(choice, count, cached)))
      return
    }
    setBusy(true)
    client
      .query({ ...options, staleTime: 'static' })
      .then((promotion) => onResult(addToCart(wineLine(choice, count, promotion))))
      .finally(() => setBusy(false))
      .catch((error: unknown) =>
        reportError({ widget, area: 'widget', message: 'could not add to the cart', error }),
      )
  }
  return { add, busy }
}
