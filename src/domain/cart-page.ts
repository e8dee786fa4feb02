/** Cart page rules (spec sections 1, 2 and 9): its localized path and the advertised free delivery. */
import type { Locale } from './types'

/** Spec section 2: the cart page's localized word (cart, panier, winkelwagen). */
export const CART_WORDS: Record<Locale, string> = {
  en: 'cart',
  fr: 'panier',
  nl: 'winkelwagen',
}

/** `/{locale}/{cart | panier | winkelwagen}`: the cart page, linked from the minicart. */
export const cartPath = (locale: Locale): string => `/${locale}/${CART_WORDS[locale]}`

/** Spec 1 and 9: free delivery in Belgium is advertised from 150 EUR. */
export const FREE_DELIVERY_BELGIUM_FROM = 150
