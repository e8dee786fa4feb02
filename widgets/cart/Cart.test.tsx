import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { cartLine, figure, plain, renderCart } from '../../mocks/test-setups/cart'
import { db } from '../../mocks/db'
import { CLAIRE } from '../../fixtures/users'
import { getStore } from '../../src/store/shared-store'
import { addToCart } from '../../src/store/cart-actions'

const promoLine = cartLine({
  id: '200001',
  odooCode: 'W10001',
  name: 'Kluisberg Pinot',
  vintage: '2020',
  quantity: 2,
  price: 45.45,
  qty_available: 39,
  promotion: { type: 'points', points: 2, bogof: null },
})

const linesInStore = () => getStore().getState().cart.lines

describe('cart: empty', () => {
  it.each([
    ['en', 'The cart is empty'],
    ['fr', 'Le panier est vide'],
    ['nl', 'Je winkelwagen is leeg'],
  ] as const)('says so in %s', async (locale, message) => {
    await renderCart(locale)
    expect(screen.getByText(message)).toBeVisible()
    expect(screen.queryByRole('list', { name: /lines|Lignes|Artikelen/ })).not.toBeInTheDocument()
  })
})

describe('cart: lines and totals', () => {
  it('lists the lines with unit price and line total, and the total box (en)', async () => {
    addToCart(cartLine())
    addToCart(promoLine)
    await renderCart('en')
    const lines = within(screen.getByRole('list', { name: 'Cart lines' })).getAllByRole('listitem')
    expect(lines).toHaveLength(2)
    expect(plain(lines[0]!.textContent)).toContain('Falize Tradition')
    expect(plain(lines[0]!.textContent)).toContain('2021 · 75cl')
    expect(plain(lines[0]!.textContent)).toContain('€75.00')
    expect(plain(lines[1]!.textContent)).toContain('2× droplets')
    expect(figure('Subtotal')).toBe('€165.90')
    expect(figure('Shipping')).toBe('Calculated once your delivery address is known')
    expect(figure('Total')).toContain('€165.90')
    // floor((75 + 5) / 10) = 8, plus floor((90.90 + 5) / 10) × 2 = 18
    expect(screen.getByText('Droplets earned with this order: 26')).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Why order from us' })).toBeInTheDocument()
    expect(plain(screen.getByText(/Free delivery in Belgium from/).textContent)).toContain(
      'Free delivery in Belgium from €150.00',
    )
    expect(screen.getByText('Not happy? Your money back')).toBeVisible()
  })

  it('shows each line with its label image and a link back to its page (nl)', async () => {
    addToCart(
      cartLine({
        url: '/nl/wijnen/falize-tradition#2021-75cl',
        image: '/assets/labels/label-02.svg',
      }),
    )
    addToCart(
      cartLine({
        id: 'BUN-001',
        odooCode: 'BUN-001',
        name: 'Belgisch ontdekkingspakket',
        type: 'bundle',
        vintage: null,
        volume: null,
        url: '/nl/pakketten/belgian-discovery',
      }),
    )
    // A line saved before lines knew their page, and one whose saved address was tampered with.
    addToCart(cartLine({ id: '200102', name: 'Oude regel' }))
    addToCart(cartLine({ id: '200103', name: 'Rare regel', url: 'javascript:alert(1)' }))
    await renderCart('nl')
    const lines = within(screen.getByRole('list', { name: 'Artikelen in je winkelwagen' }))
    expect(lines.getByRole('link', { name: 'Falize Tradition' })).toHaveAttribute(
      'href',
      '/nl/wijnen/falize-tradition#2021-75cl',
    )
    expect(lines.getByRole('link', { name: 'Belgisch ontdekkingspakket' })).toHaveAttribute(
      'href',
      '/nl/pakketten/belgian-discovery',
    )
    expect(lines.queryByRole('link', { name: 'Oude regel' })).toBeNull()
    expect(lines.getByText('Oude regel')).toBeVisible()
    expect(lines.queryByRole('link', { name: 'Rare regel' })).toBeNull()
    const [wine, box, old] = lines.getAllByRole('listitem')
    // The thumbnail is decorative: the name beside it says what it is.
    expect(wine!.querySelector('img')).toHaveAttribute('src', '/assets/labels/label-02.svg')
    expect(wine!.querySelector('img')).toHaveAttribute('alt', '')
    expect(box!.querySelector('[data-line-drawing="bundle"]')).not.toBeNull()
    expect(old!.querySelector('[data-line-drawing="product"]')).not.toBeNull()
  })

  it('draws the claims icons as inline SVG, never emoji that need an emoji font (fr)', async () => {
    addToCart(cartLine())
    await renderCart('fr')
    const claims = screen.getByRole('region', { name: 'Pourquoi commander chez nous' })
    const items = within(claims).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    for (const item of items) {
      const icon = item.querySelector('svg')
      expect(icon).toHaveAttribute('aria-hidden', 'true')
      expect(item.textContent).not.toMatch(/\p{Extended_Pictographic}|↺/u)
    }
    expect(plain(items[0]!.textContent)).toContain('150,00 €')
  })

  it('changes a quantity within the stock with plus, minus and the field (fr)', async () => {
    addToCart(cartLine({ quantity: 6, qty_available: 14 }))
    const { user } = await renderCart('fr')
    const field = screen.getByLabelText('Quantité de Falize Tradition')
    // Two quick taps, the second before the page re-rendered the first: both count.
    await user.click(screen.getByRole('button', { name: 'Plus de Falize Tradition' }))
    await user.click(screen.getByRole('button', { name: 'Plus de Falize Tradition' }))
    // The page's opening work (session, catalogue) may re-render it just then: judged once drawn.
    await waitFor(() => expect(field).toHaveValue('14'))
    expect(screen.getByRole('button', { name: 'Plus de Falize Tradition' })).toBeDisabled()
    // The field shows a step in the tap's paint; the cart takes it after that paint.
    await waitFor(() => expect(linesInStore()[0]!.quantity).toBe(14))
    await user.click(screen.getByRole('button', { name: 'Moins de Falize Tradition' }))
    expect(field).toHaveValue('8')
    await user.clear(field)
    await user.type(field, '500')
    await user.tab()
    expect(field).toHaveValue('14')
    await user.clear(field)
    await user.type(field, '3{Enter}')
    expect(linesInStore()[0]!.quantity).toBe(3)
    await user.clear(field)
    await user.tab()
    expect(field).toHaveValue('1')
    expect(figure('Sous-total')).toBe('12,50 €')
  })

  it("shows a step in the tap's paint and puts it in the cart after; a typed quantity then wins", async () => {
    addToCart(cartLine({ quantity: 6, qty_available: 14 }))
    await renderCart('en')
    const field = screen.getByLabelText('Quantity of Falize Tradition')
    const plus = screen.getByRole('button', { name: 'More of Falize Tradition' })
    fireEvent.click(plus)
    // The field at once; the cart (and every figure read from it) after the paint.
    expect(field).toHaveValue('12')
    expect(linesInStore()[0]!.quantity).toBe(6)
    await waitFor(() => expect(linesInStore()[0]!.quantity).toBe(12))
    // A step, then a quantity typed and left before that paint: the typed one is the cart's.
    fireEvent.click(plus)
    expect(field).toHaveValue('14')
    fireEvent.change(field, { target: { value: '3' } })
    fireEvent.blur(field)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(linesInStore()[0]!.quantity).toBe(3)
    expect(field).toHaveValue('3')
  })

  it('removes a line, announces it, and shows the empty cart after the last one (nl)', async () => {
    addToCart(cartLine())
    addToCart(promoLine)
    const { user } = await renderCart('nl')
    await user.click(screen.getByRole('button', { name: 'Falize Tradition verwijderen' }))
    expect(screen.getByRole('status')).toHaveTextContent(
      'Falize Tradition is uit de winkelwagen verwijderd.',
    )
    expect(linesInStore().map((l) => l.id)).toEqual(['200001'])
    await user.click(screen.getByRole('button', { name: 'Kluisberg Pinot verwijderen' }))
    expect(screen.getByText('Je winkelwagen is leeg')).toBeVisible()
  })

  it('follows changes made by another root at once (en)', async () => {
    await renderCart('en')
    expect(screen.getByText('The cart is empty')).toBeVisible()
    act(() => {
      addToCart(cartLine())
    })
    expect(screen.getByRole('list', { name: 'Cart lines' })).toBeVisible()
  })

  it('shows the shipping cost and the redeemed droplets once they are known (en)', async () => {
    addToCart(cartLine({ quantity: 10 }))
    getStore().update((d) => {
      d.contacts.isValidShipping = true
      d.cart.shippingCost = 9.95
      d.cart.redeemedPoints = 100
      d.cart.redeemedPointsAmount = 20
    })
    await renderCart('en')
    expect(figure('Shipping')).toBe('€9.95')
    expect(figure('Droplets redeemed')).toBe('-€20.00')
    expect(figure('Total')).toContain('€114.95')
  })
})

