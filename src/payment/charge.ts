/**
 * Everything up to the charge: the checks after the Pay click, the start under the cart's lock,
 * then order creation, intent creation and the confirmation under the flow's lock, as the state
 * machine asks for them next. Each call carries its idempotency key, so a retry after a lost
 * answer creates nothing twice.
 */
import { createOrderInOdoo, createPaymentIntent } from '../api/orders'
import { getBus } from '../bus/bus'
import {
  contentKey,
  flowId,
  idempotencyKey,
  nextAction,
  takeSnapshot,
  transition,
  type OrderSnapshot,
} from '../domain/payment-flow'
import type { Locale } from '../domain/types'
import { alreadyPaid, cartAlreadyPaid, onCharged } from './cart-effects'
import type { Confirmation } from './confirmation'
import { isCartPaidByAnyTab, isOrderPaidByAnyTab, withCartLock, withPaymentLock } from './cross-tab'
import type { PaymentProvider } from './provider'
import { Failure, log, type PaymentRun } from './run'

/** A failed creation call, told to the shopper as `kind` (the cause goes to the log). */
async function attempt<T>(kind: 'order' | 'intent', what: string, run: () => Promise<T>) {
  try {
    return await run()
  } catch (error) {
    log(`${what} failed`, error)
    throw new Failure({ kind })
  }
}

/**
 * Reads the cart's lines again from the catalogue just before the order is created, applying
 * what changed to the cart: `ok` to go on, otherwise why Pay stops.
 */
export type PayCheck = () => Promise<'ok' | 'cart-changed' | 'sold-out'>

export interface PayRequest {
  provider: PaymentProvider
  locale: Locale
  check?: PayCheck | undefined
  user: { email: string; name: string }
}

/**
 * The checks of a Pay click, before anything is created: the form, then the catalogue. Returns
 * the snapshot to pay, or null when Pay stops (the shopper is told why).
 */
export async function checkBeforePay(
  run: PaymentRun,
  { provider, locale, check, user }: PayRequest,
  snapshot: OrderSnapshot,
): Promise<OrderSnapshot | null> {
  // What the start will give (the progress is this tab's own: nothing else changes it).
  const next = transition(run.progress(), { type: 'start', snapshot, id: flowId(snapshot) })
  if (!next) return null
  // Before any wait (the lock): the form is checked within the click (wallets need it).
  if (next.phase === 'open' && next.snapshot.amount > 0) {
    const invalid = await provider.submit()
    if (invalid) {
      const { message } = invalid
      run.tell({
        type: 'fail',
        failure: message ? { kind: 'card', message } : { kind: 'processing' },
      })
      return null
    }
  }
  // Only before the charge: a confirmation or charge under way pays what it froze.
  if (next.phase !== 'open' || !check) return snapshot
  const verdict = await check()
  // The check may have taken stock figures alone (no content change): pay the cart as it is
  // now; a content that changed anyway is the shopper's to see first.
  const { cart, contacts } = run.store.getState()
  const fresh = takeSnapshot({ cart, contacts, user, locale })
  if (verdict !== 'ok' || contentKey(fresh) !== contentKey(snapshot)) {
    run.tell({ type: 'fail', failure: { kind: verdict === 'ok' ? 'cart-changed' : verdict } })
    return null
  }
  return fresh
}

/**
 * Starts the flow and charges it, under the cart's lock and then the flow's: two tabs sharing a
 * cart (a tab duplicated before Pay) make one order, since their flow ids differ with the
 * content but the cart id is shared.
 */
export function startAndCharge(
  run: PaymentRun,
  confirmation: Confirmation,
  { provider, locale }: PayRequest,
  cartId: string,
  snapshot: OrderSnapshot,
): Promise<void> {
  return withCartLock(cartId, async () => {
    const own = run.progress()
    // This tab's own order was paid elsewhere: only what was added since stays (even when the
    // content changed since, which would otherwise start a new flow for all of it).
    if (own?.phase === 'open' && own.orderId && (await isOrderPaidByAnyTab(own.orderId))) {
      alreadyPaid(run, own)
      return
    }
    // A confirmation or charge of its own is read and finished by `charge`, never dropped.
    const ownUnderWay = own?.phase === 'confirming' || own?.phase === 'charged'
    if (!ownUnderWay && (await isCartPaidByAnyTab(cartId))) {
      cartAlreadyPaid(run)
      return
    }
    run.dispatch({ type: 'start', snapshot, id: flowId(snapshot) })
    const p = run.progress()
    if (!p) return
    if (p.phase === 'open' && p.snapshot.amount > 0)
      getBus().emit('payment:submitted', { items: p.snapshot.lines, method: provider.method() })
    await withPaymentLock(p.id, () => charge(run, confirmation, provider, locale))
  })
}

async function charge(
  run: PaymentRun,
  confirmation: Confirmation,
  provider: PaymentProvider,
  locale: Locale,
): Promise<void> {
  for (;;) {
    const p = run.progress()
    if (!p) return
    if (p.orderId && p.phase === 'open' && (await isOrderPaidByAnyTab(p.orderId))) {
      alreadyPaid(run, p)
      return
    }
    const action = nextAction(p)
    const s = p.snapshot
    switch (action.do) {
      case 'create-order': {
        const orderId = await attempt('order', 'Order creation', () =>
          createOrderInOdoo(
            {
              locale,
              contacts: { invoice: s.invoice, delivery: s.delivery, vat: s.vat },
              cartlines: s.lines,
            },
            { idempotencyKey: idempotencyKey(p, 'create-order'), signal: run.signal },
          ),
        )
        run.dispatch({ type: 'order-created', orderId })
        run.store.update((d) => {
          d.cart.orderId = orderId
        })
        break
      }
      case 'skip-charge':
        run.dispatch({ type: 'charged' })
        await onCharged(run)
        return
      case 'create-intent': {
        const secret = await attempt('intent', 'Payment intent', () =>
          createPaymentIntent(
            {
              amount_total: s.amount,
              name: p.orderId ?? '',
              orderId: p.orderId ?? '',
              customer_name: s.invoice.name.trim() || s.user.name,
              customer_email: s.invoice.email.trim() || s.user.email,
            },
            { idempotencyKey: idempotencyKey(p, 'create-intent'), signal: run.signal },
          ),
        )
        run.dispatch({ type: 'intent-created', secret, amount: s.amount })
        break
      }
      case 'confirm':
        return confirmation.confirm(provider, p)
      case 'retrieve':
        return confirmation.settle(provider, p)
      default:
        return
    }
  }
}
