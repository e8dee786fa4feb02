/**
 * A logged-in shopper with lines opens the cart page: its first render waits for the checkout's
 * code (under the widget's reserved space), so the lines never show without the checkout below
 * them, which would then push the page down. This file never loads that code before its test.
 */
import { expect, it } from 'vitest'
import { act, screen } from '@testing-library/react'
import { cartLine, renderCart } from '../../mocks/test-setups/cart'
import { db } from '../../mocks/db'
import { CLAIRE } from '../../fixtures/users'
import { addToCart } from '../../src/store/cart-actions'
import { getStore } from '../../src/store/shared-store'
import { checkoutLoaded } from './checkout-code'

it('draws the lines and the checkout in one render for a logged-in shopper (fr)', async () => {
  addToCart(cartLine())
  getStore().update((d) => {
    d.session = { isLoggedIn: true, user: { ...CLAIRE }, points: 420 }
  })
  db.sessionEmail = CLAIRE.email
  expect(checkoutLoaded()).toBe(false)
  let linesWithoutCheckout = 0
  const watch = new MutationObserver(() => {
    const lines = document.querySelector('[data-widget="cart"] ul li')
    if (lines && !document.querySelector('[role="tablist"]')) linesWithoutCheckout += 1
  })
  watch.observe(document.body, { childList: true, subtree: true })
  try {
    // Awaited in act: the first render suspends, and act then waits for the code it waits on.
    await act(() => renderCart('fr'))
    expect(await screen.findByRole('tablist')).toBeVisible()
    expect(screen.getByRole('list', { name: 'Lignes du panier' })).toBeVisible()
  } finally {
    watch.disconnect()
  }
  expect(linesWithoutCheckout).toBe(0)
})