describe('cart: droplets and login', () => {
  it('tells visitors to log in and shows the login box with its subheader (en)', async () => {
    addToCart(cartLine())
    await renderCart('en')
    expect(screen.getByText('Log in to earn them and see your balance.')).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Confirm your order' })).toBeVisible()
    expect(screen.getByText('Login or Sign Up to confirm your order')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'How do droplets work?' })).not.toBeInTheDocument()
  })

  it('shows a logged-in user the balance and the rules from the redemption tiers (fr)', async () => {
    db.sessionEmail = CLAIRE.email
    addToCart(cartLine())
    const { user } = await renderCart('fr')
    expect(await screen.findByText('Gouttes sur votre compte : 420')).toBeVisible()
    expect(screen.queryByText(/Connectez-vous ou inscrivez-vous/)).not.toBeInTheDocument()
    const help = screen.getByRole('button', { name: 'Comment fonctionnent les gouttes ?' })
    expect(help).toHaveAttribute('aria-expanded', 'false')
    await user.click(help)
    const rules = screen.getByRole('dialog', { name: 'Règles des gouttes' })
    expect(rules).toHaveFocus()
    const tiers = within(rules)
      .getAllByRole('listitem')
      .map((li) => plain(li.textContent))
    expect(tiers).toEqual([
      'À partir de 100 gouttes : 0,20 € par goutte',
      'À partir de 200 gouttes : 0,40 € par goutte',
      'À partir de 400 gouttes : 1,00 € par goutte',
    ])
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(help).toHaveFocus()
  })

  it('logs in from the cart without leaving the page (nl)', async () => {
    addToCart(cartLine())
    const { user } = await renderCart('nl')
    await user.type(screen.getByLabelText('E-mailadres'), CLAIRE.email)
    await user.type(screen.getByLabelText('Wachtwoord'), CLAIRE.password)
    await user.click(screen.getByRole('button', { name: 'Inloggen' }))
    expect(await screen.findByText('Druppels op je account: 420')).toBeVisible()
    expect(screen.queryByText(/Log in of registreer je/)).not.toBeInTheDocument()
    expect(linesInStore()).toHaveLength(1)
  })
})
