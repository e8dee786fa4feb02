import { describe, expect, it } from 'vitest'
import { cartPath } from './cart-page'

describe('cartPath (/{locale}/cart, localized words cart, panier, winkelwagen)', () => {
  it.each([
    ['en', '/en/cart'],
    ['fr', '/fr/panier'],
    ['nl', '/nl/winkelwagen'],
  ] as const)('%s → %s', (locale, path) => {
    expect(cartPath(locale)).toBe(path)
  })
})
