import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { QueryClient } from '@tanstack/react-query'
import { clearFaults, setFault } from '../../mocks/faults'
import { HTTP_500, NETWORK_ERROR, type NamedFault } from '../../mocks/test-setups/faults'
import { TEST_CARDS } from '../../mocks/fake-stripe'
import {
  figure,
  renderOnPaymentTab,
  setDemoConfig,
  shippingQuotes,
} from '../../mocks/test-setups/cart'
import { RULES_TIMEOUT_MS } from '../../src/services/rules'
import { getStore } from '../../src/store/shared-store'
import { SHIPPING_RETRY_DELAYS_MS, shippingRetryDelay } from './use-shipping-quote'
import { answerTo, loggedCallFailure } from '../../mocks/test-setups/console'

const TEXTS = {
  en: {
    unavailable: "The shipping cost can't be calculated right now. We'll keep trying.",
    retry: 'Try again now',
    needShipping: 'Payment opens once the shipping cost is known.',
  },
  fr: {
    unavailable:
      "Les frais de livraison ne peuvent pas être calculés pour l'instant. Nous réessayons.",
    retry: 'Réessayer maintenant',
    needShipping: "Le paiement s'ouvre dès que les frais de livraison sont connus.",
  },
} as const

const payButton = () => screen.getByRole('button', { name: /^(Pay|Payer) / })

/** The shown shipping quote: how many of its tries in a row failed so far. */
const failedTries = (client: QueryClient) =>
  client.getQueryCache().find({ queryKey: ['shipping-quote'], exact: false, type: 'active' })?.state
    .fetchFailureCount ?? 0

async function enterCard(user: UserEvent, locale: 'en' | 'fr') {
  const name = { en: 'Card number', fr: 'Numéro de carte' }[locale]
  await user.type(await screen.findByRole('textbox', { name }), TEST_CARDS.success)
}

vi.setConfig({ testTimeout: 30_000 })

beforeEach(setDemoConfig)

afterEach(() => {
  vi.useRealTimers()
})

describe('the shipping quote retries', () => {
  const failures: NamedFault[] = [
    HTTP_500,
    NETWORK_ERROR,
    ['a malformed answer', { kind: 'malformed' }],
    ['an answer slower than its timeout', { kind: 'delay', ms: RULES_TIMEOUT_MS + 2_000 }],
  ]

  it.each(failures)(
    'failing (%s): a neutral line, no address guidance; once the service is back, the fee and Pay by themselves',
    async (label, fault) => {
      const slow = label.includes('slower')
      // Fake timers that follow the clock meanwhile: the test moves them past the timeout and the
      // wait before the next automatic try.
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      setFault('rules', fault)
      const { user } = await renderOnPaymentTab('en')
      if (slow) await vi.advanceTimersByTimeAsync(RULES_TIMEOUT_MS)
      expect(await screen.findByText(TEXTS.en.unavailable)).toBeVisible()
      expect(screen.getByRole('button', { name: TEXTS.en.retry })).toBeVisible()
      expect(screen.queryByText(/check the delivery address/i)).not.toBeInTheDocument()
      expect(screen.queryByText('Free')).not.toBeInTheDocument()
      expect(screen.getByText(TEXTS.en.needShipping)).toBeVisible()
      // Only logged, never an alert.
      // Once, however many automatic tries fail after it.
      expect(error).toHaveBeenCalledTimes(1)
      expect(error).toHaveBeenCalledWith(
        ...loggedCallFailure(
          'Shipping calculation failed',
          'POST /api/rules/evaluate/shipping',
          answerTo(fault),
        ),
      )
      await enterCard(user, 'en')
      expect(payButton()).toBeDisabled()

      clearFaults('rules') // the service is back: the next automatic try gets the fee
      // However many tries failed so far, the next one is due within the longest wait.
      await vi.advanceTimersByTimeAsync(SHIPPING_RETRY_DELAYS_MS.at(-1)!)
      await waitFor(() => expect(figure('Shipping cost')).toBe('€9.95'), { timeout: 10_000 })
      expect(getStore().getState().contacts.isValidShipping).toBe(true)
      expect(screen.queryByText(TEXTS.en.unavailable)).not.toBeInTheDocument()
      expect(screen.queryByText(TEXTS.en.needShipping)).not.toBeInTheDocument()
      await waitFor(() => expect(payButton()).toBeEnabled())
      expect(payButton()).toHaveTextContent('Pay €84.95')
      expect(shippingQuotes().length).toBeGreaterThanOrEqual(2)
    },
  )

  it('(fr) keeps trying while the service is down; "try again now" asks at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    setFault('rules', { kind: 'status', status: 503 })
    const { user, client } = await renderOnPaymentTab('fr')
    expect(await screen.findByText(TEXTS.fr.unavailable)).toBeVisible()
    // Each automatic try, after a wait of 1, 2, 4, 8 then 16 s of fake time, fails too; the next
    // wait starts once a try has failed.
    for (const [i, ms] of SHIPPING_RETRY_DELAYS_MS.slice(0, -1).entries()) {
      await waitFor(() => expect(failedTries(client)).toBe(i + 1))
      await vi.advanceTimersByTimeAsync(ms)
      await waitFor(() => expect(shippingQuotes()).toHaveLength(i + 2))
    }
    await waitFor(() => expect(failedTries(client)).toBe(SHIPPING_RETRY_DELAYS_MS.length))
    expect(screen.getByText(TEXTS.fr.unavailable)).toBeVisible()
    // The next automatic try waits 30 s; "try again now" asks well before (10 s of fake time,
    // which follows the clock).
    clearFaults('rules')
    await user.click(screen.getByRole('button', { name: TEXTS.fr.retry }))
    const failed = SHIPPING_RETRY_DELAYS_MS.length
    await waitFor(() => expect(shippingQuotes()).toHaveLength(failed + 1), { timeout: 10_000 })
    await waitFor(() => expect(figure('Frais de livraison')).toBe('9,95 €'))
    await enterCard(user, 'fr')
    await waitFor(() => expect(payButton()).toBeEnabled())
  })
})

describe('shippingRetryDelay', () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, 16_000],
    [6, 30_000],
    [7, 30_000],
    [50, 30_000],
  ])('after %i failures in a row waits %i ms', (failures, ms) => {
    expect(shippingRetryDelay(failures)).toBe(ms)
  })
})
