/**
 * What the shopper is told about the payment right now. The controller reports what its run does
 * (`StatusEvent`); the status follows from that and from the flow's progress by the rules below,
 * kept in one place: once the order is confirmed the thank-you stays until the next Pay, a read
 * or a failure, and a run that ends without a charge leaves the shopper free to pay again.
 */
import type { PaymentProgress } from '../domain/payment-flow'

export type PaymentFailure =
  | { kind: 'order' }
  | { kind: 'intent' }
  /** The provider's own message (card declined, validation, bank declined). */
  | { kind: 'card'; message: string }
  | { kind: 'processing' }
  /** A redirect (bank) or authentication that was left unfinished. */
  | { kind: 'not-completed' }
  /** Another tab already paid this order; the cart starts afresh. */
  | { kind: 'already-paid' }
  /** The catalogue changed the cart (prices, stock, promotions): nothing was created. */
  | { kind: 'cart-changed' }
  /** A line is out of stock: nothing was created until the shopper removes it. */
  | { kind: 'sold-out' }

export interface PaidOrder {
  orderId: string
  total: number
  orderPoints: number
}

export type PaymentStatus =
  | { state: 'idle'; failure: PaymentFailure | null }
  | { state: 'paying' }
  | { state: 'checking' }
  | { state: 'finishing'; stalled: boolean }
  | { state: 'finished'; order: PaidOrder }

export type StatusEvent =
  /** Pay pressed. */
  | { type: 'pay' }
  /** A confirmation the page lost is read from the provider. */
  | { type: 'read' }
  | { type: 'fail'; failure: PaymentFailure }
  /** The steps after the charge run; stalled once they failed a few times or gave up. */
  | { type: 'finishing'; stalled: boolean }
  /** The flow's progress after a step: confirmed (checkout and e-mail done) shows the thank-you. */
  | { type: 'progress'; progress: PaymentProgress }
  /** The run ended without a charge to finish. */
  | { type: 'settled' }

export const IDLE: PaymentStatus = { state: 'idle', failure: null }

/** The checkout and the confirmation e-mail are done: the order is confirmed (the thank-you). */
export const isConfirmed = (p: PaymentProgress): boolean =>
  p.done.includes('checkout') && p.done.includes('confirmation')

/** The recap of the charged snapshot, never of the live cart. */
export const paidOrder = (p: PaymentProgress): PaidOrder => ({
  orderId: p.orderId ?? '',
  total: p.snapshot.total,
  orderPoints: p.snapshot.orderPoints,
})

/** The status after `event`; the same object when nothing changes (listeners are not told). */
export function nextStatus(status: PaymentStatus, event: StatusEvent): PaymentStatus {
  switch (event.type) {
    case 'pay':
      return { state: 'paying' }
    case 'read':
      return { state: 'checking' }
    case 'fail':
      return { state: 'idle', failure: event.failure }
    case 'finishing':
      return status.state === 'finished' ? status : { state: 'finishing', stalled: event.stalled }
    case 'progress':
      return status.state === 'finished' || !isConfirmed(event.progress)
        ? status
        : { state: 'finished', order: paidOrder(event.progress) }
    case 'settled':
      return status.state === 'paying' || status.state === 'checking' ? IDLE : status
  }
}
