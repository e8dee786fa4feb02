/**
 * The provider's confirmation and its read-back. A confirmation whose answer the page lost (a
 * reload during 3-D Secure, a return from the bank, a page restored from the back/forward cache)
 * is READ from the provider and only continued, never confirmed again: a succeeded intent
 * confirmed twice would at best be refused and at worst be charged twice.
 */
import type { Contact } from '../domain/types'
import type { PaymentProgress } from '../domain/payment-flow'
import { onCharged } from './cart-effects'
import { staysOnPage, type PaymentProvider, type ProviderResult } from './provider'
import { returnParams } from './redirect-return'
import { Abandoned, Failure, log, type PaymentRun } from './run'

/** Applies the provider's answer about the current confirmation. */
async function outcome(run: PaymentRun, result: ProviderResult): Promise<void> {
  const intent = result.paymentIntent
  if (intent?.status === 'succeeded') {
    run.dispatch({ type: 'charged' })
    await onCharged(run)
    return
  }
  if (intent?.status === 'processing') {
    // The bank has not answered yet: nothing is charged or refused; check again later.
    throw new Failure({ kind: 'processing' })
  }
  run.dispatch({ type: 'not-charged' })
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

export function createConfirmation(run: PaymentRun) {
  /** Settles the confirmation this page waits for, when it will never answer (bfcache). */
  let abandonConfirmation: (() => void) | null = null

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

  /** Hands the intent to the provider for confirmation and applies its answer. */
  async function confirm(provider: PaymentProvider, p: PaymentProgress): Promise<void> {
    const secret = p.intent?.secret ?? ''
    run.dispatch({ type: 'confirming', method: provider.method() })
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
    await outcome(run, result)
  }

  /** Reads a lost confirmation's outcome from the provider; continues it, never repeats it. */
  async function settle(provider: PaymentProvider, p: PaymentProgress): Promise<void> {
    const secret = p.intent?.secret
    if (!secret) {
      run.dispatch({ type: 'not-charged' })
      return
    }
    let result = await provider.retrieve(secret)
    if (
      result.paymentIntent?.status === 'requires_action' &&
      staysOnPage(p.method) &&
      !returnParams()
    ) {
      // 3-D Secure interrupted by a reload: show the same authentication again.
      result = await provider.handleNextAction(secret)
    }
    await outcome(run, result)
  }

  return {
    confirm,
    settle,
    /** Ends the wait for a confirmation that will never answer: the flow reads the intent. */
    abandon: () => abandonConfirmation?.(),
  }
}

export type Confirmation = ReturnType<typeof createConfirmation>
