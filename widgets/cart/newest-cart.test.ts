// @vitest-environment jsdom -- needs sessionStorage
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { cartLine } from '../../mocks/test-setups/cart'
import { wineLine } from '../../fixtures/checkout'
import type { CartLine } from '../../src/domain/types'
import { addToCart, removeFromCart, updateCartQuantity } from '../../src/store/cart-actions'
import { readSavedState } from '../../src/store/saved-state'
import { getStore } from '../../src/store/shared-store'
import { createStore } from '../../src/store/store'
import { STORAGE_KEY, type StoreState } from '../../src/store/state'
import { checkCart } from './catalogue-check'
import { redeemDroplets } from './checkout-actions'

/** A wine another page of the tab adds. */
const wineB: CartLine = wineLine({ id: '5000', odooId: 5000, odooCode: 'W5000', name: 'Wine B' })

const saved = (): StoreState['cart'] =>
  (JSON.parse(sessionStorage.getItem(STORAGE_KEY)!) as StoreState).cart

/**
 * This page read the cart (one line), then another page of the tab saved a newer cart with wine
 * B (this page kept in the back/forward cache, or still finishing a request): this page's copy is
 * older than what the tab saved.
 */
function anotherPageAddsWineB(): void {
  createStore({ readSaved: readSavedState }).update((d) => {
    d.cart.lines.push(wineB)
  })
  expect(
    getStore()
      .getState()
      .cart.lines.map((l) => l.name),
  ).not.toContain('Wine B')
}

describe('a cart change on a page with an older copy keeps what another page saved', () => {
  it.each([
    ['a quantity change', () => updateCartQuantity(cartLine().id, 8)],
    ['an add', () => addToCart(cartLine({ quantity: 2 }))],
    ['redeeming droplets', () => redeemDroplets(10, 500)],
  ])('%s', (_, change) => {
    addToCart(cartLine())
    anotherPageAddsWineB()
    change()
    expect(saved().lines.map((l) => l.name)).toEqual(['Falize Tradition', 'Wine B'])
    expect(getStore().getState().cart).toEqual(saved())
  })

  it('a removal removes only its line', () => {
    addToCart(cartLine())
    anotherPageAddsWineB()
    removeFromCart(cartLine().id)
    expect(saved().lines.map((l) => l.name)).toEqual(['Wine B'])
  })

  it("the catalogue's reading, answered after another page changed the cart, keeps that change", async () => {
    addToCart(cartLine({ price: 1 }))
    const check = checkCart(new QueryClient(), 'en', 'open')
    // While the catalogue is read, another page raises the quantity and adds wine B.
    createStore({ readSaved: readSavedState }).update((d) => {
      d.cart.lines[0]!.quantity = 9
      d.cart.lines.push(wineB)
    })
    await check
    const [first, second] = saved().lines
    expect(first).toMatchObject({ name: 'Falize Tradition', quantity: 9 })
    // The catalogue's price replaced the remembered one.
    expect(first!.price).not.toBe(1)
    expect(second?.name).toBe('Wine B')
  })
})
