import { expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { callsOf } from '../../mocks/db'
import { renderOnPaymentTab } from '../../mocks/test-setups/cart'
import { setPageConfig } from '../../src/config/config'

// Stripe.js fails to load.
vi.mock('@stripe/stripe-js', () => ({
  loadStripe: () => Promise.reject(new Error('Failed to load Stripe.js')),
}))

it('shows the processing error when the card provider fails to load (fr)', async () => {
  // A production page: no test stand-in registered, so the real loader runs.
  delete window.wineWidgetsServices
  setPageConfig({
    config: { demo: false, rules: { url: '/api/rules' }, stripe: { publishableKey: 'pk_live_x' } },
    problems: [],
  })
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  await renderOnPaymentTab('fr')
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Une erreur est survenue pendant le traitement du paiement',
  )
  expect(screen.queryByRole('button', { name: /Payer/ })).not.toBeInTheDocument()
  expect(callsOf('createorderinodoo')).toHaveLength(0)
  expect(error.mock.calls.some((c) => String(c[0]).includes('failed to load'))).toBe(true)
})
