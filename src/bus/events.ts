import type { User } from '../domain/types'

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
  /** A login or current-user check succeeded. */
  'user:logged-in': { user: User; points: number }
  /** Logout, or the 30-minute inactivity clean-up. */
  'user:logged-out': { reason: 'logout' | 'inactivity' }
  /** An account was created (the current user has been re-fetched). */
  'user:created': { email: string }
  /** The cart changed; totals are after the change. */
  'cart:changed': { itemsCount: number; subTotal: number }
  /** A card payment completed and the order was confirmed. */
  'order:paid': { orderId: string; total: number }
  /** Select the entry shown by the sliders of a collection (used by `decouvrir`). */
  'slider:select': { collection: string; index: number }
}

export type BusEventName = keyof BusEvents
