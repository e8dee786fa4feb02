import type { CartLine, Locale, User } from '../domain/types'

/**
 * A wine variant or a bundle as the commerce events describe it (a cart line has this shape).
 * `quantity` is the number the event is about: 1 for a view, the bottles or bundles added or
 * removed, the line's quantity in a cart or an order.
 */
export type ShopItem = Pick<
  CartLine,
  'odooCode' | 'name' | 'vintage' | 'volume' | 'price' | 'quantity' | 'type'
>

/**
 * Every event the widgets exchange. Each is also dispatched on `window` as a DOM CustomEvent
 * named `wine-widgets:<event>` (e.g. `wine-widgets:cart:changed`) with the payload as `detail`,
 * so host-page scripts such as analytics can listen.
 */
export interface BusEvents {
  /** Open the full-screen modal in search or sommelier mode. */
  'modal:open': { mode: 'search' | 'sommelier' }
  /**
   * The modal was closed — or, sent by another widget (the sommelier chat's close button), a
   * request to close it; the modal then closes without sending it again.
   */
  'modal:close': Record<string, never>
  /** A login or current-user check succeeded (here or in another tab of the site). */
  'user:logged-in': { user: User; points: number }
  /** Logout, the 30-minute inactivity clean-up, or either in another tab of the site. */
  'user:logged-out': { reason: 'logout' | 'inactivity' | 'other-tab' }
  /** An account was created (the current user has been re-fetched). */
  'user:created': { email: string }
  /** The cart changed; totals are after the change. */
  'cart:changed': { itemsCount: number; subTotal: number }
  /**
   * The shopper added to the cart (`quantity`: what was really added, after the stock cap) or
   * raised a line's quantity in the cart.
   */
  'cart:item-added': { item: ShopItem }
  /** The shopper removed a line or lowered its quantity (`quantity`: how many fewer). */
  'cart:item-removed': { item: ShopItem }
  /** The cart page showed a cart with lines (once per page view). */
  'cart:viewed': { items: ShopItem[] }
  /** A wine page showed a vintage and volume, or a bundle page its bundle (`quantity` 1). */
  'item:viewed': { item: ShopItem }
  /** The checkout (delivery, invoice, payment) showed to a logged-in shopper with a cart. */
  'checkout:started': { items: ShopItem[] }
  /** Pay was pressed and the payment form is valid; `method`: `card`, `bancontact`… */
  'payment:submitted': { items: ShopItem[]; method: string }
  /**
   * A payment completed and the order was confirmed. `total` is what was charged (shipping
   * included, droplets discount deducted); `items` the order's lines.
   */
  'order:paid': {
    orderId: string
    total: number
    items: ShopItem[]
    shippingCost: number
    /** The droplets discount, in EUR. */
    discount: number
  }
  /**
   * The shopper rated a sommelier answer (thumbs up or down; a change of mind sends the new
   * rating). `answer`: its position among the sommelier's answers of the conversation, from 1;
   * `wines`: the suggested wines' search ids. Never the conversation's words.
   */
  'sommelier:feedback': { rating: 'up' | 'down'; answer: number; locale: Locale; wines: string[] }
  /** A search query the shopper settled on (typing paused, or Enter). */
  'search:query': { query: string }
  /** Select the entry shown by the sliders of a collection (used by `decouvrir`). */
  'slider:select': { collection: string; index: number }
}

export type BusEventName = keyof BusEvents
