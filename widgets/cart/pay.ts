/**
 * The payment flow (spec section 4), framework-free so it can be tested step by step:
 *
 *   1. no orderId yet → create the order in the back office; keep its number in the store
 *   2. create the payment intent (amount in cents, rounded)
 *   3. confirm the card payment with the card provider
 *   4. confirm the order, 5. send the confirmation,
 *   6. update the points: the redeemed ones first (negative), then the earned ones,
 *   7. refresh the balance, 8. emit `order:paid`, 9. empty the cart (the caller shows thank-you).
 *
 * Failures (spec 8) become a PaymentError: 'order' (step 1), 'intent' (step 2), 'card' with the
 * provider's own message (a card or validation error in step 3), 'processing' for anything else.
 * Nothing is lost on failure: the cart and contacts are untouched and the orderId stays, so a
 * retry reuses the order. Progress after the card was charged is remembered per order (also in
 * sessionStorage), so a retry after a failure in steps 4–7 never charges the card again and never
 * repeats a points update; an intent is reused while the amount is unchanged. `pay()` runs one
 * flow at a time: a second call while one runs gets the same promise (no double order or intent).
 */
import type { Stripe, StripeCardElement } from '@stripe/stripe-js'
import {
  checkoutOrder,
  createOrderInOdoo,
  createPaymentIntent,
  getUpdatedPoints,
  sendOrderConfirmation,
  updateUserPoints,
} from '../../src/api/orders'
import { getBus } from '../../src/bus/bus'
import { cartTotals } from '../../src/domain/cart'
import { paymentAmount, pointsUpdates } from '../../src/domain/checkout'
import { nlBeDate } from '../../src/domain/dates'
import type { Locale } from '../../src/domain/types'
import { emptyCart } from '../../src/store/cart-actions'
import { setShippingQuote } from '../../src/store/contacts-actions'
import { getStore } from '../../src/store/shared-store'

export type PaymentFailure =
  | { kind: 'order' }
  | { kind: 'intent' }
  | { kind: 'card'; message: string }
  | { kind: 'processing' }

export class PaymentError extends Error {
  constructor(
    readonly failure: PaymentFailure,
    options?: { cause?: unknown },
  ) {
    super(`Payment failed: ${failure.kind}`, options)
    this.name = 'PaymentError'
  }
}

export interface PaidOrder {
  orderId: string
  total: number
}

export interface PayInput {
  stripe: Pick<Stripe, 'confirmCardPayment'>
  card: StripeCardElement
  locale: Locale
  /** Called after `order:paid` and before the cart is emptied (the caller shows thank-you). */
  onPaid?: (order: PaidOrder) => void
  now?: () => Date
}

type AfterChargeStep = 'checkout' | 'confirmation' | 'redeemed' | 'earned'

interface Progress {
  orderId: string
  intent: { secret: string; amount: number } | null
  paid: boolean
  done: AfterChargeStep[]
}

const PROGRESS_KEY = 'wine-widgets:payment'
let progress: Progress | null = null
let running: Promise<PaidOrder> | null = null

function readSaved(): Progress | null {
  try {
    const raw = sessionStorage.getItem(PROGRESS_KEY)
    const saved = raw ? (JSON.parse(raw) as Progress) : null
    return saved && typeof saved.orderId === 'string' && Array.isArray(saved.done) ? saved : null
  } catch {
    return null
  }
}

function save(p: Progress | null): void {
  progress = p
  try {
    if (p) sessionStorage.setItem(PROGRESS_KEY, JSON.stringify(p))
    else sessionStorage.removeItem(PROGRESS_KEY)
  } catch {
    // Storage disabled or full: the progress then lasts as long as the page.
  }
}

function progressFor(orderId: string): Progress {
  const current = progress ?? readSaved()
  if (current?.orderId === orderId) return current
  return { orderId, intent: null, paid: false, done: [] }
}

const log = (message: string, error: unknown) => console.error(`[wine-widgets] ${message}`, error)

