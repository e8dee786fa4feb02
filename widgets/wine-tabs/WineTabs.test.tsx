import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf } from '../../mocks/db'
import { releaseHeld, setFault } from '../../mocks/faults'
import { wineLine } from '../../fixtures/checkout'
import { OUT_OF_STOCK_CODE, vintagesFor } from '../../fixtures/wines'
import { setPageConfig } from '../../src/config/config'
import { formatMoney } from '../../src/domain/money'
import { TAB_MEMORY_MS } from '../../src/domain/tab-memory'
import type { Locale } from '../../src/domain/types'
import { getStore } from '../../src/store/shared-store'
import { tabMemoryKey } from './tab-storage'
import { wineTabs } from './index'
import { loggedCallFailure } from '../../mocks/test-setups/console'
import { tapAddTwiceInOneFrame } from '../../mocks/test-setups/paint-first'
import { HttpError } from '../../src/http/http'
import { ERROR_EVENT, type ErrorDetail } from '../../src/report/report'

/** W10018: three active vintages (2022, 2021, 2020), each in 75cl and 150cl, all in stock. */
const TABS_WINE = 'W10018'
/** W10001: its 2020 75cl carries a ×2 droplets promotion in the rules service. */
const PROMO_WINE = 'W10001'

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')

function activeOf(code: string, locale: Locale = 'en') {
  return vintagesFor(code, locale)!.filter((v) => v.active)
}

async function renderWine(odooCode: string, locale: Locale = 'fr', name = 'Test wine') {
  setPageConfig({ config: { demo: false, rules: { url: '/api/rules' } }, problems: [] })
  const user = userEvent.setup()
  const result = await renderWidget(wineTabs, {
    locale,
    attributes: { 'data-odoo-code': odooCode, 'data-name': name },
  })
  return { user, ...result }
}

const cartLines = () => getStore().getState().cart.lines

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

describe('wine-tabs: vintages and volumes', () => {
  it('shows a loading state, then a tab per active vintage with scores, note and volumes (fr)', async () => {
    await renderWine(TABS_WINE, 'fr')
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des millésimes…')
    const vintages = activeOf(TABS_WINE, 'fr')
    const tablist = await screen.findByRole('tablist', { name: 'Millésimes' })
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(vintages.map((v) => v.vintage))
    const first = vintages[0]!
    expect(within(tablist).getByRole('tab', { name: first.vintage })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(screen.getByText(first.tasting_note)).toBeInTheDocument()
    for (const score of first.scores)
      expect(screen.getByText(score.guide.label)).toBeInTheDocument()
    const volumes = screen.getByRole('tablist', { name: `Formats du millésime ${first.vintage}` })
    expect(within(volumes).getByRole('tab', { name: '75cl' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const price = first.variants.find((v) => v.volume === '75cl')!.price
    expect(plain(screen.getByText('Prix par bouteille').parentElement!.textContent)).toContain(
      plain(formatMoney(price, 'fr')),
    )
    expect(screen.getByText('Pas satisfait d’une bouteille ? Nous vous remboursons.')).toBeVisible()
    expect(callsOf('getwinevariants')[0]!.payload).toEqual({
      odooCode: TABS_WINE,
      locale: 'fr',
      name: 'Test wine',
    })
  })

  it('switches vintage and volume with the keyboard and writes the tab in the URL hash (en)', async () => {
    const { user } = await renderWine(TABS_WINE, 'en')
    const [first, second] = activeOf(TABS_WINE)
    const tab = await screen.findByRole('tab', { name: first!.vintage })
    tab.focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: second!.vintage })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(await screen.findByText(second!.tasting_note)).toBeInTheDocument()
    expect(window.location.hash).toBe(`#${second!.vintage}-75cl`)
    await user.click(screen.getByRole('tab', { name: '150cl' }))
    await waitFor(() => expect(window.location.hash).toBe(`#${second!.vintage}-150cl`))
    const price = second!.variants.find((v) => v.volume === '150cl')!.price
    expect(plain(screen.getByText('Price per bottle').parentElement!.textContent)).toContain(
      plain(formatMoney(price, 'en')),
    )
  })

  it('opens the tab named by the URL hash and follows hash changes', async () => {
    const [, second, third] = activeOf(TABS_WINE)
    window.history.replaceState(null, '', `/en/wines/x#${third!.vintage}-150cl`)
    await renderWine(TABS_WINE, 'en')
    expect(await screen.findByRole('tab', { name: third!.vintage })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(screen.getByRole('tab', { name: '150cl' })).toHaveAttribute('aria-selected', 'true')
    window.location.hash = `#${second!.vintage}`
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: second!.vintage })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    )
  })

  it('remembers the last chosen tab for 5 minutes', async () => {
    const [first, second] = activeOf(TABS_WINE)
    const { user, unmount } = await renderWine(TABS_WINE, 'nl')
    await user.click(await screen.findByRole('tab', { name: second!.vintage }))
    unmount()
    window.history.replaceState(null, '', '/nl/wijnen/x')
    await renderWine(TABS_WINE, 'nl')
    expect(await screen.findByRole('tab', { name: second!.vintage })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(screen.getByRole('tab', { name: first!.vintage })).toHaveAttribute(
      'aria-selected',
      'false',
    )
  })

  it('forgets a tab chosen more than 5 minutes ago', async () => {
    const [first, second] = activeOf(TABS_WINE)
    localStorage.setItem(
      tabMemoryKey(TABS_WINE),
      JSON.stringify({
        vintage: second!.vintage,
        volume: '75cl',
        savedAt: Date.now() - TAB_MEMORY_MS - 1,
      }),
    )
    await renderWine(TABS_WINE, 'en')
    expect(await screen.findByRole('tab', { name: first!.vintage })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  })

  it('shows an error a shopper understands when the vintages cannot load, and retries (nl)', async () => {
    setFault('getwinevariants', { kind: 'status', status: 500 }, { times: 1 })
    const { user } = await renderWine(TABS_WINE, 'nl')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We konden de jaargangen van deze wijn niet laden.',
    )
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }))
    expect(await screen.findByRole('tablist', { name: 'Jaargangen' })).toBeInTheDocument()
  })

  it('names the failed call in the console and to the host, once per failure, again after a failed Try again (en)', async () => {
    setFault('getwinevariants', { kind: 'status', status: 500 })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const heard: ErrorDetail[] = []
    const hear = (event: Event) => heard.push((event as CustomEvent<ErrorDetail>).detail)
    window.addEventListener(ERROR_EVENT, hear)
    onTestFinished(() => window.removeEventListener(ERROR_EVENT, hear))
    const { user } = await renderWine(TABS_WINE, 'en')
    await screen.findByRole('alert')
    const line = loggedCallFailure(
      `wine-tabs: the vintages of ${TABS_WINE} could not be loaded`,
      'POST /api/getwinevariants',
      '500',
    )
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1))
    expect(error).toHaveBeenCalledWith(...line)
    const detail = {
      widget: 'wine-tabs',
      area: 'data',
      message: expect.stringContaining('— POST /api/getwinevariants answered 500'),
      error: expect.any(HttpError),
      method: 'POST',
      url: '/api/getwinevariants',
      status: 500,
    }
    expect(heard).toEqual([detail])
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2))
    expect(error).toHaveBeenLastCalledWith(...line)
    expect(heard).toEqual([detail, detail])
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load")
  })

  it('says so when the wine has no active vintage', async () => {
    await renderWine('W99999', 'en')
    expect(await screen.findByText('This wine is not available at the moment.')).toBeVisible()
  })
})

