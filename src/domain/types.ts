/** Types shared by the pure rules, the store and the widgets. */
import type { PriceLevel } from './price-level'

export const LOCALES = ['en', 'fr', 'nl'] as const
export type Locale = (typeof LOCALES)[number]

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** Promotion from the rules service's loyalty decision. */
export interface Promotion {
  type: 'none' | 'points' | 'bogof'
  /** Points multiplier; 1 means no bonus. */
  points: number
  bogof: { bo: number; gof: number } | null
}

/** A bundle's wine inside a cart line. */
export interface BundleWine {
  id: number
  name: string
  quantity: number
}

/** One line of the cart. */
export interface CartLine {
  /** Stable line id: variant id for a product, bundle odooCode for a bundle. */
  id: string
  odooCode: string
  odooId: number
  name: string
  vintage: string | null
  /** Volume label, e.g. "75cl"; null for bundles. */
  volume: string | null
  quantity: number
  /** Unit price in EUR, VAT included. */
  price: number
  qty_available: number
  free_qty: number
  type: 'product' | 'bundle'
  /** For a bundle: the wines it holds (each bottle counts towards `bottles`). */
  wines: BundleWine[]
  free_shipping: boolean
  promotion: Promotion
  /**
   * The page of the wine or bundle (path, with the vintage and volume tab for a wine), linked
   * from the cart line. Optional: lines saved before it existed stay valid.
   */
  url?: string
  /** The wine's label image (path or https address) shown beside the cart line. Optional too. */
  image?: string
}

/** Delivery or invoice contact. */
export interface Contact {
  name: string
  street: string
  zip: string
  city: string
  country: string
  country_code: string
  email: string
  phone: string
}

export interface VatRecord {
  number: string
  valid: boolean
  name: string
}

export interface Contacts {
  delivery: Contact
  invoice: Contact
  vat: VatRecord
  isValidShipping: boolean
  /**
   * The buyer confirmed being 18 or older (the payment tab's box): Belgian law forbids selling
   * port and spirits to minors, wine under 16. Kept for the session with the contacts.
   */
  ageConfirmed: boolean
}

export interface CartState {
  /**
   * The cart's identity (random): kept in the saved state, so a duplicated tab shares it; renewed
   * when a paid order's content leaves the cart. Names the cart's payment lock and its paid record.
   */
  id: string
  orderId: string | null
  lines: CartLine[]
  shippingCost: number
  redeemedPoints: number
  redeemedPointsAmount: number
}

export interface User {
  name: string
  email: string
  odooID: number
}

export interface SessionState {
  isLoggedIn: boolean
  user: User | null
  points: number
}

/** A wine suggested by the sommelier ("Wine hit in chat"). */
export interface ChatWine {
  id: string
  title: string
  url: string
  label: string | null
  c: { title: string; color: string }
  m: { title: string; image: string }[]
  /**
   * The estate, the search's price level and the back-office code (what "Add to cart" reads the
   * vintages by). Optional: a conversation saved before they existed has none (the card then
   * shows no price level and no button, only its link).
   */
  e?: string
  price_level?: PriceLevel | null
  odooCode?: string
}

export interface ConversationLine {
  from: 'user' | 'sommelier'
  message: string
  wines: ChatWine[]
  /** Set when the answer failed or was cut off. */
  error?: string
}
