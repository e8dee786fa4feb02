/** Cart page rules: its localized path and the advertised free delivery. */
import type { Locale } from './types'

/** The cart page's localized word (cart, panier, winkelwagen). */
export const CART_WORDS: Record<Locale, string> = {
  en: 'cart',
  fr: 'panier',
  nl: 'winkelwagen',
}

/** `/{locale}/{cart | panier | winkelwagen}`: the cart page, linked from the minicart. */
export const cartPath = (locale: Locale): string => `/${locale}/${CART_WORDS[locale]}`

/** Free delivery in Belgium is advertised from 150 EUR. */
export const FREE_DELIVERY_BELGIUM_FROM = 150