describe('wine-tabs: add to cart', () => {
  it('steps 1 → 6 → 12 with plus and back with minus, caps at stock and keeps 3 digits (en)', async () => {
    const { user } = await renderWine(TABS_WINE, 'en')
    const field = await screen.findByLabelText('Quantity')
    expect(field).toHaveValue('1')
    expect(field).toHaveAttribute('maxLength', '3')
    expect(screen.getByRole('button', { name: 'Fewer bottles' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'More bottles' }))
    expect(field).toHaveValue('6')
    await user.click(screen.getByRole('button', { name: 'More bottles' }))
    expect(field).toHaveValue('12')
    await user.click(screen.getByRole('button', { name: 'Fewer bottles' }))
    await user.click(screen.getByRole('button', { name: 'Fewer bottles' }))
    expect(field).toHaveValue('1')
    const stock = activeOf(TABS_WINE)[0]!.variants.find((v) => v.volume === '75cl')!.qty_available
    await user.clear(field)
    await user.type(field, '9999')
    expect(field).toHaveValue('999')
    await user.tab()
    expect(field).toHaveValue(String(stock))
    expect(screen.getByRole('button', { name: 'More bottles' })).toBeDisabled()
    await user.clear(field)
    await user.type(field, '0')
    await user.tab()
    expect(field).toHaveValue('0')
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled()
  })

  it('adds the chosen vintage and volume with the promotion from the rules service (fr)', async () => {
    const { user } = await renderWine(PROMO_WINE, 'fr', 'Domaine Promo')
    const vintage = activeOf(PROMO_WINE)[0]!
    const variant = vintage.variants.find((v) => v.volume === '75cl')!
    expect(await screen.findByText('Gouttes ×2 sur ce vin')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Plus de bouteilles' }))
    const add = screen.getByRole('button', { name: 'Ajouter au panier' })
    await user.click(add)
    // The confirmation is announced, names the line and links to the cart; focus stays put.
    const status = await screen.findByText('Ajouté. Vous en avez maintenant 6 dans votre panier.')
    expect(status).toBeVisible()
    expect(status.closest('[role="status"]')).not.toBeNull()
    expect(screen.getByText(`Domaine Promo · ${vintage.vintage} · 75cl`)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Voir votre panier' })).toHaveAttribute(
      'href',
      '/fr/panier',
    )
    expect(add).toHaveFocus()
    expect(cartLines()).toEqual([
      // A wine's line (a product, no bundle wines, no free shipping) of the added variant.
      wineLine({
        id: String(variant.id),
        odooCode: PROMO_WINE,
        odooId: variant.id,
        name: 'Domaine Promo',
        vintage: vintage.vintage,
        volume: '75cl',
        quantity: 6,
        price: variant.price,
        qty_available: variant.qty_available,
        free_qty: variant.free_qty,
        promotion: { type: 'points', points: 2, bogof: null },
        // Back to this page on the vintage and volume that were added.
        url: `/#${vintage.vintage}-75cl`,
      }),
    ])
    expect(callsOf('rules')[0]!.payload).toEqual({
      context: {
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        wineCode: PROMO_WINE,
        vintage: vintage.vintage,
        volume: '75cl',
      },
    })
  })

  it('keeps the label image on the cart line when the tag gives one (nl)', async () => {
    setPageConfig({ config: { demo: false, rules: { url: '/api/rules' } }, problems: [] })
    const user = userEvent.setup()
    await renderWidget(wineTabs, {
      locale: 'nl',
      attributes: {
        'data-odoo-code': TABS_WINE,
        'data-name': 'Test wine',
        'data-image': '/assets/labels/label-06.svg',
      },
    })
    await user.click(await screen.findByRole('button', { name: 'In winkelwagen' }))
    expect(await screen.findByRole('link', { name: 'Bekijk je winkelwagen' })).toHaveAttribute(
      'href',
      '/nl/winkelwagen',
    )
    expect(cartLines()[0]).toMatchObject({ image: '/assets/labels/label-06.svg' })
  })

  it('stops at the stock: a second add raises the line to qty_available only (en)', async () => {
    const { user } = await renderWine(TABS_WINE, 'en')
    const stock = activeOf(TABS_WINE)[0]!.variants.find((v) => v.volume === '75cl')!.qty_available
    const field = await screen.findByLabelText('Quantity')
    await user.clear(field)
    await user.type(field, String(stock))
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    // The second tap once the first is in (a tap while one is under way adds nothing).
    await screen.findByText(`Added. You now have ${stock} in your cart.`)
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(
      await screen.findByText(`Your cart already holds all ${stock} available bottles.`),
    ).toBeVisible()
    expect(cartLines()).toHaveLength(1)
    expect(cartLines()[0]!.quantity).toBe(stock)
  })

  it('answers the tap in its own paint and adds the line right after it (en)', async () => {
    await renderWine(TABS_WINE, 'en')
    const add = await screen.findByRole('button', { name: 'Add to cart' })
    // The tap's own render: the button says so; the cart and the confirmation follow the paint.
    tapAddTwiceInOneFrame(add, cartLines)
    expect(await screen.findByText('Added. You now have 1 in your cart.')).toBeVisible()
    expect(cartLines()).toEqual([expect.objectContaining({ odooCode: TABS_WINE, quantity: 1 })])
    expect(add).toHaveAccessibleName('Add to cart')
    expect(add).not.toHaveAttribute('aria-disabled')
  })

  it('adds once while an addition is under way, however often the button is pressed (en)', async () => {
    setFault('rules', { kind: 'held' })
    const { user } = await renderWine(PROMO_WINE, 'en')
    const add = await screen.findByRole('button', { name: 'Add to cart' })
    await user.click(add)
    const pending = screen.getByRole('button', { name: 'Adding…' })
    expect(pending).toHaveAttribute('aria-disabled', 'true')
    await user.click(pending)
    await user.keyboard('{Enter}')
    expect(cartLines()).toHaveLength(0)
    releaseHeld('rules')
    expect(await screen.findByText('Added. You now have 1 in your cart.')).toBeVisible()
    expect(cartLines()).toHaveLength(1)
    expect(cartLines()[0]!.quantity).toBe(1)
    expect(screen.getByRole('button', { name: 'Add to cart' })).not.toHaveAttribute('aria-disabled')
  })

  it('adds without promotion when the promotion lookup fails, and only logs it (nl)', async () => {
    setFault('rules', { kind: 'status', status: 500 })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = await renderWine(PROMO_WINE, 'nl')
    await user.click(await screen.findByRole('button', { name: 'In winkelwagen' }))
    expect(await screen.findByText('Toegevoegd. Je hebt er nu 1 in je winkelwagen.')).toBeVisible()
    expect(cartLines()[0]!.promotion).toEqual({ type: 'none', points: 1, bogof: null })
    expect(screen.queryByText(/druppels op deze wijn/)).not.toBeInTheDocument()
    expect(error).toHaveBeenCalledWith(
      ...loggedCallFailure(
        'Promotion lookup failed for W10001 2020 75cl; no promotion applied',
        'POST /api/rules/evaluate/loyalty',
        '500',
      ),
    )
  })

  it('shows the out-of-stock banner instead of the add box (fr and en)', async () => {
    const { unmount } = await renderWine(OUT_OF_STOCK_CODE, 'fr')
    expect(await screen.findByText('Épuisé')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Ajouter au panier' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Quantité')).not.toBeInTheDocument()
    unmount()
    await renderWine(OUT_OF_STOCK_CODE, 'en')
    expect(await screen.findByText('This vintage in this size is sold out for now.')).toBeVisible()
    expect(callsOf('rules')).toHaveLength(0)
  })
})
