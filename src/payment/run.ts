/**
 * What the parts of a payment controller share: its store and progress, its lifetime, and the
 * status it tells. One per controller; each part receives it instead of reaching into a closure.
 */
import { castDraft } from 'immer'
import { transition, type PaymentEvent, type PaymentProgress } from '../domain/payment-flow'
import { reportError } from '../report/report'
import type { Store } from '../store/store'
import { pendingMirror } from './cross-tab'
import { createSubscribable } from '../subscribable'
import {
  IDLE,
  nextStatus,
  type PaymentFailure,
  type PaymentStatus,
  type StatusEvent,
} from './status'

export interface PaymentRun {
  store: Store
  now: () => Date
  /** Finishes another tab's charged order: shows nothing, looks for no other order. */
  background: boolean
  /** Aborted by `stop()`: no call of the controller outlives it. */
  signal: AbortSignal
  progress(): PaymentProgress | null
  /** Moves the flow (the pure state machine) and mirrors it for the other tabs. */
  dispatch(event: PaymentEvent): void
  isStopped(): boolean
  /** Reports what the run does; the shopper's status follows (`nextStatus`). */
  tell(event: StatusEvent): void
}

/**
 * A controller's run over `store`: the flow's progress, mirrored for the other tabs on every
 * change, and the status its listeners hear.
 */
export function createRun(
  store: Store,
  { now, background }: { now: () => Date; background: boolean },
) {
  const listeners = createSubscribable()
  let status: PaymentStatus = IDLE
  let stopped = false
  const lifetime = new AbortController()
  const progress = () => store.getState().payment
  const mirror = pendingMirror(progress)
  const run: PaymentRun = {
    store,
    now,
    background,
    signal: lifetime.signal,
    progress,
    dispatch(event) {
      // The transition reads the newest progress: another tab's page may have moved it.
      const before = store.update((d, newest) => {
        d.payment = castDraft(transition(newest.payment, event))
        return newest.payment
      })
      mirror.write(before, progress())
    },
    isStopped: () => stopped,
    tell(event) {
      const next = nextStatus(status, event)
      if (next === status) return
      status = next
      listeners.notify()
    },
  }
  return {
    run,
    getStatus: (): PaymentStatus => status,
    subscribe: listeners.subscribe,
    /** No further step starts, the call in flight is aborted, no logout is heard any more. */
    stop: () => {
      stopped = true
      lifetime.abort()
      mirror.stop()
    },
  }
}

export const log = (message: string, error?: unknown) =>
  reportError({ area: 'payment', message, error })

/** Why a payment stopped, as the shopper is told. */
export class Failure extends Error {
  constructor(readonly failure: PaymentFailure) {
    super(`Payment failed: ${failure.kind}`)
  }
}

/** The page came back from the back/forward cache: the confirmation it awaited is read instead. */
export class Abandoned extends Error {
  constructor() {
    super('The confirmation was left for the bank; it is read from the provider instead')
  }
}

/** A failure as the shopper is told it; anything unexpected is logged and told as processing. */
export function failWith(run: PaymentRun, error: unknown): void {
  if (error instanceof Failure) run.tell({ type: 'fail', failure: error.failure })
  else {
    log('The payment failed', error)
    run.tell({ type: 'fail', failure: { kind: 'processing' } })
  }
}