async function attempt<T>(
  kind: 'order' | 'intent' | 'processing',
  what: string,
  run: () => Promise<T>,
) {
  try {
    return await run()
  } catch (error) {
    log(`${what} failed`, error)
    throw new PaymentError({ kind }, { cause: error })
  }
}

async function runPayment({ stripe, card, locale, onPaid, now = () => new Date() }: PayInput) {
  const store = getStore()
  const { cart, contacts, session } = store.getState()
  const user = session.user
  if (!session.isLoggedIn || !user) throw new PaymentError({ kind: 'processing' })
  const totals = cartTotals(cart)
  const { delivery, invoice, vat } = contacts

  let orderId = cart.orderId
  if (!orderId) {
    const created = await attempt('order', 'Order creation', () =>
      createOrderInOdoo({ locale, contacts: { invoice, delivery, vat }, cartlines: cart.lines }),
    )
    orderId = created
    store.update((d) => {
      d.cart.orderId = created
    })
  }

  let p = progressFor(orderId)
  save(p)
  if (!p.paid) {
    const amount = paymentAmount(totals.total)
    let intent = p.intent
    if (!intent || intent.amount !== amount) {
      const id = orderId
      const secret = await attempt('intent', 'Payment intent', () =>
        createPaymentIntent({
          amount_total: amount,
          name: id,
          customer_name: invoice.name.trim() || user.name,
          customer_email: invoice.email.trim() || user.email,
        }),
      )
      intent = { secret, amount }
      p = { ...p, intent }
      save(p)
    }
    const secret = intent.secret
    const result = await attempt('processing', 'Card confirmation', () =>
      stripe.confirmCardPayment(secret, {
        payment_method: {
          card,
          billing_details: {
            name: invoice.name,
            email: invoice.email,
            phone: invoice.phone,
            address: {
              line1: invoice.street,
              postal_code: invoice.zip,
              city: invoice.city,
              country: invoice.country_code,
            },
          },
        },
      }),
    )
    if (result.error) {
      log('The card payment was not confirmed', result.error)
      const { type, message } = result.error
      if ((type === 'card_error' || type === 'validation_error') && message)
        throw new PaymentError({ kind: 'card', message })
      throw new PaymentError({ kind: 'processing' })
    }
    if (result.paymentIntent?.status !== 'succeeded') {
      log('The payment intent did not succeed', result.paymentIntent?.status)
      throw new PaymentError({ kind: 'processing' })
    }
    p = { ...p, paid: true }
    save(p)
  }

  const id = orderId
  const step = async (name: AfterChargeStep, what: string, run: () => Promise<void>) => {
    if (p.done.includes(name)) return
    await attempt('processing', what, run)
    p = { ...p, done: [...p.done, name] }
    save(p)
  }
  await step('checkout', 'Order confirmation', () => checkoutOrder(id))
  await step('confirmation', 'Order confirmation e-mail', () =>
    sendOrderConfirmation({
      cartlines: cart.lines,
      shipping: cart.shippingCost,
      total: totals.total,
      invoice,
      delivery,
      redeemedPoints: cart.redeemedPoints,
      redeemedPointsAmount: cart.redeemedPointsAmount,
      locale,
      orderId: id,
    }),
  )
  const date = nlBeDate(now())
  for (const points of pointsUpdates(cart.redeemedPoints, totals.orderPoints)) {
    await step(points < 0 ? 'redeemed' : 'earned', 'Points update', () =>
      updateUserPoints({ userEmail: user.email, date, document: id, points }),
    )
  }
  const balance = await attempt('processing', 'Points refresh', () => getUpdatedPoints(user.email))
  store.update((d) => {
    d.session.points = balance
  })

  const paid: PaidOrder = { orderId: id, total: totals.total }
  save(null)
  getBus().emit('order:paid', paid)
  onPaid?.(paid)
  emptyCart()
  setShippingQuote(null, null)
  return paid
}

/** Run the payment flow (one at a time; see the module comment). */
export function pay(input: PayInput): Promise<PaidOrder> {
  running ??= runPayment(input).finally(() => {
    running = null
  })
  return running
}

/** Test hook. */
export function resetPaymentFlowForTests(): void {
  running = null
  save(null)
}
