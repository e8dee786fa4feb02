/**
 * Pure mapping from our bus events to Google Analytics 4's recommended e-commerce events, in the
 * shape Google documents for the data layer (Tag Manager reads `event` and `ecommerce`):
 *
 *   { event: 'add_to_cart', ecommerce: { currency: 'EUR', value, items: [{ item_id, … }] } }
 *   { event: 'search', search_term: 'merlot' }
 *   { event: 'sommelier_feedback', rating: 'up' }
 *
 * - `item_id` is the back-office code (the wine's `W10001` or the bundle's `BUN-001`), the same for
 *   every vintage and volume; `item_variant` names them ("2019 75cl"). Bundles have no variant.
 * - `value` is the sum of price × quantity of the event's items, in EUR with cents, as Google's
 *   reference asks ("don't include shipping or tax"); a purchase gives its shipping cost apart.
 *   Prices include VAT (the shop's prices). The droplets discount is not an item price: it is not
 *   deducted from `value` (see the docs/analytics.md).
 */
import type { BusEvents, ShopItem } from '../bus/events'
import { toCents } from '../domain/money'
import { wholeCount } from '../domain/to-number'
import type { TrackedEvent } from './tracked'

export const GA4_CURRENCY = 'EUR'

export interface Ga4Item {
  item_id: string
  item_name: string
  /** Vintage and volume ("2019 75cl"); absent for bundles. */
  item_variant?: string
  /** `wine` or `bundle`. */
  item_category: 'wine' | 'bundle'
  price: number
  quantity: number
}

export interface Ga4Ecommerce {
  currency: typeof GA4_CURRENCY
  value: number
  items: Ga4Item[]
  transaction_id?: string
  shipping?: number
  payment_type?: string
}

export type Ga4EcommerceName =
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'begin_checkout'
  | 'add_payment_info'
  | 'purchase'

export type Ga4Event =
  | { event: Ga4EcommerceName; ecommerce: Ga4Ecommerce }
  | { event: 'search'; search_term: string }
  | { event: 'sommelier_feedback'; rating: 'up' | 'down' }

/** One item as GA4 wants it. */
export function ga4Item(item: ShopItem): Ga4Item {
  const variant = [item.vintage, item.volume].filter((part) => part).join(' ')
  return {
    item_id: item.odooCode,
    item_name: item.name,
    ...(variant && { item_variant: variant }),
    item_category: item.type === 'bundle' ? 'bundle' : 'wine',
    price: toCents(item.price) / 100,
    quantity: wholeCount(item.quantity),
  }
}

/** Sum of price × quantity, in EUR rounded to cents (summed in cents: no float drift). */
export function itemsValue(items: readonly ShopItem[]): number {
  return items.reduce((sum, i) => sum + toCents(i.price * wholeCount(i.quantity)), 0) / 100
}

function ecommerce(
  event: Ga4EcommerceName,
  items: readonly ShopItem[],
  extra: Partial<Ga4Ecommerce> = {},
): Ga4Event {
  return {
    event,
    ecommerce: {
      ...extra,
      currency: GA4_CURRENCY,
      value: itemsValue(items),
      items: items.map(ga4Item),
    },
  }
}

const MAPPERS: { [K in TrackedEvent]: (payload: BusEvents[K]) => Ga4Event | null } = {
  'item:viewed': ({ item }) => ecommerce('view_item', [item]),
  'cart:item-added': ({ item }) => ecommerce('add_to_cart', [item]),
  'cart:item-removed': ({ item }) => ecommerce('remove_from_cart', [item]),
  'cart:viewed': ({ items }) => (items.length ? ecommerce('view_cart', items) : null),
  'checkout:started': ({ items }) => (items.length ? ecommerce('begin_checkout', items) : null),
  'payment:submitted': ({ items, method }) =>
    ecommerce('add_payment_info', items, method ? { payment_type: method } : {}),
  'order:paid': ({ orderId, items, shippingCost }) =>
    orderId
      ? ecommerce('purchase', items, {
          transaction_id: orderId,
          shipping: toCents(shippingCost) / 100,
        })
      : null,
  'search:query': ({ query }) => {
    const term = query.trim()
    return term ? { event: 'search', search_term: term } : null
  },
  // Not a recommended event of Google's: a custom one, with the rating only.
  'sommelier:feedback': ({ rating }) => ({ event: 'sommelier_feedback', rating }),
}

/** The GA4 event for one of our bus events; null when there is nothing worth sending. */
export function toGa4Event<K extends TrackedEvent>(
  name: K,
  payload: BusEvents[K],
): Ga4Event | null {
  return MAPPERS[name](payload)
}
