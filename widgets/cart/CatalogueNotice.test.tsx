/**
 * The cart reads its lines again from the catalogue when the page opens and when Pay is pressed:
 * what changed (price, stock, promotion) is applied to the cart and named in one notice above the
 * lines, in the shopper's language; a Pay that met a change creates and charges nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { changeCatalogue } from '../../mocks/catalogue'
import { callsOf, db } from '../../mocks/db'
import { setFault } from '../../mocks/faults'
import { FAKE_ELEMENT_TEXTS, TEST_CARDS } from '../../mocks/fake-stripe'
import { stripeServer } from '../../mocks/stripe-server'
import {
  cartLine,
  figure,
  plain,
  renderCart,
  renderOnPaymentTab,
  setDemoConfig,
} from '../../mocks/test-setups/cart'
import type { CartLine, Locale } from '../../src/domain/types'
import { addToCart } from '../../src/store/cart-actions'
import { getStore } from '../../src/store/shared-store'
import { getBus } from '../../src/bus/bus'
import { checkCart } from './catalogue-check'

const state = () => getStore().getState()

/** 2 × Kluisberg Pinot 2020 at 45.45, droplets ×2. */
const PINOT = cartLine({
  id: '200001',
  odooCode: 'W10001',
  odooId: 200001,
  name: 'Kluisberg Pinot',
  vintage: '2020',
  quantity: 2,
  price: 45.45,
  qty_available: 39,
  promotion: { type: 'points', points: 2, bogof: null },
})

/** 3 × Hoenshof Rosé 2022 at 12.50. */
const ROSE: CartLine = cartLine({
  id: '200102',
  odooId: 200102,
  name: 'Hoenshof Rosé',
  vintage: '2022',
  quantity: 3,
})

/** The notice above the lines: its list of changes, and the polite live region it sits in. */
function notice(title: string) {
  const box = screen.getByText(title).parentElement!
  return {
    box,
    items: () =>
      within(box)
        .getAllByRole('listitem')
        .map((li) => plain(li.textContent)),
  }
}

const PAY = { fr: /^Payer /, nl: /^Betaal / } as const
const payButton = (locale: 'fr' | 'nl') => screen.getByRole('button', { name: PAY[locale] })

async function enterCard(user: UserEvent, locale: Locale) {
  const input = await screen.findByRole('textbox', { name: FAKE_ELEMENT_TEXTS[locale].cardNumber })
  await user.type(input, TEST_CARDS.success)
}

/** On the payment tab with a valid card, Pay ready. */
async function readyToPay(locale: 'fr' | 'nl', lines: CartLine[]) {
  const rendered = await renderOnPaymentTab(locale, lines)
  await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
  await enterCard(rendered.user, locale)
  await waitFor(() => expect(payButton(locale)).toBeEnabled())
  return rendered
}

vi.setConfig({ testTimeout: 30_000 })

beforeEach(setDemoConfig)

