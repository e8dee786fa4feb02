import { expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf, db } from '../../mocks/db'
import { wineLine } from '../../fixtures/checkout'
import { CLAIRE } from '../../fixtures/users'
import { setPageConfig } from '../../src/config/config'
import { addToCart } from '../../src/store/cart-actions'
import { setContacts } from '../../src/store/contacts-actions'
import { emptyContacts } from '../../src/store/state'
import { cart } from './index'

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
  const contact = {
    name: 'Claire Dubois',
    street: 'Rue de la Loi 16',
    zip: '1000',
    city: 'Bruxelles',
    country: 'Belgique',
    country_code: 'BE',
    email: CLAIRE.email,
    phone: '0470',
  }
  setContacts({ ...emptyContacts(), delivery: contact, invoice: contact })
  db.sessionEmail = CLAIRE.email
  addToCart(wineLine({ price: 12.5, qty_available: 20, free_qty: 20 }))
  const user = userEvent.setup()
  await renderWidget(cart, { locale: 'fr' })
  await user.click(await screen.findByRole('tab', { name: 'Paiement' }))
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Une erreur est survenue pendant le traitement du paiement',
  )
  expect(screen.queryByRole('button', { name: /Payer/ })).not.toBeInTheDocument()
  expect(callsOf('createorderinodoo')).toHaveLength(0)
  expect(error.mock.calls.some((c) => String(c[0]).includes('failed to load'))).toBe(true)
})
