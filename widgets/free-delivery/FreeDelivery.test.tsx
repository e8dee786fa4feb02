import { describe, expect, it } from 'vitest'
import { act, screen } from '@testing-library/react'
import { renderWidget } from '../../mocks/render-widget'
import { wineLine } from '../../fixtures/checkout'
import { addToCart, removeFromCart, updateCartQuantity } from '../../src/store/cart-actions'
import { freeDelivery } from './index'

/** Intl's no-break spaces as plain ones, to compare with the texts as a shopper reads them. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')
const banner = () => plain(screen.getByRole('status').textContent)

/** 5 bottles at 25.30: 126.50 EUR, 23.50 short of free delivery. */
const falize = wineLine({ id: '200101', price: 25.3, quantity: 5 })

describe('free-delivery', () => {
  it.each([
    ['en', 'Free delivery in Belgium from €150.00'],
    ['fr', 'Livraison gratuite en Belgique dès 150,00 €'],
    ['nl', 'Gratis levering in België vanaf € 150,00'],
  ] as const)(
    'offers free delivery on an empty cart (%s), as a polite status',
    async (locale, text) => {
      await renderWidget(freeDelivery, { locale })
      expect(banner()).toBe(text)
      // role="status" is a polite live region: read after what the screen reader is saying.
      expect(screen.getByRole('status')).not.toHaveAttribute('aria-live', 'assertive')
    },
  )

  it.each([
    ['en', '€23.50 more for free delivery in Belgium'],
    ['fr', 'Plus que 23,50 € pour la livraison gratuite en Belgique'],
    ['nl', 'Nog € 23,50 tot gratis levering in België'],
  ] as const)('says how much is left below 150 EUR (%s)', async (locale, text) => {
    addToCart(falize)
    await renderWidget(freeDelivery, { locale })
    expect(banner()).toBe(text)
  })

  it('says the order qualifies at exactly 150 EUR', async () => {
    addToCart(wineLine({ price: 25, quantity: 6 }))
    await renderWidget(freeDelivery, { locale: 'en' })
    expect(banner()).toBe('Your order qualifies for free delivery in Belgium')
  })

  it('says the order qualifies below 150 EUR when a line ships the order free', async () => {
    addToCart(
      wineLine({ id: 'BUN-001', type: 'bundle', price: 59.95, quantity: 1, free_shipping: true }),
    )
    await renderWidget(freeDelivery, { locale: 'fr' })
    expect(banner()).toBe('Votre commande bénéficie de la livraison gratuite en Belgique')
  })

  it('follows the cart as the shopper changes it, in the same live region', async () => {
    await renderWidget(freeDelivery, { locale: 'en' })
    const region = screen.getByRole('status')
    act(() => void addToCart(falize))
    expect(banner()).toBe('€23.50 more for free delivery in Belgium')
    act(() => void updateCartQuantity(falize.id, 6))
    expect(banner()).toBe('Your order qualifies for free delivery in Belgium')
    act(() => void removeFromCart(falize.id))
    expect(banner()).toBe('Free delivery in Belgium from €150.00')
    // The same element throughout: a live region announces changes to itself, not a new one.
    expect(screen.getByRole('status')).toBe(region)
  })
})