describe('when the cart page opens', () => {
  it('applies and names each change in French; the totals follow; a line gone stays, out of stock', async () => {
    addToCart(cartLine())
    addToCart(PINOT)
    addToCart(ROSE)
    const { user } = await renderCart('fr', {
      catalogue: {
        '200101': { price: 13.95 },
        '200001': { qty_available: 1, promotion: { type: 'none', points: 1, bogof: null } },
        '200102': { gone: true },
      },
    })
    const title = 'Certains articles de votre panier ont changé depuis que vous les avez ajoutés :'
    await screen.findByText(title)
    const { box, items } = notice(title)
    expect(items()).toEqual([
      'Falize Tradition 2021 · 75cl : nouveau prix 12,50 € → 13,95 €',
      'Kluisberg Pinot 2020 · 75cl : plus que 1 en stock, votre quantité passe de 2 à 1',
      'Kluisberg Pinot 2020 · 75cl : la promotion « Gouttes ×2 » est terminée.',
      'Hoenshof Rosé 2022 · 75cl est désormais épuisé. Retirez-le pour commander le reste.',
    ])
    // Announced politely: the notice appears inside a live region that was there before.
    expect(box.closest('[aria-live="polite"]')).not.toBeNull()
    // Above the lines.
    const lines = screen.getByRole('list', { name: 'Lignes du panier' })
    expect(box.compareDocumentPosition(lines) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    // The cart holds the catalogue's figures; the totals and droplets derive from them.
    expect(state().cart.lines.map((l) => [l.id, l.price, l.quantity, l.promotion.type])).toEqual([
      ['200101', 13.95, 6, 'none'],
      ['200001', 45.45, 1, 'none'],
      ['200102', 12.5, 3, 'none'],
    ])
    // 6 × 13.95 + 45.45 + 3 × 12.50 (the line out of stock is still in the cart)
    expect(figure('Sous-total')).toBe('166,65 €')
    expect(screen.queryByText('Gouttes ×2')).toBeNull()

    // The line out of stock says so and cannot change quantity; the shopper can remove it.
    const rose = within(lines).getAllByRole('listitem')[2]!
    expect(within(rose).getByText('Épuisé')).toBeVisible()
    expect(within(rose).getByRole('textbox', { name: 'Quantité de Hoenshof Rosé' })).toBeDisabled()
    await user.click(within(rose).getByRole('button', { name: 'Retirer Hoenshof Rosé' }))
    expect(state().cart.lines.map((l) => l.id)).toEqual(['200101', '200001'])
    // A change of a line removed since is no longer named.
    expect(items()).toHaveLength(3)
  })

  it('tells the analytics once that a quantity lowered to the stock left the cart', async () => {
    addToCart(PINOT)
    addToCart(ROSE)
    const removed: unknown[] = []
    const off = getBus().on('cart:item-removed', ({ item }) =>
      removed.push([item.odooCode, item.vintage, item.quantity, item.price]),
    )
    await renderCart('nl', { catalogue: { '200001': { qty_available: 1 } } })
    await waitFor(() => expect(state().cart.lines[0]?.quantity).toBe(1))
    // Another reading of the same figures (Pay, or the page again) finds nothing to say.
    await checkCart(new QueryClient(), 'nl', 'pay')
    off()
    expect(removed).toEqual([['W10001', '2020', 1, 45.45]])
  })

  it('says nothing when the catalogue agrees with the cart (nl)', async () => {
    addToCart(cartLine())
    const before = state().cart
    const { client } = await renderCart('nl')
    // The wine and its promotion were read, and the reading is over.
    await waitFor(() => expect(callsOf('getwinevariants')).toHaveLength(1))
    await waitFor(() => expect(callsOf('rules')).toHaveLength(1))
    await waitFor(() => expect(client.isFetching()).toBe(0))
    expect(state().cart).toBe(before)
    expect(screen.queryByText(/gewijzigd sinds je ze hebt toegevoegd/)).toBeNull()
  })
})

describe('when Pay is pressed', () => {
  it('refuses a price changed since the page opened, moves the focus to the notice, then pays the new price once (nl)', async () => {
    const { user } = await readyToPay('nl', [cartLine()])
    expect(plain(payButton('nl').textContent)).toBe('Betaal € 84,95')
    changeCatalogue({ '200101': { price: 13.45 } })
    await user.click(payButton('nl'))

    const title = 'Sommige artikelen in je winkelwagen zijn gewijzigd sinds je ze hebt toegevoegd:'
    await screen.findByText(title)
    const { box, items } = notice(title)
    expect(items()).toEqual(['Falize Tradition 2021 · 75cl: nieuwe prijs € 12,50 → € 13,45'])
    expect(box).toHaveTextContent(
      'Er is niets aangerekend. Controleer je winkelwagen en het nieuwe totaal en klik dan opnieuw op Betaal.',
    )
    await waitFor(() => expect(box).toHaveFocus())
    // Not next to the Pay button as well: one place says it.
    expect(screen.queryByRole('alert')).toBeNull()
    expect(callsOf('createorderinodoo')).toEqual([])
    expect(callsOf('createpaymentintent')).toEqual([])
    // 6 × 13.45 + 9.95
    await waitFor(() => expect(plain(payButton('nl').textContent)).toBe('Betaal € 90,65'))

    await waitFor(() => expect(payButton('nl')).toBeEnabled())
    await user.click(payButton('nl'))
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Bedankt voor je bestelling!' },
        { timeout: 6000 },
      ),
    ).toBeVisible()
    expect(db.orders).toHaveLength(1)
    expect(db.orders[0]!.cartlines).toEqual([expect.objectContaining({ price: 13.45 })])
    expect(db.paymentIntents).toEqual([expect.objectContaining({ amount_total: 9065 })])
    expect(stripeServer.state().charges).toEqual([expect.objectContaining({ amount: 9065 })])
  })

  it('refuses while a line is out of stock, until the shopper removes it (fr)', async () => {
    const { user } = await readyToPay('fr', [cartLine(), ROSE])
    changeCatalogue({ '200102': { qty_available: 0 } })
    await user.click(payButton('fr'))
    const title = 'Certains articles de votre panier ont changé depuis que vous les avez ajoutés :'
    await screen.findByText(title)
    expect(notice(title).items()).toEqual([
      'Hoenshof Rosé 2022 · 75cl est désormais épuisé. Retirez-le pour commander le reste.',
    ])
    await waitFor(() => expect(notice(title).box).toHaveFocus())

    // Pressed again with the line still there: refused, and told why.
    await waitFor(() => expect(payButton('fr')).toBeEnabled())
    await user.click(payButton('fr'))
    const why = await screen.findByText(
      'Certains articles de votre panier sont épuisés : retirez-les pour payer.',
    )
    expect(notice(title).box).toContainElement(why)
    await waitFor(() => expect(notice(title).box).toHaveFocus())
    expect(callsOf('createorderinodoo')).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Retirer Hoenshof Rosé' }))
    expect(screen.queryByText(title)).toBeNull()
    await waitFor(() => expect(payButton('fr')).toBeEnabled())
    await user.click(payButton('fr'))
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Merci pour votre commande !' },
        { timeout: 6000 },
      ),
    ).toBeVisible()
    expect(db.orders[0]!.cartlines).toEqual([expect.objectContaining({ id: '200101' })])
  })

  it('sends the remembered figures when the catalogue cannot be read, and only logs it; the back office charges its own price (nl)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    setFault('getwinevariants', { kind: 'status', status: 500 })
    const { user } = await readyToPay('nl', [cartLine()])
    changeCatalogue({ '200101': { price: 13.45 } })
    await user.click(payButton('nl'))
    // The order goes with the cart's 12.50; the back office priced it at 13.45 since and refuses
    // to charge the cart's total (the contract: a strict server), so nothing is charged.
    expect(
      await screen.findByText(
        'We konden de betaling niet starten. Probeer het over enkele minuten opnieuw',
        {},
        { timeout: 6000 },
      ),
    ).toBeVisible()
    expect(screen.queryByText(/gewijzigd sinds je ze hebt toegevoegd/)).toBeNull()
    expect(db.orders[0]!.cartlines).toEqual([expect.objectContaining({ price: 12.5 })])
    expect(db.orders[0]!.priced.lines).toEqual([expect.objectContaining({ price: 13.45 })])
    expect(stripeServer.state().charges).toEqual([])
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /^\[wine-widgets\] .*The catalogue could not be read for W10002.* — POST \/api\/getwinevariants answered 500 \(an endpoint the site must provide, see docs\/server-contract\.md\)$/,
      ),
    )
  })
})
