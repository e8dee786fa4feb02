import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf } from '../../mocks/db'
import { setFault } from '../../mocks/faults'
import { bundleAnswer } from '../../fixtures/bundles'
import type { Locale } from '../../src/domain/types'
import { getStore } from '../../src/store/shared-store'
import { addToCart } from '../../src/store/cart-actions'
import { bundle } from './index'
import { loggedCallFailure } from '../../mocks/test-setups/console'
import { tapAddTwiceInOneFrame } from '../../mocks/test-setups/paint-first'
import { ERROR_EVENT, type ErrorDetail } from '../../src/report/report'
import { getBus } from '../../src/bus/bus'
import { startGa4 } from '../../src/analytics/ga4'
import { CONSENT_COOKIE, CONSENT_ALLOW } from '../../src/consent/consent'

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')

async function renderBundle(odooCode: string, locale: Locale = 'fr') {
  const user = userEvent.setup()
  const result = await renderWidget(bundle, { locale, attributes: { 'data-odoo-code': odooCode } })
  return { user, ...result }
}

const cartLines = () => getStore().getState().cart.lines

/** Puts `quantity` of a fixture bundle in the cart, as an earlier visit would have. */
function inCart(odooCode: string, quantity: number) {
  const { bundle: b, wines } = bundleAnswer(odooCode, 'en')!
  addToCart({
    id: b.odooCode,
    odooCode: b.odooCode,
    odooId: b.id,
    name: b.name,
    vintage: null,
    volume: null,
    quantity,
    price: b.price,
    qty_available: b.qty_available,
    free_qty: b.qty_available,
    type: 'bundle',
    wines: wines.map((w) => ({ id: w.id, name: w.name, quantity: w.quantity })),
    free_shipping: b.free_shipping,
    promotion: { type: 'none', points: 1, bogof: null },
  })
}

