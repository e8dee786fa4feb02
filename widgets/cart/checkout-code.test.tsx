/**
 * The checkout's code (contacts, VAT, Stripe's form, the redemption) is one chunk the cart loads
 * on demand. This file never loads it before its tests: each test sees the cart decide.
 */
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { cartLine, renderCart } from '../../mocks/test-setups/cart'
import { db } from '../../mocks/db'
import { CLAIRE } from '../../fixtures/users'
import { addToCart } from '../../src/store/cart-actions'
import { checkoutLoaded } from './checkout-code'

describe('the checkout code, loaded when the cart needs it', () => {
  it('is not loaded for an empty cart (fr)', async () => {
    await renderCart('fr')
    expect(screen.getByText('Le panier est vide')).toBeVisible()
    expect(checkoutLoaded()).toBe(false)
  })

  it('loads when a visitor with lines turns to the login box, and the checkout follows the login (nl)', async () => {
    addToCart(cartLine())
    const { user } = await renderCart('nl')
    expect(screen.getByRole('heading', { name: 'Je bestelling bevestigen' })).toBeVisible()
    expect(checkoutLoaded()).toBe(false)

    await user.click(screen.getByLabelText('E-mailadres'))
    await waitFor(() => expect(checkoutLoaded()).toBe(true))

    await user.type(screen.getByLabelText('E-mailadres'), CLAIRE.email)
    await user.type(screen.getByLabelText('Wachtwoord', { exact: true }), CLAIRE.password)
    await user.keyboard('{Enter}')
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['Levering', 'Facturatie', 'Betaling'])
    expect(db.sessionEmail).toBe(CLAIRE.email)
  })
})
