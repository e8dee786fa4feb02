/**
 * Runs the effects of the payment state machine (`src/domain/payment-flow.ts`): one controller
 * per page, shared by every root. The progress lives in the page's store (sessionStorage), so a
 * reload, a bank redirect or a 3-D Secure interruption resumes where it stopped; what the shopper
 * is told right now (`PaymentStatus`) lives here, in memory.
 *
 * - `pay(provider)`: from the Pay button. Freezes the snapshot, then runs order creation, intent
 *   creation and the confirmation, each call carrying its idempotency key.
 * - `resume(provider?)`: on page load. A confirmation the page lost (reload during 3-D Secure, a
 *   return from the bank) is READ from the provider first and only continued, never repeated; a
 *   charged order finishes its steps (no provider needed, so any page can do it).
 * - After the charge, the steps (checkout, confirmation e-mail, points) retry with backoff. The
 *   thank-you shows once the checkout and the confirmation are done; the points (redeemed, then
 *   earned, then the balance refresh) go on behind it, and a failing balance refresh never holds
 *   anything back.
 * - Every tab of the browser sees a payment under way (`pending-order.ts`, localStorage): a tab
 *   closed after the charge is finished by the next page load in any tab, and a bank redirect
 *   that comes back into a tab without the progress (a new tab, a cleared session) continues it.
 * - A page restored from the back/forward cache (`pageshow` with `persisted`) while the provider
 *   held a confirmation reads the intent again, as a reload does.
 * Everything runs under a per-flow Web Lock; a charged order number, and each step done after
 * the charge, are recorded for every tab (`paid-orders.ts`): a duplicated tab never pays the
 * same order twice nor repeats a step another tab did. Pay also takes the cart's lock
 * (`CartState.id`) and checks the paid cart ids: two tabs sharing a cart before any payment
 * started (a tab duplicated before Pay) make one order, not two. A charge also marks its order
 * and cart with a held lock (`markPaid`): another tab's process may read the records late.
 */
import { castDraft } from 'immer'
import {
  checkoutOrder,
  createOrderInOdoo,
  createPaymentIntent,
  getUpdatedPoints,
  sendOrderConfirmation,
  updateUserPoints,
} from '../api/orders'
import { getBus } from '../bus/bus'
import { nlBeDate } from '../domain/dates'
import { randomId } from '../domain/random-id'
import {
  cartAfterCharge,
  contentKey,
  flowId,
  idempotencyKey,
  nextAction,
  pointsOf,
  takeSnapshot,
  transition,
  type AfterChargeStep,
  type PaymentEvent,
  type PaymentProgress,
} from '../domain/payment-flow'
import type { Contact, Locale } from '../domain/types'
import { HttpError } from '../http/http'
import { emptyCart } from '../store/state'
import { announceCart } from '../store/cart-changed'
import { createStore, type Store } from '../store/store'
import { withCartLock, withPaymentLock } from './order-lock'
import {
  isCartPaidByAnyTab,
  isOrderPaid,
  isOrderPaidByAnyTab,
  isStepDoneByAnyTab,
  recordPaid,
  recordStepDoneByThisTab,
} from './paid-orders'
import { mirrorPending, pendingPayment, readPendingPayments } from './pending-order'
import { reportError } from '../report/report'

/** What the provider (Stripe) tells about an intent. */
export interface ProviderIntent {
  status: string
  last_payment_error?: { message?: string } | null
}

export interface ProviderError {
  type: string
  code?: string
  message?: string
}

export type ProviderResult =
  | { paymentIntent: ProviderIntent; error?: undefined }
  | { error: ProviderError; paymentIntent?: undefined }

/**
 * The card provider as the flow needs it; `stripe-provider.ts` adapts Stripe.js and its
 * Payment Element to it.
 */
export interface PaymentProvider {
  /** The payment method chosen in the form (`card`, `bancontact`…). */
  method(): string
  /** Validates the form (Stripe: `elements.submit()`); an error stops the payment. */
  submit(): Promise<ProviderError | null>
  confirm(args: { clientSecret: string; billing: Contact }): Promise<ProviderResult>
  retrieve(clientSecret: string): Promise<ProviderResult>
  handleNextAction(clientSecret: string): Promise<ProviderResult>
}

/** Redirect-based methods leave the page; the others finish in place (3-D Secure included). */
const STAYS_ON_PAGE = new Set(['card'])

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