describe('bundle', () => {
  it('shows a loading skeleton, then the price in euros and the money-back claim (fr)', async () => {
    await renderBundle('BUN-001', 'fr')
    expect(screen.getByRole('status')).toHaveTextContent('Chargement du coffret…')
    const price = await screen.findByText('Prix par coffret')
    expect(plain(price.parentElement!.textContent)).toContain('59,95 €')
    expect(screen.getByText('Pas satisfait ? Nous vous remboursons.')).toBeVisible()
    expect(screen.queryByText(/Livraison gratuite/)).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Dans ce coffret' })).toBeVisible()
    expect(callsOf('getbundle')[0]!.payload).toEqual({ odooCode: 'BUN-001', locale: 'fr' })
  })

  it('says nothing about what is left before any box is in the cart, then how many more (fr)', async () => {
    const { user } = await renderBundle('BUN-001', 'fr')
    await screen.findByText('Prix par coffret')
    expect(screen.queryByText(/^Encore \d+ disponible/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))
    expect(await screen.findByText(/^Encore \d+ disponible/)).toBeVisible()
    // The confirmation panel announces it and links to the cart; the line links back here.
    expect(
      screen.getByText('Ajouté. Vous en avez maintenant 1 dans votre panier.').closest('[role]'),
    ).toHaveAttribute('role', 'status')
    expect(screen.getByRole('link', { name: 'Voir votre panier' })).toHaveAttribute(
      'href',
      '/fr/panier',
    )
    expect(cartLines()[0]).toMatchObject({ id: 'BUN-001', url: window.location.pathname })
  })

  it('claims free shipping in Belgium for a free-shipping bundle and adds it with its wines (en)', async () => {
    const { user } = await renderBundle('BUN-002', 'en')
    expect(await screen.findByText('Free shipping in Belgium with this box')).toBeVisible()
    expect(plain(screen.getByText('Price per box').parentElement!.textContent)).toContain('€69.95')
    await user.click(screen.getByRole('button', { name: 'More boxes' }))
    expect(screen.getByLabelText('Quantity')).toHaveValue('6')
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('Added. You now have 6 in your cart.')).toBeVisible()
    const { bundle: b, wines } = bundleAnswer('BUN-002', 'en')!
    expect(cartLines()).toEqual([
      expect.objectContaining({
        id: 'BUN-002',
        type: 'bundle',
        name: b.name,
        quantity: 6,
        price: 69.95,
        free_shipping: true,
        vintage: null,
        volume: null,
        wines: wines.map((w) => ({ id: w.id, name: w.name, quantity: 2 })),
      }),
    ])
  })

  it('answers the tap in its own paint and adds the box right after it, once (en)', async () => {
    await renderBundle('BUN-001', 'en')
    const add = await screen.findByRole('button', { name: 'Add to cart' })
    // The tap's own render: the button says so; the cart and the confirmation follow the paint.
    tapAddTwiceInOneFrame(add, cartLines)
    expect(await screen.findByText('Added. You now have 1 in your cart.')).toBeVisible()
    expect(cartLines()).toEqual([expect.objectContaining({ id: 'BUN-001', quantity: 1 })])
    expect(add).toHaveAccessibleName('Add to cart')
    expect(add).not.toHaveAttribute('aria-disabled')
  })

  it('shows the out-of-stock badge and no add button when nothing is left (fr and nl)', async () => {
    const { unmount } = await renderBundle('BUN-004', 'fr')
    expect(await screen.findByText('Épuisé')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Ajouter au panier' })).not.toBeInTheDocument()
    unmount()
    await renderBundle('BUN-004', 'nl')
    expect(await screen.findByText('Uitverkocht')).toBeVisible()
    expect(screen.getByText('Gratis levering in België met dit pakket')).toBeVisible()
  })

  it('caps plus and the field at stock minus what is already in the cart (en)', async () => {
    // BUN-005 has 3 in stock; 1 is already in the cart, so 2 more can be added.
    inCart('BUN-005', 1)
    const { user } = await renderBundle('BUN-005', 'en')
    const field = await screen.findByLabelText('Quantity')
    expect(screen.getByText('1 already in your cart')).toBeVisible()
    expect(screen.getByText('2 more available')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'More boxes' }))
    expect(field).toHaveValue('2')
    expect(screen.getByRole('button', { name: 'More boxes' })).toBeDisabled()
    await user.clear(field)
    await user.type(field, '9999')
    expect(field).toHaveValue('999')
    await user.tab()
    expect(field).toHaveValue('2')
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('Added. You now have 3 in your cart.')).toBeVisible()
    expect(cartLines()[0]!.quantity).toBe(3)
    expect(screen.getByText('All available boxes are in your cart.')).toBeVisible()
    expect(field).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled()
    // The disabled button cannot keep the focus: the link to the cart takes it.
    expect(screen.getByRole('link', { name: 'View the cart' })).toHaveFocus()
  })

  it('clamps a typed 0 to 0 on blur and then cannot add (fr)', async () => {
    const { user } = await renderBundle('BUN-001', 'fr')
    const field = await screen.findByLabelText('Quantité')
    await user.clear(field)
    await user.type(field, '0')
    await user.tab()
    expect(field).toHaveValue('0')
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toBeDisabled()
  })

  it.each([
    ['HTTP 500', () => setFault('getbundle', { kind: 'status', status: 500 }), 'BUN-001', '500'],
    [
      'a network error',
      () => setFault('getbundle', { kind: 'network' }),
      'BUN-001',
      'network error',
    ],
    ['an unknown bundle', () => undefined, 'BUN-999', '404'],
  ])('stays empty and only logs a load failure (%s)', async (_, fail, code, answered) => {
    fail()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const heard: ErrorDetail[] = []
    const hear = (event: Event) => heard.push((event as CustomEvent<ErrorDetail>).detail)
    window.addEventListener(ERROR_EVENT, hear)
    onTestFinished(() => window.removeEventListener(ERROR_EVENT, hear))
    const { element } = await renderBundle(code, 'en')
    await waitFor(() => expect(error).toHaveBeenCalled())
    await waitFor(() => expect(element).toBeEmptyDOMElement())
    // One line naming the call: the unknown bundle is the server's 404.
    expect(error).toHaveBeenCalledTimes(1)
    expect(error).toHaveBeenCalledWith(
      ...loggedCallFailure(
        `bundle: the bundle ${code} could not be loaded`,
        'POST /api/getbundle',
        answered,
      ),
    )
    expect(heard).toEqual([
      expect.objectContaining({
        widget: 'bundle',
        area: 'data',
        method: 'POST',
        url: '/api/getbundle',
        status: answered === 'network error' ? answered : Number(answered),
      }),
    ])
  })

  it('links a wine only to an http(s) page or a same-site path', async () => {
    const answer = bundleAnswer('BUN-001', 'en')!
    // Two safe addresses, then four refused ones.
    const urls: [name: string, url: string][] = [
      ['Same-site wine', '/en/wines/same-site'],
      ['Secure wine', 'https://shop.example.be/en/wines/secure'],
      ['Script wine', 'javascript:alert(1)'],
      ['Other-site wine', '//evil.example.com/wine'],
      ['Backslash wine', '/\\evil.example.com/wine'],
      ['Data wine', 'data:text/html,<p>hi</p>'],
    ]
    server.use(
      http.post('/api/getbundle', () =>
        HttpResponse.json({
          ...answer,
          wines: urls.map(([name, url], i) => ({ id: 900 + i, name, quantity: 1, url })),
        }),
      ),
    )
    await renderBundle('BUN-001', 'en')
    await screen.findByRole('heading', { name: 'In this box' })
    const [linked, refused] = [urls.slice(0, 2), urls.slice(2)]
    for (const [name, url] of linked)
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', url)
    for (const [name] of refused) {
      expect(screen.getByText(new RegExp(`\\b${name}$`))).toBeVisible()
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument()
    }
  })

  it.each([
    ['says yes', CONSENT_ALLOW, ['view_item']],
    ['is missing', null, []],
  ] as const)(
    'pushes one GA4 view_item with the bundle’s id when the consent cookie %s',
    async (_, consent, expected) => {
      if (consent) document.cookie = `${CONSENT_COOKIE}=${consent}; path=/`
      window.dataLayer = []
      const stop = startGa4(getBus())
      try {
        await renderBundle('BUN-001', 'en')
        await screen.findByText('Price per box')
        // Another render of the same bundle (a quantity typed) views nothing new.
        await userEvent.setup().type(screen.getByLabelText('Quantity'), '2')
        const events = () =>
          (window.dataLayer as { event?: string }[]).flatMap((p) => (p.event ? [p.event] : []))
        await waitFor(() => expect(events()).toEqual(expected))
        if (consent) {
          const viewed = window.dataLayer.find((p) => 'event' in p && p.event === 'view_item')
          expect(viewed).toMatchObject({
            event: 'view_item',
            ecommerce: {
              currency: 'EUR',
              value: bundleAnswer('BUN-001', 'en')!.bundle.price,
              items: [
                expect.objectContaining({
                  item_id: 'BUN-001',
                  item_name: bundleAnswer('BUN-001', 'en')!.bundle.name,
                  quantity: 1,
                }),
              ],
            },
          })
        }
      } finally {
        stop()
        delete window.dataLayer
      }
    },
  )
})
