import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { confirmAge, expect, localePaths, open, test, text, type Locale } from './helpers'

/**
 * Checkout and card payment against the demo site. The demo bootstrap
 * (`demo-pages/boot.ts`) registers the card provider and places fakes (same interfaces as
 * Stripe.js and Google Places) through `window.wineWidgetsServices` before the library loads;
 * the config's `demo: true` does not select them. Every backend call is answered and recorded
 * by the MSW mocks.
 */
const WINE = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'
const CART = localePaths('cart')
const CLAIRE = { email: 'claire@example.com', password: 'droplets-420', name: 'Claire Dubois' }

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]))

interface Call {
  call: string
  payload: Record<string, unknown>
  fault?: string
}
const calls = (page: Page) => page.evaluate(() => window.__wineMocks!.db.calls as unknown as Call[])
const store = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}'))

async function addSixBottles(page: Page) {
  await open(page, WINE)
  const box = page.locator('[data-widget="wine-tabs"]')
  await box.getByLabel(text('en', 'wineTabs.quantity')).fill('6')
  await box.getByRole('button', { name: text('en', 'wineTabs.add') }).click()
  await expect(page.getByText(fill(text('en', 'wineTabs.added'), { count: 6 }))).toBeVisible()
}

async function logIn(cart: Locator, locale: Locale) {
  await cart.getByLabel(text(locale, 'login.email')).fill(CLAIRE.email)
  await cart.getByLabel(text(locale, 'login.password'), { exact: true }).fill(CLAIRE.password)
  await cart.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click()
  await expect(cart.getByText(fill(text(locale, 'droplets.balance'), { count: 420 }))).toBeVisible()
}

async function enterCard(cart: Locator, number: string) {
  await confirmAge(cart)
  const card = cart.getByRole('textbox', { name: 'Card number' })
  await card.fill('')
  await card.pressSequentially(number)
}

test.describe('checkout', () => {
  // The declined card is logged by the payment flow (console.error), as designed.
  test.use({ allowConsoleErrors: true })

  test('delivery with autocomplete, invoice copy, VAT, shipping, droplets, a declined card, then a paid order (en)', async ({
    page,
    consoleLog,
  }) => {
    await addSixBottles(page)
    await open(page, CART.en)
    const cart = page.locator('[data-widget="cart"]')
    await logIn(cart, 'en')

    // Delivery, with the address autocomplete (Belgium only).
    const tabs = cart.getByRole('tablist', { name: text('en', 'checkout.tabs') })
    await expect(tabs.getByRole('tab', { name: text('en', 'checkout.tabInvoice') })).toBeDisabled()
    await expect(tabs.getByRole('tab', { name: text('en', 'checkout.tabPayment') })).toBeDisabled()
    await cart.getByLabel(text('en', 'checkout.name')).fill('Jean Martin')
    const street = cart.getByRole('combobox', { name: text('en', 'checkout.street') })
    await street.pressSequentially('rue de la loi')
    await page.getByRole('option', { name: 'Rue de la Loi 16, 1000 Bruxelles' }).click()
    await expect(street).toHaveValue('Rue de la Loi 16')
    await expect(cart.getByLabel(text('en', 'checkout.zip'))).toHaveValue('1000')
    await expect(cart.getByLabel(text('en', 'checkout.city'))).toHaveValue('Bruxelles')
    await expect(cart.getByLabel(text('en', 'checkout.country'))).toHaveValue('BE')
    await cart.getByLabel(text('en', 'checkout.email')).fill('jean@example.com')
    await cart.getByLabel(text('en', 'checkout.phone')).fill('0470 11 22 33')

    // The shipping box appears with the fee of the rules service.
    const shipping = cart.getByRole('region', { name: text('en', 'checkout.shippingTitle') })
    await expect(shipping).toContainText('Rue de la Loi 16')
    await expect(shipping).toContainText('€9.95')
    const rules = (await calls(page)).filter((c) => c.call === 'rules')
    expect(rules.at(-1)!.payload).toEqual({
      context: expect.objectContaining({ bottles: 6, free: false, countryCode: 'BE' }),
    })

    // Invoice: pre-filled from the user, the rest copied from the delivery.
    await cart.getByRole('button', { name: text('en', 'checkout.toInvoice') }).click()
    await expect(
      tabs.getByRole('tab', { name: text('en', 'checkout.tabInvoice') }),
    ).toHaveAttribute('aria-selected', 'true')
    await expect(cart.getByLabel(text('en', 'checkout.name'))).toHaveValue(CLAIRE.name)
    await expect(cart.getByLabel(text('en', 'checkout.email'))).toHaveValue(CLAIRE.email)
    await expect(cart.getByLabel(text('en', 'checkout.street'))).toHaveValue('Rue de la Loi 16')

    // VAT: an unknown number, then a valid one with its registered name.
    const vat = cart.getByLabel(text('en', 'vat.label'))
    await expect(vat).toHaveAttribute('placeholder', 'BE0123.456.789')
    await vat.fill('BE0403.170.702')
    await vat.blur()
    await expect(cart.getByText(text('en', 'vat.notFound'))).toBeVisible()
    await expect(tabs.getByRole('tab', { name: text('en', 'checkout.tabPayment') })).toBeDisabled()
    await vat.fill('BE 0403.170.701')
    await vat.blur()
    await expect(
      cart.getByText(fill(text('en', 'vat.registeredName'), { name: 'Wijnhandel De Druif BV' })),
    ).toBeVisible()
    const vatCalls = (await calls(page)).filter((c) => c.call === 'isVATValid')
    expect(vatCalls.map((c) => c.payload)).toEqual([
      { vat: 'BE0403170702' },
      { vat: 'BE0403170701' },
    ])

    // Droplets: 100 redeemed; the discount shows once the input is left.
    const redeem = cart.getByLabel(text('en', 'checkout.redeemLabel'))
    await redeem.fill('100')
    await expect(cart.getByText(/^Discount:/)).toHaveCount(0)
    await redeem.blur()
    await expect(
      cart.getByText(fill(text('en', 'checkout.redeemDiscount'), { amount: '-€20.00' })),
    ).toBeVisible()

    // Payment: a declined card first.
    await cart.getByRole('button', { name: text('en', 'checkout.toPayment') }).click()
    const pay = cart.getByRole('button', { name: /^Pay / })
    await expect(pay).toBeDisabled()
    await enterCard(cart, '4000 0000 0000 0002')
    await pay.click()
    await expect(cart.getByRole('alert')).toHaveText('Your card was declined.')
    const afterDecline = await store(page)
    expect(afterDecline.cart.lines).toHaveLength(1)
    expect(afterDecline.contacts.delivery.street).toBe('Rue de la Loi 16')
    const orderId: string = afterDecline.cart.orderId
    expect(orderId).toMatch(/^S0\d+$/)

    // Retry with a good card: the same order, paid.
    await enterCard(cart, '4242 4242 4242 4242')
    await pay.click()
    await expect(
      cart.getByRole('heading', { name: text('en', 'checkout.thanksTitle') }),
    ).toBeVisible()
    await expect(cart.getByText(fill(text('en', 'checkout.thanksText'), { orderId }))).toBeVisible()
    await expect(
      cart.getByRole('link', { name: text('en', 'checkout.thanksHome') }),
    ).toHaveAttribute('href', '/en')

    // The back office saw the calls in the contract's order, with its payloads (the balance
    // refresh runs after the thank-you shows).
    await expect
      .poll(async () => (await calls(page)).some((c) => c.call === 'getupdatedpoints'))
      .toBe(true)
    const flow = (await calls(page)).filter((c) =>
      [
        'createorderinodoo',
        'createpaymentintent',
        'checkoutorder',
        'sendorderconfirmation',
        'updateuserpoints',
        'getupdatedpoints',
      ].includes(c.call),
    )
    expect(flow.map((c) => c.call)).toEqual([
      'createorderinodoo',
      'createpaymentintent',
      'checkoutorder',
      'sendorderconfirmation',
      'updateuserpoints',
      'updateuserpoints',
      'getupdatedpoints',
    ])
    const intent = flow[1]!.payload
    expect(intent).toMatchObject({ name: orderId, customer_email: CLAIRE.email })
    expect(Number.isInteger(intent.amount_total)).toBe(true)
    expect(flow[2]!.payload).toEqual({ orderId })
    expect(flow[4]!.payload).toMatchObject({ document: orderId, points: -100 })
    expect(Number(flow[5]!.payload.points)).toBeGreaterThan(0)

    // Empty cart and the refreshed balance.
    const earned = Number(flow[5]!.payload.points)
    await expect.poll(async () => (await store(page)).session.points).toBe(420 - 100 + earned)
    const after = await store(page)
    expect(after.cart.lines).toEqual([])
    await expect(
      page.locator('[data-widget="minicart"]').getByRole('button', {
        name: fill(text('en', 'minicart.button'), { count: 0 }),
        exact: true,
      }),
    ).toBeVisible()
    expect(consoleLog.errors().every((e) => e.includes('[wine-widgets]'))).toBe(true)
  })
})