/**
 * Reads the cart's lines again from the catalogue just before the order is created, applying
 * what changed to the cart: `ok` to go on, otherwise why Pay stops.
 */
export type PayCheck = () => Promise<'ok' | 'cart-changed' | 'sold-out'>

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

export interface ControllerOptions {
  store: Store
  now?: () => Date
  sleep?: (ms: number) => Promise<void>
  /** Waits between attempts of a step after the charge; after the last one the page gives up. */
  retryDelays?: readonly number[]
  /**
   * Where `pageshow` is heard (back/forward cache). Default: the window; null: nowhere (tests
   * that create many controllers).
   */
  pageEvents?: EventTarget | null
  /**
   * Internal: a controller that finishes another tab's charged order from its pending record, in
   * a store of its own. It shows nothing and looks for no other pending order.
   */
  background?: boolean
}

export const RETRY_DELAYS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const

const log = (message: string, error?: unknown) => reportError({ area: 'payment', message, error })

class Failure extends Error {
  constructor(readonly failure: PaymentFailure) {
    super(`Payment failed: ${failure.kind}`)
  }
}

/** The page came back from the back/forward cache: the confirmation it awaited is read instead. */
class Abandoned extends Error {
  constructor() {
    super('The confirmation was left for the bank; it is read from the provider instead')
  }
}

/** The checkout and the confirmation e-mail are done: the order is confirmed (the thank-you). */
const isConfirmed = (p: PaymentProgress) =>
  p.done.includes('checkout') && p.done.includes('confirmation')

