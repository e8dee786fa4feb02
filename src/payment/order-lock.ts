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
 * sharing a cart (a tab duplicated before Pay) start flows of their own, so their flow locks
 * differ; this one serialises them, and the second finds the cart paid (`isCartPaid`).
 */
export function withCartLock<T>(cartId: string, run: () => Promise<T>): Promise<T> {
  return withPaymentLock(`cart:${cartId}`, run)
}
