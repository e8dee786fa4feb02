import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { RETRY_DELAYS } from '../../src/payment/payment-controller'
import { callsOf, db } from '../../mocks/db'
import { releaseHeld, setFault, whenHeld, type CallName } from '../../mocks/faults'
import { server } from '../../mocks/node'
import { TEST_CARDS, THREE_D_SECURE } from '../../mocks/fake-stripe'
import { stripeServer } from '../../mocks/stripe-server'
import {
  cartLine,
  DELIVERY,
  figure,
  plain,
  renderAsClaire,
  renderCart,
  renderOnPaymentTab,
  setDemoConfig,
  shippingQuotes,
} from '../../mocks/test-setups/cart'
import { CLAIRE, TOM } from '../../fixtures/users'
import { KNOWN_VAT_NAMES, VALID_UNNAMED_VAT, INVALID_CHECKSUM_VAT } from '../../fixtures/vat'
import { getBus } from '../../src/bus/bus'
import { setPageConfig } from '../../src/config/config'
import type { Locale } from '../../src/domain/types'
import { addToCart, updateCartQuantity } from '../../src/store/cart-actions'
import { setContacts, updateContact } from '../../src/store/contacts-actions'
import { getStore } from '../../src/store/shared-store'
import { emptyContacts } from '../../src/store/state'

const state = () => getStore().getState()

async function enterCard(user: UserEvent, number: string, label = 'Card number') {
  const input = await screen.findByRole('textbox', { name: label })
  await user.clear(input)
  await user.type(input, number)
}

const payButton = () => screen.getByRole('button', { name: /^(Pay|Payer|Betaal) / })

// Long flows (a whole checkout per test): more room than the default 10 s on a loaded machine.
vi.setConfig({ testTimeout: 30_000 })

beforeEach(setDemoConfig)

afterEach(() => {
  vi.useRealTimers()
})