export function createPaymentController(options: ControllerOptions) {
  const { store } = options
  const now = options.now ?? (() => new Date())
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const delays = options.retryDelays ?? RETRY_DELAYS
  const background = options.background ?? false
  const listeners = new Set<() => void>()
  let status: PaymentStatus = { state: 'idle', failure: null }
  let running: Promise<void> | null = null
  /** Ends the wait between two attempts at once (the shopper's "Try again now"). */
  let wake: (() => void) | null = null
  /** The provider of the last pay or resume: what a page restored from the cache reads with. */
  let lastProvider: PaymentProvider | null = null
  /** Settles the confirmation this page is waiting for, when it will never answer (bfcache). */
  let abandonConfirmation: (() => void) | null = null

  const setStatus = (next: PaymentStatus) => {
    status = next
    listeners.forEach((l) => l())
  }
  const progress = () => store.getState().payment
  /** Every change is mirrored for the other tabs while the payment is confirming or charged. */
  const dispatch = (event: PaymentEvent) => {
    const before = progress()
    store.update((d) => {
      d.payment = castDraft(transition(before, event))
    })
    const after = progress()
    if (!before || after === before) return
    // After a logout this page keeps finishing its order but writes no contacts back.
    if (after && loggedOut.has(after.id) && after.phase !== 'finished' && after.phase !== 'open')
      return
    mirrorPending(before.id, after)
  }
  /** Flows under way when the shopper logged out (their pending record was forgotten then). */
  const loggedOut = new Set<string>()
  /** Set by `stop()`: no further step is started. */
  let stopped = false
  const paidOrder = (p: PaymentProgress): PaidOrder => ({
    orderId: p.orderId ?? '',
    total: p.snapshot.total,
    orderPoints: p.snapshot.orderPoints,
  })

  /** One run at a time per page: a second call while one runs joins it. */
  /** Aborted by `stop()`: no call of this controller outlives it. */
  const lifetime = new AbortController()
  /** The controllers finishing other tabs' orders, running now (`finishOtherTabs`). */
  const children = new Set<{ stop: () => void }>()

  function exclusive(run: () => Promise<void>): Promise<void> {
    running ??= run().finally(() => {
      running = null
    })
    return running
  }

  /** Every root hears the cart's new content. */
  const cartChanged = () => announceCart(store.getState().cart)

  /**
   * What was paid leaves the cart; anything added meanwhile stays, and every root hears it. What
   * stays is a new cart, with an identity of its own: the next purchase is not the paid one.
   */
  function removePaidFromCart(p: PaymentProgress) {
    store.update((d) => {
      d.cart = castDraft({ ...cartAfterCharge(d.cart, p.snapshot), id: randomId() })
    })
    cartChanged()
  }

  /**
   * The charge succeeded: every tab learns the order number and the cart id, the paid content
   * leaves the cart.
   */
  async function onCharged() {
    const p = progress()
    if (!p?.orderId) return
    // A progress saved before snapshots carried the cart id has none to record.
    const recorded = recordPaid(p.orderId, p.snapshot.cartId)
    removePaidFromCart(p)
    // Inside the locks: their next holder sees the marks.
    await recorded
  }

  /**
   * Another tab sharing this cart (a tab duplicated before Pay) paid it: nothing of this tab's
   * flow is started, and the cart starts afresh (empty, a new id).
   */
  function cartAlreadyPaid() {
    store.update((d) => {
      d.payment = null
      d.cart = castDraft(emptyCart())
    })
    cartChanged()
    setStatus({ state: 'idle', failure: { kind: 'already-paid' } })
  }

  /** This tab holds an order another tab has paid: forget it and keep only what came after. */
  function alreadyPaid(p: PaymentProgress) {
    store.update((d) => {
      d.payment = null
    })
    removePaidFromCart(p)
    setStatus({ state: 'idle', failure: { kind: 'already-paid' } })
  }

  async function runStep(p: PaymentProgress, step: AfterChargeStep): Promise<void> {
    const s = p.snapshot
    const orderId = p.orderId ?? ''
    const key = { idempotencyKey: idempotencyKey(p, step), signal: lifetime.signal }
    switch (step) {
      case 'checkout':
        try {
          await checkoutOrder(orderId, key)
        } catch (error) {
          // The back office refuses a second checkout: the order IS checked out.
          if (!(error instanceof HttpError && error.status === 409)) throw error
        }
        return
      case 'confirmation':
        return sendOrderConfirmation(
          {
            cartlines: s.lines,
            shipping: s.shippingCost,
            total: s.total,
            invoice: s.invoice,
            delivery: s.delivery,
            redeemedPoints: s.redeemedPoints,
            redeemedPointsAmount: s.redeemedPointsAmount,
            locale: s.locale,
            orderId,
          },
          key,
        )
      case 'redeemed':
      case 'earned':
        return updateUserPoints(
          {
            userEmail: s.user.email,
            date: nlBeDate(now()),
            document: orderId,
            points: pointsOf(s, step),
          },
          key,
        )
    }
  }

  /** The order is confirmed: the thank-you, with the recap of the charged snapshot. */
  function thank(p: PaymentProgress) {
    if (status.state !== 'finished') setStatus({ state: 'finished', order: paidOrder(p) })
  }

  /** This run sent the confirmation: the host page and the analytics hear of the order once. */
  function announce(p: PaymentProgress) {
    getBus().emit('order:paid', {
      orderId: p.orderId ?? '',
      total: p.snapshot.total,
      items: p.snapshot.lines,
      shippingCost: p.snapshot.shippingCost,
      discount: p.snapshot.redeemedPointsAmount,
    })
  }

  /**
   * The steps after the charge, with backoff, under the order's lock. A step another tab already
   * did (`paid-orders.ts`) is marked done without calling the back office again.
   */
  async function finishSteps(): Promise<void> {
    let attempt = 0
    for (;;) {
      const p = progress()
      if (stopped || !p || (p.phase !== 'charged' && p.phase !== 'finished')) return
      if (isConfirmed(p)) thank(p)
      const action = nextAction(p)
      if (action.do !== 'step') return
      const orderId = p.orderId ?? ''
      if (await isStepDoneByAnyTab(orderId, action.step)) {
        dispatch({ type: 'step-done', step: action.step })
        continue
      }
      try {
        await runStep(p, action.step)
      } catch (error) {
        // Stopped meanwhile (set by `stop()`, which narrowing does not follow): its call was
        // aborted, nothing failed.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
        if (stopped) return
        const wait = delays[attempt]
        // The card is charged: a host's error tracker must hear this one, the last one above all.
        log(
          `Finishing order ${orderId} (${action.step}) failed; ${wait === undefined ? 'stopped until the next page load' : 'retrying'}`,
          error,
        )
        // Once thanked, the points go on behind the thank-you: the shopper is told nothing new.
        if (wait === undefined) {
          if (status.state !== 'finished') setStatus({ state: 'finishing', stalled: true })
          return
        }
        if (status.state !== 'finished') setStatus({ state: 'finishing', stalled: attempt >= 2 })
        attempt += 1
        await Promise.race([sleep(wait), new Promise<void>((resolve) => (wake = resolve))])
        wake = null
        continue
      }
      await recordStepDoneByThisTab(orderId, action.step)
      dispatch({ type: 'step-done', step: action.step })
      if (action.step === 'confirmation') announce(p)
      attempt = 0
    }
  }

  async function finish(): Promise<void> {
    const start = progress()
    if (!start || (start.phase !== 'charged' && start.phase !== 'finished')) return
    if (status.state !== 'finished') setStatus({ state: 'finishing', stalled: false })
    await withPaymentLock(start.id, async () => {
      if (background) {
        // Another tab may have moved on while this one waited for the lock: start from now.
        const fresh = pendingPayment(start.id)
        if (!fresh) return
        store.update((d) => void (d.payment = castDraft(fresh)))
      }
      await finishSteps()
    })
    const p = progress()
    if (p?.phase !== 'finished') return
    thank(p)
    // The balance refresh is a courtesy: its failure is only logged and never holds the order.
    // Awaited, so nothing of this payment is still running when pay() or resume() settles.
    if (background) return
    try {
      const points = await getUpdatedPoints(p.snapshot.user.email)
      store.update((d) => {
        if (d.session.user?.email === p.snapshot.user.email) d.session.points = points
      })
    } catch (error) {
      log('The droplets balance could not be refreshed', error)
    }
  }

  /** Reads a lost confirmation's outcome from the provider; continues it, never repeats it. */
  async function settle(provider: PaymentProvider, p: PaymentProgress): Promise<void> {
    const secret = p.intent?.secret
    if (!secret) {
      dispatch({ type: 'not-charged' })
      return
    }
    let result = await provider.retrieve(secret)
    if (
      result.paymentIntent?.status === 'requires_action' &&
      STAYS_ON_PAGE.has(p.method ?? '') &&
      !returnParams()
    ) {
      // 3-D Secure interrupted by a reload: show the same authentication again.
      result = await provider.handleNextAction(secret)
    }
    await outcome(result)
  }

  /** Applies the provider's answer about the current confirmation. */
  async function outcome(result: ProviderResult): Promise<void> {
    const intent = result.paymentIntent
    if (intent?.status === 'succeeded') {
      dispatch({ type: 'charged' })
      await onCharged()
      return
    }
    if (intent?.status === 'processing') {
      // The bank has not answered yet: nothing is charged or refused; check again later.
      throw new Failure({ kind: 'processing' })
    }
    dispatch({ type: 'not-charged' })
    if (result.error) {
      log('The payment was not confirmed', result.error)
      const { type, message } = result.error
      if ((type === 'card_error' || type === 'validation_error') && message)
        throw new Failure({ kind: 'card', message })
      throw new Failure({ kind: 'processing' })
    }
    const message = intent?.last_payment_error?.message
    if (message) throw new Failure({ kind: 'card', message })
    throw new Failure({ kind: 'not-completed' })
  }

  async function charge(provider: PaymentProvider, locale: Locale): Promise<void> {
    for (;;) {
      const p = progress()
      if (!p) return
      if (p.orderId && p.phase === 'open' && (await isOrderPaidByAnyTab(p.orderId))) {
        alreadyPaid(p)
        return
      }
      const action = nextAction(p)
      switch (action.do) {
        case 'create-order': {
          const s = p.snapshot
          const orderId = await attempt('order', 'Order creation', () =>
            createOrderInOdoo(
              {
                locale,
                contacts: { invoice: s.invoice, delivery: s.delivery, vat: s.vat },
                cartlines: s.lines,
              },
              { idempotencyKey: idempotencyKey(p, 'create-order'), signal: lifetime.signal },
            ),
          )
          dispatch({ type: 'order-created', orderId })
          store.update((d) => {
            d.cart.orderId = orderId
          })
          break
        }
        case 'skip-charge':
          dispatch({ type: 'charged' })
          await onCharged()
          return
        case 'create-intent': {
          const s = p.snapshot
          const secret = await attempt('intent', 'Payment intent', () =>
            createPaymentIntent(
              {
                amount_total: s.amount,
                name: p.orderId ?? '',
                orderId: p.orderId ?? '',
                customer_name: s.invoice.name.trim() || s.user.name,
                customer_email: s.invoice.email.trim() || s.user.email,
              },
              { idempotencyKey: idempotencyKey(p, 'create-intent'), signal: lifetime.signal },
            ),
          )
          dispatch({ type: 'intent-created', secret, amount: s.amount })
          break
        }
        case 'confirm': {
          const secret = p.intent?.secret ?? ''
          dispatch({ type: 'confirming', method: provider.method() })
          let result: ProviderResult
          try {
            result = await confirmOrAbandon(provider, secret, p.snapshot.invoice)
          } catch (error) {
            if (error instanceof Abandoned) throw error
            // The provider's script failed: we do not know the outcome; read it.
            log('The payment confirmation failed', error)
            result = await provider.retrieve(secret)
          }
          if (result.error?.code === 'payment_intent_unexpected_state') {
            // Already confirmed elsewhere (another attempt, another tab): read, never repeat.
            result = await provider.retrieve(secret)
          }
          await outcome(result)
          return
        }
        case 'retrieve':
          return settle(provider, p)
        default:
          return
      }
    }
  }

  /**
   * The provider's confirmation, unless the page is restored from the back/forward cache first:
   * a confirmation that left for the bank never answers, and the intent is then read instead.
   */
  async function confirmOrAbandon(
    provider: PaymentProvider,
    clientSecret: string,
    billing: Contact,
  ): Promise<ProviderResult> {
    const abandoned = new Promise<null>((resolve) => {
      abandonConfirmation = () => resolve(null)
    })
    try {
      const result = await Promise.race([provider.confirm({ clientSecret, billing }), abandoned])
      if (!result) throw new Abandoned()
      return result
    } finally {
      abandonConfirmation = null
    }
  }

  async function attempt<T>(kind: 'order' | 'intent', what: string, run: () => Promise<T>) {
    try {
      return await run()
    } catch (error) {
      log(`${what} failed`, error)
      throw new Failure({ kind })
    }
  }

  function failWith(error: unknown) {
    if (error instanceof Failure) setStatus({ state: 'idle', failure: error.failure })
    else {
      log('The payment failed', error)
      setStatus({ state: 'idle', failure: { kind: 'processing' } })
    }
  }

  /**
   * Pay button: snapshot the cart, then order → intent → confirmation → steps. The start and the
   * charge run under the cart's lock, after checking that no other tab sharing the cart (a tab
   * duplicated before Pay) has paid it: flow ids differ with the content, the cart id is shared.
   * `check` (the cart page's catalogue check) runs after the form's check and before anything is
   * created; a cart it changed is not paid: the shopper sees the new figures and presses Pay again.
   */
  function pay(provider: PaymentProvider, locale: Locale, check?: PayCheck): Promise<void> {
    lastProvider = provider
    return exclusive(async () => {
      const { cart, contacts, session } = store.getState()
      if (!session.isLoggedIn || !session.user) {
        setStatus({ state: 'idle', failure: { kind: 'processing' } })
        return
      }
      const user = session.user
      setStatus({ state: 'paying' })
      let snapshot = takeSnapshot({ cart, contacts, user, locale })
      // What the start will give (the progress is this tab's own: nothing else changes it).
      const next = transition(progress(), { type: 'start', snapshot, id: flowId(snapshot) })
      if (!next) return
      try {
        // Before any wait (the lock): the form is checked within the click (wallets need it).
        if (next.phase === 'open' && next.snapshot.amount > 0) {
          const invalid = await provider.submit()
          if (invalid) {
            setStatus({
              state: 'idle',
              failure: invalid.message
                ? { kind: 'card', message: invalid.message }
                : { kind: 'processing' },
            })
            return
          }
        }
        // Only before the charge: a confirmation or charge under way pays what it froze.
        if (next.phase === 'open' && check) {
          const verdict = await check()
          // The check may have taken stock figures alone (no content change): pay the cart as
          // it is now; a content that changed anyway is the shopper's to see first.
          const now = store.getState()
          const fresh = takeSnapshot({ cart: now.cart, contacts: now.contacts, user, locale })
          if (verdict !== 'ok' || contentKey(fresh) !== contentKey(snapshot)) {
            setStatus({
              state: 'idle',
              failure: { kind: verdict === 'ok' ? 'cart-changed' : verdict },
            })
            return
          }
          snapshot = fresh
        }
        const start: PaymentEvent = { type: 'start', snapshot, id: flowId(snapshot) }
        await withCartLock(cart.id, async () => {
          const own = progress()
          // This tab's own order was paid elsewhere: only what was added since stays (even when
          // the content changed since, which would otherwise start a new flow for all of it).
          if (own?.phase === 'open' && own.orderId && (await isOrderPaidByAnyTab(own.orderId))) {
            alreadyPaid(own)
            return
          }
          // A confirmation or charge of its own is read and finished by `charge`, never dropped.
          const ownUnderWay = own?.phase === 'confirming' || own?.phase === 'charged'
          if (!ownUnderWay && (await isCartPaidByAnyTab(cart.id))) {
            cartAlreadyPaid()
            return
          }
          dispatch(start)
          const p = progress()
          if (!p) return
          if (p.phase === 'open' && p.snapshot.amount > 0)
            getBus().emit('payment:submitted', {
              items: p.snapshot.lines,
              method: provider.method(),
            })
          await withPaymentLock(p.id, () => charge(provider, locale))
        })
      } catch (error) {
        // Back from the cache: the resume that follows reads the intent and tells the outcome.
        if (error instanceof Abandoned) setStatus({ state: 'checking' })
        else failWith(error)
        return
      }
      if (progress()?.phase === 'charged') await finish()
      else if (status.state === 'paying') setStatus({ state: 'idle', failure: null })
    })
  }

  /** The flow this tab took over from a redirect return (its cart is put back if not charged). */
  let adopted: string | null = null

  /**
   * A bank redirect came back into this tab without its progress (a new tab, a cleared session):
   * the pending record of that intent becomes this tab's progress, to be read from the provider.
   */
  function adoptRedirectReturn(): void {
    const back = returnParams()
    if (!back) return
    const own = progress()
    if (own?.intent?.secret === back.secret) return
    // This tab is in the middle of another payment: that one is not dropped for the return.
    if (own && own.phase !== 'open' && own.phase !== 'finished') return
    const record = readPendingPayments().find((r) => r.progress.intent?.secret === back.secret)
    if (!record) return
    store.update((d) => void (d.payment = castDraft(record.progress)))
    adopted = record.progress.id
  }

  /** A redirect return that was not charged, into a tab with an empty cart: the cart is put back. */
  function restoreCart(p: PaymentProgress) {
    if (adopted !== p.id || p.phase !== 'open' || store.getState().cart.lines.length > 0) return
    const s = p.snapshot
    store.update((d) => {
      d.cart = castDraft({
        // The cart it was taken from (not charged: still unpaid), or this tab's.
        id: s.cartId ?? d.cart.id,
        orderId: p.orderId,
        lines: s.lines,
        shippingCost: s.shippingCost,
        redeemedPoints: s.redeemedPoints,
        redeemedPointsAmount: s.redeemedPointsAmount,
      })
      // The contacts too, where this tab has none (the shopper reviews them before paying again).
      if (!d.contacts.delivery.street) d.contacts.delivery = { ...s.delivery }
      if (!d.contacts.invoice.street) d.contacts.invoice = { ...s.invoice }
      if (!d.contacts.vat.number && s.vat.number) d.contacts.vat = { ...s.vat }
    })
    cartChanged()
  }

  /**
   * Charged orders other tabs left unfinished (closed after the charge, or thanked with points
   * still to send): each is finished here, in a store of its own, under its lock. This tab's own
   * payment is left to it; a confirmation held by another tab is left to that tab.
   */
  async function finishOtherTabs(): Promise<void> {
    if (background) return
    const own = progress()
    for (const { progress: p } of readPendingPayments()) {
      // This tab's own confirmation or charge is its business; a tab sharing its cart and content
      // (the same flow id) that charged while this one stayed open is finished here.
      if (p.phase !== 'charged' || (p.id === own?.id && own.phase !== 'open')) continue
      const elsewhere = createStore({ readSaved: () => null, storage: null })
      elsewhere.update((d) => void (d.payment = castDraft(p)))
      const child = createPaymentController({
        ...options,
        store: elsewhere,
        background: true,
        pageEvents: null,
      })
      // Stopping this controller stops what it started: no retry of it outlives it.
      children.add(child)
      try {
        await child.resume()
      } catch (error) {
        log(`Finishing order ${p.orderId ?? ''} from another tab failed`, error)
      } finally {
        children.delete(child)
      }
    }
  }

  /**
   * Page load: finish a charged order; with a provider, settle a confirmation the page lost (a
   * reload, a bank redirect, even into a tab that lacks the progress); a progress whose order
   * another tab paid is dropped. A finished one from an earlier page is forgotten (its thank-you
   * was shown there), and so is a confirmed one whose points are left: those go on out of sight.
   * Then the charged orders other tabs left are finished too.
   */
  function resume(provider?: PaymentProvider): Promise<void> {
    if (provider) lastProvider = provider
    // A call with a provider never merely joins one without (the cart's and the entry's calls).
    if (running && provider) return running.catch(() => undefined).then(() => resume(provider))
    return exclusive(async () => {
      if (provider) adoptRedirectReturn()
      await resumeOwn(provider)
      await finishOtherTabs()
    })
  }

  async function resumeOwn(provider?: PaymentProvider): Promise<void> {
    const p = progress()
    if (!p) return
    if (p.phase === 'finished') {
      if (status.state !== 'finished') store.update((d) => void (d.payment = null))
      return
    }
    if (p.phase === 'open') {
      if (p.orderId && isOrderPaid(p.orderId)) alreadyPaid(p)
      return
    }
    if (p.phase === 'charged' && isConfirmed(p) && !background && status.state !== 'finished') {
      // Thanked on an earlier page: the points finish out of sight, as for any other tab.
      mirrorPending(p.id, p)
      store.update((d) => void (d.payment = null))
      return
    }
    if (p.phase === 'confirming') {
      if (!provider) return
      setStatus({ state: 'checking' })
      try {
        await withPaymentLock(p.id, async () => {
          const current = progress()
          if (current?.phase === 'confirming') await settle(provider, current)
        })
      } catch (error) {
        const after = progress()
        if (after) restoreCart(after)
        failWith(error)
        return
      } finally {
        clearReturnParams()
      }
    }
    if (progress()?.phase === 'charged') await finish()
    else if (status.state === 'checking') setStatus({ state: 'idle', failure: null })
  }

  /**
   * Back/forward cache: a page that left for the bank (the shopper pressed Back there) is shown
   * again with its pay() still waiting for a confirmation that never answers. The wait is ended
   * and the intent read, as a reload would.
   */
  function onPageShow(event: Event) {
    if (!('persisted' in event) || event.persisted !== true) return
    if (progress()?.phase !== 'confirming' || !lastProvider) return
    abandonConfirmation?.()
    void resume(lastProvider)
  }
  const pageEvents =
    // No window in node (tests), whatever the DOM types say.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    options.pageEvents === undefined ? (globalThis.window ?? null) : options.pageEvents
  if (!background) pageEvents?.addEventListener('pageshow', onPageShow)
  const stopHearingLogout = getBus().on('user:logged-out', () => {
    const id = progress()?.id
    if (id) loggedOut.add(id)
  })

  /** Stops this controller: no further step starts, no page event is heard (tests, teardown). */
  function stop(): void {
    stopped = true
    lifetime.abort()
    for (const child of children) child.stop()
    children.clear()
    wake?.() // a wait between tries ends now, and the loop sees `stopped`
    pageEvents?.removeEventListener('pageshow', onPageShow)
    stopHearingLogout()
  }

  /** Try the remaining steps again now (after a stalled finish, or during a wait between tries). */
  function retry(): Promise<void> {
    // While the steps wait between attempts, the next attempt starts now.
    wake?.()
    return exclusive(finish)
  }

  return {
    pay,
    resume,
    retry,
    stop,
    getStatus: () => status,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

export type PaymentController = ReturnType<typeof createPaymentController>

/** The provider's return parameters (`return_url?payment_intent=…&redirect_status=…`), if any. */
export function returnParams(): { secret: string; status: string } | null {
  if (typeof window === 'undefined') return null
  const query = new URLSearchParams(window.location.search)
  const secret = query.get('payment_intent_client_secret')
  return secret ? { secret, status: query.get('redirect_status') ?? '' } : null
}

/** Handled once: a reload of the return page must not look like a second return. */
function clearReturnParams() {
  if (typeof window === 'undefined' || !returnParams()) return
  const url = new URL(window.location.href)
  for (const name of ['payment_intent', 'payment_intent_client_secret', 'redirect_status'])
    url.searchParams.delete(name)
  window.history.replaceState(window.history.state, '', url)
}
