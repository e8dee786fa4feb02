/**
 * The steps after the charge: checkout, confirmation e-mail, then the points (redeemed, then
 * earned), each from the charged snapshot with its own idempotency key, on the shared retryer.
 * The card is charged, so a failing step is retried rather than reported to the shopper as a
 * failed payment; the thank-you shows once checkout and e-mail are done, and the points go on
 * behind it. A step another tab already did is marked done without calling the back office.
 */
import { castDraft } from 'immer'
import {
  checkoutOrder,
  getUpdatedPoints,
  sendOrderConfirmation,
  updateUserPoints,
} from '../api/orders'
import { getBus } from '../bus/bus'
import { nlBeDate } from '../domain/dates'
import {
  idempotencyKey,
  nextAction,
  pointsOf,
  type AfterChargeStep,
  type PaymentProgress,
} from '../domain/payment-flow'
import { HttpError } from '../http/http'
import {
  isStepDoneByAnyTab,
  latestRecord,
  recordStepDoneByThisTab,
  withPaymentLock,
} from './cross-tab'
import type { Retryer } from './retryer'
import { log, type PaymentRun } from './run'

async function runStep(run: PaymentRun, p: PaymentProgress, step: AfterChargeStep) {
  const s = p.snapshot
  const orderId = p.orderId ?? ''
  const key = { idempotencyKey: idempotencyKey(p, step), signal: run.signal }
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
          date: nlBeDate(run.now()),
          document: orderId,
          points: pointsOf(s, step),
        },
        key,
      )
  }
}

/** The tab that sent the confirmation tells the host page and the analytics, once. */
function announce(p: PaymentProgress): void {
  getBus().emit('order:paid', {
    orderId: p.orderId ?? '',
    total: p.snapshot.total,
    items: p.snapshot.lines,
    shippingCost: p.snapshot.shippingCost,
    discount: p.snapshot.redeemedPointsAmount,
  })
}

const isCharged = (p: PaymentProgress | null): p is PaymentProgress =>
  p?.phase === 'charged' || p?.phase === 'finished'

async function finishSteps(run: PaymentRun, retryer: Retryer): Promise<void> {
  retryer.reset()
  for (;;) {
    const p = run.progress()
    if (run.isStopped() || !isCharged(p)) return
    run.tell({ type: 'progress', progress: p })
    const action = nextAction(p)
    if (action.do !== 'step') return
    const orderId = p.orderId ?? ''
    if (await isStepDoneByAnyTab(orderId, action.step)) {
      run.dispatch({ type: 'step-done', step: action.step })
      continue
    }
    try {
      await runStep(run, p, action.step)
    } catch (error) {
      // Stopped meanwhile: its call was aborted, nothing failed.
      if (run.isStopped()) return
      const wait = retryer.nextDelay()
      // The card is charged: a host's error tracker must hear this one, the last one above all.
      log(
        `Finishing order ${orderId} (${action.step}) failed; ${wait === undefined ? 'stopped until the next page load' : 'retrying'}`,
        error,
      )
      // Once thanked, the points go on behind the thank-you: the shopper is told nothing new.
      if (wait === undefined) {
        run.tell({ type: 'finishing', stalled: true })
        return
      }
      run.tell({ type: 'finishing', stalled: retryer.failures() >= 2 })
      await retryer.pause()
      continue
    }
    await recordStepDoneByThisTab(orderId, action.step)
    run.dispatch({ type: 'step-done', step: action.step })
    if (action.step === 'confirmation') announce(p)
    retryer.reset()
  }
}

/**
 * Runs the remaining steps under the flow's lock, then refreshes the droplets balance. The
 * refresh is a courtesy: its failure is only logged and never holds the order back. It is
 * awaited, so nothing of this payment still runs when pay() or resume() settles.
 */
export async function finish(run: PaymentRun, retryer: Retryer): Promise<void> {
  const start = run.progress()
  if (!isCharged(start)) return
  run.tell({ type: 'finishing', stalled: false })
  await withPaymentLock(start.id, async () => {
    if (run.background) {
      // Another tab may have moved on while this one waited for the lock: start from now.
      const fresh = latestRecord(start.id)
      if (!fresh) return
      run.store.update((d) => void (d.payment = castDraft(fresh)))
    }
    await finishSteps(run, retryer)
  })
  const p = run.progress()
  if (p?.phase !== 'finished') return
  run.tell({ type: 'progress', progress: p })
  if (run.background) return
  try {
    const points = await getUpdatedPoints(p.snapshot.user.email)
    run.store.update((d) => {
      if (d.session.user?.email === p.snapshot.user.email) d.session.points = points
    })
  } catch (error) {
    log('The droplets balance could not be refreshed', error)
  }
}
