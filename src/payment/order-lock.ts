/**
 * One tab at a time works on a payment: a Web Lock (`navigator.locks`) per flow, shared by every
 * tab of the origin. A second tab waits until the first is done, then sees its result (the paid
 * order record, the back office's idempotent answers). Browsers without the Locks API run the
 * work directly: the paid record and the idempotency keys still prevent a second effect.
 */
export function withPaymentLock<T>(flowId: string, run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks || typeof locks.request !== 'function') return run()
  return locks.request(`wine-widgets:payment:${flowId}`, run)
}

/**
 * The cart's own lock (`CartState.id`), around the start of a payment and its charge: two tabs
 * sharing a cart (a tab duplicated before Pay) start flows of their own when their contents
 * differ, so their flow locks differ; this one serialises them, and the second finds the cart
 * paid (`isCartPaidByAnyTab`).
 */
export function withCartLock<T>(cartId: string, run: () => Promise<T>): Promise<T> {
  return withPaymentLock(`cart:${cartId}`, run)
}

const PAID_MARK = 'wine-widgets:paid:'

/**
 * Marks `id` (`order:…`, `cart:…`) as paid for every tab while this page lives: a lock held
 * until the page goes. Resolves once the browser holds it, so a tab granted a lock this page
 * releases afterwards sees the mark (`isMarkedPaid`). localStorage cannot promise that: each
 * tab's process reads its own copy, updated a moment after another tab writes (Chromium), so the
 * next holder of the cart's lock may still read the paid records as they were.
 */
export function markPaid(id: string): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks || typeof locks.request !== 'function') return Promise.resolve()
  return new Promise((held) => {
    void locks.request(PAID_MARK + id, { ifAvailable: true }, () => {
      held()
      // Held for the page's life: never settles.
      return new Promise<void>(() => undefined)
    })
  })
}

/** Whether a living tab marked `id` as paid (`markPaid`). */
export async function isMarkedPaid(id: string): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks || typeof locks.query !== 'function') return false
  const { held = [] } = await locks.query()
  return held.some((lock) => lock.name === PAID_MARK + id)
}
