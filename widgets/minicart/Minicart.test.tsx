import { describe, expect, it } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { wineLine } from '../../fixtures/checkout'
import type { CartLine } from '../../src/domain/types'
import { addToCart, removeFromCart } from '../../src/store/cart-actions'
import { minicart } from './index'

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')

/** 6 × Domaine de la Falize Tradition 2021 at 12.50, 30 in stock. */
const line = (overrides: Partial<CartLine> = {}): CartLine =>
  wineLine({
    name: 'Domaine de la Falize Tradition',
    price: 12.5,
    qty_available: 30,
    free_qty: 30,
    ...overrides,
  })

const bundleLine = line({
  id: 'BUN-001',
  odooCode: 'BUN-001',
  name: 'Coffret découverte belge',
  vintage: null,
  volume: null,
  quantity: 1,
  price: 59.95,
  type: 'bundle',
})

describe('minicart', () => {
  it('shows no badge on an empty cart and, on keyboard focus, says the cart is empty (en)', async () => {
    const user = userEvent.setup()
    await renderWidget(minicart, { locale: 'en' })
    const button = screen.getByRole('button', { name: 'Cart, number of items: 0' })
    // No "0" badge: only the icon shows until something is in the cart.
    expect(button).toHaveTextContent(/^$/)
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await user.tab()
    expect(button).toHaveFocus()
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('Your cart is empty.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/en/cart')
  })

  it('lists name, vintage, volume, quantity and line total on hover, with the subtotal without shipping (fr)', async () => {
    addToCart(line())
    addToCart(bundleLine)
    const user = userEvent.setup()
    const { element } = await renderWidget(minicart, { locale: 'fr' })
    const button = screen.getByRole('button', { name: "Panier, nombre d'articles : 7" })
    expect(button).toHaveTextContent('7')
    await user.hover(element.firstElementChild!)
    const list = screen.getByRole('list')
    const [wine, box] = within(list).getAllByRole('listitem')
    expect(plain(wine!.textContent)).toContain('Domaine de la Falize Tradition')
    expect(plain(wine!.textContent)).toContain('2021 · 75cl')
    expect(plain(wine!.textContent)).toContain('Quantité : 6')
    expect(plain(wine!.textContent)).toContain('75,00 €')
    expect(plain(box!.textContent)).toContain('Coffret')
    expect(plain(box!.textContent)).toContain('59,95 €')
    const subtotal = screen.getByText('Sous-total').closest('p')!
    expect(plain(subtotal.textContent)).toContain('(hors frais de livraison)')
    expect(plain(subtotal.textContent)).toContain('134,95 €')
    expect(screen.getByRole('link', { name: 'Voir le panier' })).toHaveAttribute(
      'href',
      '/fr/panier',
    )
  })

  it('updates at once when another root changes the cart, and closes on Escape (nl)', async () => {
    const user = userEvent.setup()
    await renderWidget(minicart, { locale: 'nl' })
    expect(screen.getByRole('button', { name: 'Winkelwagen, aantal artikelen: 0' })).toBeVisible()
    act(() => {
      addToCart(line({ quantity: 12 }))
    })
    const button = screen.getByRole('button', { name: 'Winkelwagen, aantal artikelen: 12' })
    expect(button).toHaveTextContent('12')
    await user.click(button)
    expect(plain(screen.getByText('Subtotaal').closest('p')!.textContent)).toContain(
      'zonder verzendkosten',
    )
    expect(screen.getByRole('link', { name: 'Naar de winkelwagen' })).toHaveAttribute(
      'href',
      '/nl/winkelwagen',
    )
    await user.keyboard('{Escape}')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveFocus()
    act(() => {
      removeFromCart('200101')
    })
    expect(screen.getByRole('button', { name: 'Winkelwagen, aantal artikelen: 0' })).toBeVisible()
    expect(button).toHaveTextContent(/^$/)
  })
})