describe('checkout tabs and contacts', () => {
  it('opens on delivery with invoice and payment disabled; visitors see no checkout', async () => {
    addToCart(cartLine())
    await renderCart('en')
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
    getStore().update((d) => {
      d.session = { isLoggedIn: true, user: { ...CLAIRE }, points: 420 }
    })
    db.sessionEmail = CLAIRE.email
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['Delivery', 'Invoice', 'Payment'])
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
    expect(tabs[1]).toBeDisabled()
    expect(tabs[2]).toBeDisabled()
  })

  it('shows the failing rules next to their fields when continuing too early (en)', async () => {
    const { user } = await renderAsClaire('en')
    await user.click(screen.getByRole('button', { name: 'Continue to the invoice details' }))
    expect(screen.getAllByText('Please fill in this field')).toHaveLength(6)
    expect(screen.getByText('Please choose a country')).toBeVisible()
    const name = screen.getByLabelText('Full name')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Please fill in this field')
    // Focus goes to the first field to fix, not left on the button.
    expect(name).toHaveFocus()
    await user.type(name, 'Claire')
    expect(name).not.toHaveAttribute('aria-invalid')
    expect(screen.getAllByText('Please fill in this field')).toHaveLength(5)
    expect(screen.getByRole('tab', { name: 'Delivery' })).toHaveAttribute('aria-selected', 'true')
  })

  it('moves focus to the first invalid field each time "continue" is refused (fr)', async () => {
    const { user } = await renderAsClaire('fr')
    const proceed = screen.getByRole('button', { name: 'Continuer vers la facturation' })
    await user.type(screen.getByLabelText('Nom complet'), 'Claire Dubois')
    await user.type(screen.getByLabelText('Rue et numéro'), 'Rue Haute 12')
    await user.click(proceed)
    expect(screen.getByLabelText('Code postal')).toHaveFocus()
    expect(screen.getByLabelText('Code postal')).toHaveAccessibleDescription(
      'Veuillez remplir ce champ',
    )
    await user.type(screen.getByLabelText('Code postal'), '1000')
    await user.click(proceed)
    expect(screen.getByLabelText('Localité')).toHaveFocus()
  })

  it('shows a rule once its field is left, not before (fr)', async () => {
    const { user } = await renderAsClaire('fr')
    await user.click(screen.getByLabelText('Téléphone'))
    expect(screen.queryByText('Veuillez remplir ce champ')).not.toBeInTheDocument()
    await user.tab()
    expect(screen.getByLabelText('Téléphone')).toHaveAccessibleDescription(
      'Veuillez remplir ce champ',
    )
  })

  it('fills the address from the autocomplete, copies delivery into the empty invoice fields and pre-fills the invoice from the user (en)', async () => {
    const { user } = await renderAsClaire('en')
    await user.type(screen.getByLabelText('Full name'), 'Jean Martin')
    const street = screen.getByRole('combobox', { name: 'Street and number' })
    await user.type(street, 'rue de la loi')
    await user.click(
      await screen.findByRole('option', { name: 'Rue de la Loi 16, 1000 Bruxelles' }),
    )
    expect(street).toHaveValue('Rue de la Loi 16')
    expect(screen.getByLabelText('Postal code')).toHaveValue('1000')
    expect(screen.getByLabelText('City')).toHaveValue('Bruxelles')
    expect(screen.getByLabelText('Country')).toHaveValue('BE')
    expect(state().contacts.delivery).toMatchObject({ country_code: 'BE', zip: '1000' })
    await user.type(screen.getByLabelText('E-mail'), 'jean@example.com')
    await user.type(screen.getByLabelText('Phone'), '0470 11 22 33')

    await user.click(screen.getByRole('button', { name: 'Continue to the invoice details' }))
    expect(screen.getByRole('tab', { name: 'Invoice' })).toHaveAttribute('aria-selected', 'true')
    // Name and email came from the user; the rest was copied from the delivery.
    expect(screen.getByLabelText('Full name')).toHaveValue(CLAIRE.name)
    expect(screen.getByLabelText('E-mail')).toHaveValue(CLAIRE.email)
    expect(screen.getByLabelText('Street and number')).toHaveValue('Rue de la Loi 16')
    expect(screen.getByLabelText('Phone')).toHaveValue('0470 11 22 33')
    expect(screen.getByLabelText('Country')).toHaveValue('BE')
    expect(screen.getByRole('tab', { name: 'Payment' })).toBeEnabled()
  })

  it('keeps the address fields typeable when the autocomplete fails to load', async () => {
    // No places service registered and no Maps key: the real loader fails.
    delete window.wineWidgetsServices?.places
    setPageConfig({ config: { demo: false, rules: { url: '/api/rules' } }, problems: [] })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = await renderAsClaire('nl')
    expect(
      await screen.findByText('Het automatisch aanvullen van het adres kon niet worden geladen'),
    ).toBeVisible()
    const street = screen.getByLabelText('Straat en huisnummer')
    expect(street).not.toHaveAttribute('role', 'combobox')
    await user.type(street, 'Meir 50')
    expect(street).toHaveValue('Meir 50')
    expect(String(error.mock.calls[0]![0])).toContain('Address autocomplete failed to load')
  })

  it('keeps the contacts in the store across a reload', async () => {
    const { user, unmount } = await renderAsClaire('en')
    await user.type(screen.getByLabelText('Full name'), 'Jean')
    unmount()
    const saved = sessionStorage.getItem('wine-widgets:v1')
    expect(JSON.parse(saved!).contacts.delivery.name).toBe('Jean')
  })
})