test('the checkout speaks French and the invalid delivery rules show next to the fields', async ({
  page,
}) => {
  await open(page, '/fr/vins/chateau-roquefort-lalande-bordeaux-superieur')
  await page
    .locator('[data-widget="wine-tabs"]')
    .getByRole('button', { name: text('fr', 'wineTabs.add') })
    .click()
  await open(page, CART.fr)
  const cart = page.locator('[data-widget="cart"]')
  await logIn(cart, 'fr')
  await cart.getByRole('button', { name: text('fr', 'checkout.toInvoice') }).click()
  await expect(cart.getByText(text('fr', 'checkout.required'))).toHaveCount(6)
  await expect(cart.getByText(text('fr', 'checkout.countryRequired'))).toBeVisible()
  await expect(cart.getByLabel(text('fr', 'checkout.name'))).toHaveAttribute('aria-invalid', 'true')

  // Every tab of the checkout passes the WCAG A/AA checks.
  const axe = () =>
    new AxeBuilder({ page })
      .include('[data-widget="cart"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze()
  expect((await axe()).violations).toEqual([])
  await cart.getByLabel(text('fr', 'checkout.name')).fill('Claire Dubois')
  await cart.getByLabel(text('fr', 'checkout.street')).fill('Korenmarkt 5')
  await cart.getByLabel(text('fr', 'checkout.zip')).fill('9000')
  await cart.getByLabel(text('fr', 'checkout.city')).fill('Gent')
  await cart.getByLabel(text('fr', 'checkout.country')).selectOption('BE')
  await cart.getByLabel(text('fr', 'checkout.email')).fill('claire@example.com')
  await cart.getByLabel(text('fr', 'checkout.phone')).fill('0470')
  await cart.getByRole('button', { name: text('fr', 'checkout.toInvoice') }).click()
  expect((await axe()).violations).toEqual([])
  await cart.getByRole('button', { name: text('fr', 'checkout.toPayment') }).click()
  await expect(cart.getByRole('textbox', { name: 'Numéro de carte' })).toBeVisible()
  expect((await axe()).violations).toEqual([])
})
