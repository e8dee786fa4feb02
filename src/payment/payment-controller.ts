/**
 * Runs the payment flow (`src/domain/payment-flow.ts`, the pure state machine): one controller
 * per page, shared by every root. The progress lives in the page's store (sessionStorage), so a
 * reload, a bank redirect or a 3-D Secure interruption resumes where it stopped; what the shopper
 * is told right now (`status.ts`) lives here, in memory.
 *
 * - `pay(provider)`: from the Pay button. Freezes the snapshot, then charges (`charge.ts`) and
 *   finishes the steps after the charge (`after-charge.ts`).
 * - `resume(provider?)`: on page load (`resume.ts`). A confirmation the page lost is read from
 *   the provider (`confirmation.ts`), never repeated; a charged order finishes its steps; a bank
 *   return into another tab and the orders other tabs left are taken over (`redirect-return.ts`).
 * Everything runs under Web Locks and records every tab shares (`cross-tab.ts`): a duplicated
 * tab never pays the same order or cart twice nor repeats a step another tab did.
 */
import { takeSnapshot } from '../domain/payment-flow'
import type { Locale } from '../domain/types'
import type { Store } from '../store/store'
import { finish as finishSteps } from './after-charge'
import { checkBeforePay, startAndCharge, type PayCheck } from './charge'
import { createConfirmation } from './confirmation'
import type { PaymentProvider } from './provider'
import { adoptRedirectReturn, finishOtherTabs } from './redirect-return'
import { resumeOwn } from './resume'
import { BACKOFF_MS, createRetryer } from './retryer'
import { Abandoned, createRun, failWith } from './run'

export type { PaymentProvider, ProviderError, ProviderIntent, ProviderResult } from './provider'
export type { PaidOrder, PaymentFailure, PaymentStatus } from './status'
export { returnParams } from './redirect-return'
export type { PayCheck } from './charge'

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

export const RETRY_DELAYS = BACKOFF_MS

export function createPaymentController(options: ControllerOptions) {
  const { store } = options
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const background = options.background ?? false
  const now = options.now ?? (() => new Date())
  const { run, getStatus, subscribe, stop: stopRun } = createRun(store, { now, background })
  const progress = () => store.getState().payment
  /** One run at a time per page: a second call while one runs joins it. */
  let running: Promise<void> | null = null
  /** The provider of the last pay or resume: what a page restored from the cache reads with. */
  let lastProvider: PaymentProvider | null = null
  /** The flow this tab took over from a redirect return (its cart is put back if not charged). */
  let adopted: string | null = null
  /** The controllers finishing other tabs' orders, running now: stopped with this one. */
  const children = new Set<{ stop: () => void }>()
  const retryer = createRetryer(options.retryDelays ?? RETRY_DELAYS, sleep)
  const confirmation = createConfirmation(run)
  const finish = () => finishSteps(run, retryer)

  function exclusive(task: () => Promise<void>): Promise<void> {
    running ??= task().finally(() => {
      running = null
    })
    return running
  }

  /** The end of a run: a charged order finishes its steps; otherwise the shopper may pay again. */
  async function settle(): Promise<void> {
    if (progress()?.phase === 'charged') await finish()
    else run.tell({ type: 'settled' })
  }

  /** Pay button: snapshot the cart, check it, charge it, then finish the steps after the charge. */
  function pay(provider: PaymentProvider, locale: Locale, check?: PayCheck): Promise<void> {
    lastProvider = provider
    return exclusive(async () => {
      const { cart, contacts, session } = store.getState()
      // The Pay button needs both; a call without them (a script, a stale button) pays nothing.
      if (!session.isLoggedIn || !session.user || !contacts.ageConfirmed) {
        run.tell({ type: 'fail', failure: { kind: 'processing' } })
        return
      }
      run.tell({ type: 'pay' })
      const request = { provider, locale, check, user: session.user }
      const taken = takeSnapshot({ cart, contacts, user: session.user, locale })
      try {
        const snapshot = await checkBeforePay(run, request, taken)
        if (!snapshot) return
        await startAndCharge(run, confirmation, request, cart.id, snapshot)
      } catch (error) {
        // Back from the cache: the resume that follows reads the intent and tells the outcome.
        if (error instanceof Abandoned) run.tell({ type: 'read' })
        else failWith(run, error)
        return
      }
      await settle()
    })
  }

  /**
   * Page load: this tab's own progress (`resume.ts`; with a provider, a confirmation the page
   * lost is read, even one a bank return brought into this tab), then the charged orders other
   * tabs left.
   */
  function resume(provider?: PaymentProvider): Promise<void> {
    if (provider) lastProvider = provider
    // A call with a provider never merely joins one without (the cart's and the entry's calls).
    if (running && provider) return running.catch(() => undefined).then(() => resume(provider))
    return exclusive(async () => {
      if (provider) adopted = adoptRedirectReturn(store) ?? adopted
      const thanked = getStatus().state === 'finished'
      await resumeOwn(run, { provider, confirmation, adopted, thanked, settle })
      if (!background) await finishOtherTabs(progress(), finishElsewhere)
    })
  }

  /** Another tab's charged order, finished in its own store by a controller that shows nothing. */
  async function finishElsewhere(elsewhere: Store): Promise<void> {
    const child = createPaymentController({
      ...options,
      store: elsewhere,
      background: true,
      pageEvents: null,
    })
    children.add(child)
    try {
      await child.resume()
    } finally {
      children.delete(child)
    }
  }

  /**
   * Back/forward cache: a page that left for the bank (the shopper pressed Back there) is shown
   * again with its pay() still waiting for a confirmation that never answers. The wait is ended
   * and the intent read, as a reload would.
   */
  function onPageShow(event: Event) {
    if (!('persisted' in event) || event.persisted !== true) return
    if (progress()?.phase !== 'confirming' || !lastProvider) return
    confirmation.abandon()
    void resume(lastProvider)
  }
  const pageEvents =
    // No window in node (tests), whatever the DOM types say.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    options.pageEvents === undefined ? (globalThis.window ?? null) : options.pageEvents
  if (!background) pageEvents?.addEventListener('pageshow', onPageShow)

  /** Stops this controller: no further step starts, no page event is heard (tests, teardown). */
  function stop(): void {
    stopRun()
    for (const child of children) child.stop()
    children.clear()
    retryer.wake() // a wait between tries ends now, and the loop sees `stopped`
    pageEvents?.removeEventListener('pageshow', onPageShow)
  }

  /** Try the remaining steps again now (after a stalled finish, or during a wait between tries). */
  function retry(): Promise<void> {
    retryer.wake()
    return exclusive(finish)
  }

  return {
    pay,
    resume,
    retry,
    stop,
    getStatus,
    subscribe,
  }
}

export type PaymentController = ReturnType<typeof createPaymentController>