describe('VAT number', () => {
  async function invoiceTab(locale: Locale = 'en') {
    setContacts({ ...emptyContacts(), delivery: DELIVERY })
    const rendered = await renderAsClaire(locale)
    const labels = { en: 'Invoice', fr: 'Facturation', nl: 'Facturatie' }
    await rendered.user.click(screen.getByRole('tab', { name: labels[locale] }))
    // The panel follows the tab after the click's paint.
    await screen.findByRole('tabpanel', { name: labels[locale] })
    return rendered
  }

  it('is optional, has the Belgian placeholder and shows the registered name (en)', async () => {
    const { user } = await invoiceTab('en')
    const vat = screen.getByLabelText('VAT number (optional)')
    expect(vat).toHaveAttribute('placeholder', 'BE0123.456.789')
    expect(screen.getByRole('tab', { name: 'Payment' })).toBeEnabled()
    await user.type(vat, 'be 0403.170,701')
    expect(screen.getByRole('tab', { name: 'Payment' })).toBeDisabled()
    await user.tab()
    expect(
      await screen.findByText(`Registered name: ${KNOWN_VAT_NAMES.BE0403170701}`),
    ).toBeVisible()
    expect(callsOf('isVATValid').map((c) => c.payload)).toEqual([{ vat: 'BE0403170701' }])
    expect(state().contacts.vat).toEqual({
      number: 'be 0403.170,701',
      valid: true,
      name: KNOWN_VAT_NAMES.BE0403170701,
    })
    expect(screen.getByRole('tab', { name: 'Payment' })).toBeEnabled()
  })

  it('says "---" means no registered name (en)', async () => {
    const { user } = await invoiceTab('en')
    await user.type(screen.getByLabelText('VAT number (optional)'), `${VALID_UNNAMED_VAT}{Enter}`)
    expect(await screen.findByText('Valid VAT number')).toBeVisible()
    expect(screen.queryByText(/---/)).not.toBeInTheDocument()
  })

  it('says when the number is not found, and keeps payment closed (fr)', async () => {
    const { user } = await invoiceTab('fr')
    const vat = screen.getByLabelText('Numéro de TVA (facultatif)')
    await user.type(vat, INVALID_CHECKSUM_VAT)
    await user.tab()
    expect(await screen.findByText('Nous ne trouvons pas ce numéro de TVA')).toBeVisible()
    expect(vat).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('tab', { name: 'Paiement' })).toBeDisabled()
    // Emptying the optional field makes the invoice valid again.
    await user.clear(vat)
    expect(screen.getByRole('tab', { name: 'Paiement' })).toBeEnabled()
  })

  it('drops the answer for a number the shopper changed while it was being checked (en)', async () => {
    // The first answer waits until the test lets it through, however slow the machine.
    setFault('isVATValid', { kind: 'held' }, { times: 1 })
    const { user, client } = await invoiceTab('en')
    const vat = screen.getByLabelText('VAT number (optional)')
    await user.type(vat, 'BE0403170701')
    await user.tab()
    expect(await screen.findByText('Checking the VAT number…')).toBeVisible()
    await user.type(vat, '9') // changed before the answer
    releaseHeld('isVATValid') // the first answer ("valid") arrives now
    // It has been read once its check is no longer pending.
    await waitFor(() => expect(client.isMutating({ mutationKey: ['vat-check'] })).toBe(0))
    expect(callsOf('isVATValid')).toHaveLength(1)
    expect(screen.queryByText(/Registered name/)).not.toBeInTheDocument()
    expect(state().contacts.vat).toEqual({ number: 'BE04031707019', valid: false, name: '' })
    expect(screen.getByRole('tab', { name: 'Payment' })).toBeDisabled()
  })

  it.each([
    ['HTTP 500', () => setFault('isVATValid', { kind: 'status', status: 500 })],
    ['a network error', () => setFault('isVATValid', { kind: 'network' })],
    ['malformed JSON', () => setFault('isVATValid', { kind: 'malformed' })],
  ])('says it could not verify the number on %s (nl)', async (_, fail) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fail()
    const { user } = await invoiceTab('nl')
    await user.type(screen.getByLabelText('Btw-nummer (optioneel)'), 'BE0477854365')
    await user.tab()
    expect(
      await screen.findByText(
        'We konden het btw-nummer niet controleren. Probeer het later opnieuw',
      ),
    ).toBeVisible()
    expect(screen.getByRole('tab', { name: 'Betaling' })).toBeDisabled()
  })
})

describe('shipping box', () => {
  it('appears once the delivery is valid, with the fee of the shipping decision (en)', async () => {
    const { user } = await renderAsClaire('en')
    expect(screen.queryByRole('heading', { name: 'Shipping' })).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Full name'), 'Claire Dubois')
    await user.type(screen.getByLabelText('Street and number'), 'Korenmarkt 5')
    await user.type(screen.getByLabelText('Postal code'), '900')
    await user.type(screen.getByLabelText('City'), 'Gent')
    await user.selectOptions(screen.getByLabelText('Country'), 'BE')
    await user.type(screen.getByLabelText('E-mail'), 'claire@example.com')
    await user.type(screen.getByLabelText('Phone'), '0470')
    // Zip of 3 characters: the fee is not computed, the box says so.
    expect(shippingQuotes()).toHaveLength(0)
    expect(screen.getByRole('heading', { name: 'Shipping' })).toBeVisible()
    expect(figure('Shipping cost')).toBe('Calculating…')
    await user.type(screen.getByLabelText('Postal code'), '0')
    await waitFor(() => expect(figure('Shipping cost')).toBe('€9.95'))
    expect(figure('Shipping')).toBe('€9.95')
    expect(figure('Total')).toContain('€84.95')
    expect(callsOf('rules').at(-1)!.payload).toEqual({
      context: { cartAmount: 75, bottles: 6, free: false, countryCode: 'BE' },
    })
  })

  it('shows free shipping in Belgium from 150 EUR', async () => {
    setContacts({ ...emptyContacts(), delivery: DELIVERY })
    await renderAsClaire('en', [cartLine({ quantity: 12 })])
    await waitFor(() => expect(figure('Shipping cost')).toBe('Free'))
    expect(figure('Shipping')).toBe('Free')
  })

  it.each([
    ['HTTP 500', () => setFault('rules', { kind: 'status', status: 500 })],
    [
      'a non-number cost',
      () =>
        server.use(
          http.post('/api/rules/*', () => HttpResponse.json({ result: { output: 'free' } })),
        ),
    ],
  ])('only logs a failure on %s, and never shows it as free', async (_, fail) => {
    fail()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    setContacts({ ...emptyContacts(), delivery: DELIVERY })
    await renderAsClaire('en')
    await waitFor(() => expect(error).toHaveBeenCalled())
    expect(String(error.mock.calls[0]![0])).toContain('Shipping calculation failed')
    expect(screen.queryByText('Free')).not.toBeInTheDocument()
    expect(figure('Shipping')).toBe('Calculated once your delivery address is known')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('droplets redemption', () => {
  it('clamps to the allowed maximum on change and shows the discount once left (en)', async () => {
    const { user } = await renderAsClaire('en')
    await screen.findByText('Droplets on your account: 420')
    const input = screen.getByLabelText('Droplets to redeem')
    expect(input).toHaveAttribute('maxLength', '4')
    // 75 EUR subtotal: 199 droplets at 0.20 (39.80) is the most that covers it.
    expect(screen.getByText('From 100 to 199 droplets on this order')).toBeVisible()
    await user.type(input, '500')
    expect(input).toHaveValue('199')
    expect(screen.getByText('At most 199 droplets on this order')).toBeVisible()
    expect(screen.queryByText(/Discount/)).not.toBeInTheDocument()
    await user.tab()
    expect(plain(screen.getByText(/Discount/).textContent)).toBe('Discount: -€39.80')
    expect(figure('Droplets redeemed')).toBe('-€39.80')
    expect(figure('Total')).toContain('€35.20')
    expect(state().cart).toMatchObject({ redeemedPoints: 199, redeemedPointsAmount: 39.8 })
  })

  it('redeems nothing below 100 and says so once left (fr)', async () => {
    const { user } = await renderAsClaire('fr')
    await screen.findByText('Gouttes sur votre compte : 420')
    const input = screen.getByLabelText('Gouttes à utiliser')
    await user.type(input, '50')
    expect(input).toHaveValue('50')
    await user.tab()
    expect(screen.getByText('Utilisez au moins 100 gouttes')).toBeVisible()
    expect(screen.queryByText(/Réduction/)).not.toBeInTheDocument()
    expect(state().cart.redeemedPoints).toBe(0)
  })

  it('uses the ×2 tier from 200 droplets (nl)', async () => {
    const { user } = await renderAsClaire('nl', [cartLine({ quantity: 12 })])
    await screen.findByText('Druppels op je account: 420')
    await user.type(screen.getByLabelText('In te wisselen druppels'), '250')
    await user.tab()
    // 250 × 0.40 = 100.00
    expect(plain(screen.getByText(/Korting/).textContent)).toBe('Korting: € -100,00')
  })

  it('is not offered below 100 droplets', async () => {
    db.sessionEmail = TOM.email
    addToCart(cartLine())
    await renderCart('en')
    await screen.findByText('Droplets on your account: 50')
    expect(screen.queryByLabelText('Droplets to redeem')).not.toBeInTheDocument()
  })
})

describe('payment', () => {
  const ORDER_CALLS: CallName[] = [
    'createorderinodoo',
    'createpaymentintent',
    'checkoutorder',
    'sendorderconfirmation',
    'updateuserpoints',
    'getupdatedpoints',
  ]
  const flow = () =>
    db.calls
      .filter((c) => !c.fault && !c.replayed)
      .map((c) => c.call)
      .filter((c) => (ORDER_CALLS as string[]).includes(c))
  const thanks = (timeout = 4000) =>
    screen.findByRole('heading', { name: 'Thank you for your order!' }, { timeout })

  it('pays: order, intent, card, confirm, e-mail, points, balance, paid event, empty cart, thank-you with a recap (en)', async () => {
    getStore().update((d) => {
      d.cart.redeemedPoints = 100
      d.cart.redeemedPointsAmount = 20
    })
    const paid = vi.fn()
    const off = getBus().on('order:paid', paid)
    const { user } = await renderOnPaymentTab('en')
    await screen.findByText('Droplets on your account: 420')
    await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
    expect(payButton()).toBeDisabled()
    await enterCard(user, TEST_CARDS.success)
    // 75 + 9.95 − 20 = 64.95
    expect(payButton()).toHaveTextContent('Pay €64.95')
    await user.click(payButton())
    expect(await thanks()).toBeVisible()
    expect(
      screen.getByText('Your order S04201 is paid. A confirmation is on its way to your inbox.'),
    ).toBeVisible()
    expect(screen.getByText('Total paid: €64.95')).toBeVisible()
    expect(screen.getByText('Droplets earned: 8')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/en',
    )
    off()

    // The balance refresh runs after the thank-you shows (it never holds the order back).
    await waitFor(() =>
      expect(flow()).toEqual([...ORDER_CALLS.slice(0, 5), 'updateuserpoints', 'getupdatedpoints']),
    )
    const [created] = callsOf('createorderinodoo')
    const form = created!.payload as Record<string, string>
    expect(form.locale).toBe('en')
    expect(JSON.parse(form.contacts!)).toMatchObject({ delivery: DELIVERY, vat: { number: '' } })
    expect(JSON.parse(form.cartlines!)).toHaveLength(1)
    expect(callsOf('createpaymentintent')[0]!.payload).toEqual({
      card: 'card',
      amount_total: 6495,
      name: 'S04201',
      orderId: 'S04201',
      customer_name: 'Wijnhandel De Druif BV',
      customer_email: DELIVERY.email,
    })
    expect(callsOf('checkoutorder')[0]!.payload).toEqual({ orderId: 'S04201' })
    expect(callsOf('sendorderconfirmation')[0]!.payload).toMatchObject({
      shipping: '9.95',
      total: '64.95',
      redeemedPoints: '100',
      redeemedPointsAmount: '20',
      locale: 'en',
      orderId: 'S04201',
    })
    // Redeemed first (negative), then earned: floor((75 + 5) / 10) = 8.
    expect(db.pointUpdates.map((u) => [u.document, u.points])).toEqual([
      ['S04201', -100],
      ['S04201', 8],
    ])
    expect(db.pointUpdates[0]!.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
    await waitFor(() => expect(state().session.points).toBe(328), { timeout: 4000 })
    expect(paid).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: 'S04201', total: 64.95, items: [expect.any(Object)] }),
    )
    expect(state().cart).toMatchObject({ lines: [], orderId: null, redeemedPoints: 0 })
    expect(db.orders[0]!.status).toBe('checked-out')
    // The provider charged exactly the order's total, once.
    expect(stripeServer.state().charges).toEqual([
      expect.objectContaining({ amount: 6495, description: 'S04201', method: 'card' }),
    ])
  })

  it('keeps the pay button disabled until the card is complete, and while paying (fr)', async () => {
    const { user } = await renderOnPaymentTab('fr')
    await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
    await enterCard(user, '4242 4242', 'Numéro de carte')
    expect(payButton()).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: 'Numéro de carte' }), '42424242')
    expect(payButton()).toBeEnabled()
    await user.click(payButton())
    expect(screen.getByRole('button', { name: 'Paiement en cours…' })).toBeDisabled()
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Merci pour votre commande !' },
        { timeout: 4000 },
      ),
    ).toBeVisible()
  })

  it('asks the buyer to confirm being 18 or older before Pay, and sends the confirmation (fr)', async () => {
    const { user } = await renderOnPaymentTab('fr')
    // Not confirmed yet in this session.
    setContacts({ ...state().contacts, ageConfirmed: false })
    await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
    await enterCard(user, TEST_CARDS.success, 'Numéro de carte')
    const age = screen.getByRole('checkbox', { name: 'Je confirme avoir 18 ans ou plus' })
    expect(age).not.toBeChecked()
    expect(age).toBeRequired()
    expect(payButton()).toBeDisabled()
    // Left unchecked: the rule shows, tied to the box.
    age.focus()
    await user.tab()
    expect(age).toHaveAccessibleDescription(
      'Veuillez confirmer que vous avez 18 ans ou plus : nous ne pouvons pas vendre de vin ni de porto aux mineurs.',
    )
    expect(age).toBeInvalid()
    // The keyboard checks it: Pay opens, the rule goes, the session remembers it.
    age.focus()
    await user.keyboard(' ')
    expect(age).toBeChecked()
    expect(age).not.toHaveAccessibleDescription()
    expect(payButton()).toBeEnabled()
    expect(state().contacts.ageConfirmed).toBe(true)
    await user.click(payButton())
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Merci pour votre commande !' },
        { timeout: 4000 },
      ),
    ).toBeVisible()
    expect(callsOf('createorderinodoo')[0]!.payload).toMatchObject({ age_confirmed: 'true' })
  })

  it('never creates two orders or intents on a double click', async () => {
    const { user } = await renderOnPaymentTab('en')
    await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
    await enterCard(user, TEST_CARDS.success)
    await user.dblClick(payButton())
    await thanks()
    expect(callsOf('createorderinodoo')).toHaveLength(1)
    expect(callsOf('createpaymentintent')).toHaveLength(1)
    expect(stripeServer.state().charges).toHaveLength(1)
  })

  it('makes lines, droplets, contacts and shipping read-only from Pay (order still being created) until a decline, then pays the changed cart', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    getStore().update((d) => {
      d.cart.redeemedPoints = 100
      d.cart.redeemedPointsAmount = 20
    })
    // A slow order creation: the shopper has pressed Pay, nothing is confirmed yet. The answer
    // waits until the test lets it through, however slow the machine.
    setFault('createorderinodoo', { kind: 'held' }, { times: 1 })
    const { user } = await renderOnPaymentTab('en')
    await screen.findByText('Droplets on your account: 420')
    await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
    await enterCard(user, TEST_CARDS.declined)
    const fewer = () => screen.getByRole('button', { name: 'Fewer of Falize Tradition' })
    const more = () => screen.getByRole('button', { name: 'More of Falize Tradition' })
    const quantity = () => screen.getByRole('textbox', { name: 'Quantity of Falize Tradition' })
    const remove = () => screen.getByRole('button', { name: 'Remove Falize Tradition' })
    const droplets = () => screen.getByLabelText('Droplets to redeem')
    expect(fewer()).toBeEnabled()
    await user.click(payButton())
    await whenHeld('createorderinodoo')

    expect(screen.getByRole('button', { name: 'Processing the payment…' })).toBeDisabled()
    expect(state().payment).toMatchObject({ phase: 'open', orderId: null })
    for (const control of [fewer(), more(), quantity(), remove(), droplets()])
      expect(control).toBeDisabled()
    expect(screen.getByRole('tab', { name: 'Delivery' })).toBeDisabled()
    expect(screen.getByRole('tab', { name: 'Invoice' })).toBeDisabled()
    // Nothing else can move the content being paid either (lowering 6 to 3, another address).
    expect(updateCartQuantity('200101', 3)).toBe(false)
    updateContact('delivery', { zip: '9000', city: 'Gent' })
    expect(state().cart).toMatchObject({ redeemedPoints: 100, shippingCost: 9.95 })
    expect(state().cart.lines[0]!.quantity).toBe(6)
    expect(state().contacts.delivery).toEqual(DELIVERY)
    expect(figure('Shipping cost')).toBe('€9.95')

    // Declined: the provider's message, and everything editable again.
    releaseHeld('createorderinodoo')
    const alert = await screen.findByRole('alert', {}, { timeout: 6000 })
    await waitFor(() => expect(alert).toHaveTextContent('Your card was declined.'))
    expect(callsOf('createorderinodoo')[0]!.payload).toMatchObject({ locale: 'en' })
    for (const control of [fewer(), more(), quantity(), remove(), droplets()])
      expect(control).toBeEnabled()
    expect(screen.getByRole('tab', { name: 'Delivery' })).toBeEnabled()
    await user.click(more())
    await waitFor(() => expect(state().cart.lines[0]!.quantity).toBe(12))

    // The changed cart is a new order, charged for exactly what the screen shows.
    await enterCard(user, TEST_CARDS.success)
    // 12 × 12.50 = 150 (free shipping in Belgium) − 20 = 130.00
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay €130.00'))
    await user.click(payButton())
    await thanks()
    expect(stripeServer.state().charges).toEqual([expect.objectContaining({ amount: 13000 })])
    expect(db.orders).toHaveLength(2)
    expect(callsOf('checkoutorder').map((c) => c.payload)).toEqual([{ orderId: 'S04202' }])
  })

  it('completes a 3-D Secure card once the shopper authenticates; the cart is read-only meanwhile', async () => {
    const { user } = await renderOnPaymentTab('en')
    await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
    await enterCard(user, TEST_CARDS.threeDSecure)
    await user.click(payButton())
    const dialog = await screen.findByRole('dialog', { name: THREE_D_SECURE.title })
    expect(screen.getByRole('button', { name: /Remove/ })).toBeDisabled()
    expect(screen.getByRole('tab', { name: 'Delivery' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: THREE_D_SECURE.complete }))
    expect(await thanks()).toBeVisible()
  })

  it.each([
    [TEST_CARDS.declined, 'Your card was declined.'],
    [TEST_CARDS.insufficientFunds, 'Your card has insufficient funds.'],
  ])(
    'shows the card provider message for %s, and a retry reuses the order',
    async (card, message) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const { user } = await renderOnPaymentTab('en')
      await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
      await enterCard(user, card)
      await user.click(payButton())
      const alert = await screen.findByRole('alert')
      await waitFor(() => expect(alert).toHaveTextContent(message))
      expect(alert).toHaveFocus()
      expect(state().cart.lines).toHaveLength(1)
      expect(state().cart.orderId).toBe('S04201')
      expect(payButton()).toBeEnabled()
      await enterCard(user, TEST_CARDS.success)
      await user.click(payButton())
      await thanks()
      expect(callsOf('createorderinodoo')).toHaveLength(1)
      // Same amount: the intent is confirmed again with the new card, not created twice.
      expect(callsOf('createpaymentintent')).toHaveLength(1)
      expect(callsOf('checkoutorder')[0]!.payload).toEqual({ orderId: 'S04201' })
    },
  )

  it.each([
    [
      'createorderinodoo',
      "This is on us! We couldn't create the order. Try again in a couple of minutes",
    ],
    ['createpaymentintent', "We couldn't initiate the payment. Try again in a couple of minutes"],
  ] as const)(
    'when %s fails before the charge: its message, nothing lost, a retry pays once',
    async (call, message) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      setFault(call, { kind: 'status', status: 500 }, { times: 1 })
      const { user } = await renderOnPaymentTab('en')
      await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
      await enterCard(user, TEST_CARDS.success)
      const contactsBefore = state().contacts
      await user.click(payButton())
      const alert = await screen.findByRole('alert')
      await waitFor(() => expect(alert).toHaveTextContent(message))
      expect(state().cart.lines).toHaveLength(1)
      expect(state().contacts).toEqual(contactsBefore)
      expect(stripeServer.state().charges).toEqual([])
      await user.click(payButton())
      await thanks()
      expect(db.orders).toHaveLength(1)
      expect(stripeServer.state().charges).toHaveLength(1)
    },
  )

  it.each(['checkoutorder', 'sendorderconfirmation', 'updateuserpoints'] as const)(
    'when %s fails after the charge: "payment received", then the thank-you on its own',
    async (call) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      // The retry waits its backoff on a clock the test moves, not on the machine's speed.
      vi.useFakeTimers({ shouldAdvanceTime: true })
      getStore().update((d) => {
        d.cart.redeemedPoints = 100
        d.cart.redeemedPointsAmount = 20
      })
      setFault(call, { kind: 'status', status: 500 }, { times: 1 })
      const { user } = await renderOnPaymentTab('en')
      await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
      await enterCard(user, TEST_CARDS.success)
      await user.click(payButton())
      expect(
        await screen.findByText('Payment received, we are finishing your order…'),
      ).toBeVisible()
      expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull()
      expect(screen.queryByText('We experienced an error during the payment processing')).toBeNull()
      await vi.advanceTimersByTimeAsync(RETRY_DELAYS[0])
      await thanks(6000)
      expect(callsOf('checkoutorder').filter((c) => !c.fault)).toHaveLength(1)
      expect(callsOf('sendorderconfirmation').filter((c) => !c.fault)).toHaveLength(1)
      // The thank-you shows once the order is confirmed; the points follow behind it.
      await waitFor(() => expect(db.pointUpdates.map((u) => u.points)).toEqual([-100, 8]), {
        timeout: 5000,
      })
      expect(stripeServer.state().charges).toHaveLength(1)
    },
  )

  it('shows the thank-you even when only the balance refresh fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    setFault('getupdatedpoints', { kind: 'status', status: 500 })
    const { user } = await renderOnPaymentTab('en')
    await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
    await enterCard(user, TEST_CARDS.success)
    await user.click(payButton())
    expect(await thanks()).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('confirms an order the droplets cover entirely without any payment form (nl)', async () => {
    getStore().update((d) => {
      d.cart.redeemedPoints = 400
      d.cart.redeemedPointsAmount = 400
    })
    const { user } = await renderOnPaymentTab('nl', [
      cartLine({ price: 20, quantity: 20, free_shipping: true }),
    ])
    await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
    await waitFor(() => expect(state().cart.redeemedPointsAmount).toBe(400))
    expect(
      screen.getByText('Je druppels dekken de hele bestelling: er valt niets te betalen.'),
    ).toBeVisible()
    expect(screen.queryByRole('textbox', { name: 'Kaartnummer' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Bestelling bevestigen' }))
    expect(await screen.findByRole('heading', { name: /Bedankt/ }, { timeout: 4000 })).toBeVisible()
    expect(callsOf('createpaymentintent')).toEqual([])
    expect(db.orders[0]!.status).toBe('checked-out')
  })

  it('shows the intent message on a malformed intent answer, and keeps the card usable (nl)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = await renderOnPaymentTab('nl')
    await waitFor(() => expect(state().contacts.isValidShipping).toBe(true))
    await enterCard(user, TEST_CARDS.success, 'Kaartnummer')
    setFault('createpaymentintent', { kind: 'malformed' }, { times: 1 })
    await user.click(payButton())
    const alert = await screen.findByRole('alert')
    await waitFor(() =>
      expect(alert).toHaveTextContent(
        'We konden de betaling niet starten. Probeer het over enkele minuten opnieuw',
      ),
    )
    expect(screen.getByRole('textbox', { name: 'Kaartnummer' })).toBeEnabled()
  })
})
