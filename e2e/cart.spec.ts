import type { Page } from '@playwright/test'
import { expect, localePaths, open, test, text, widgetsSettled, type Locale } from './helpers'

/**
 * From wine page to cart: wine pages, bundle pages, the header minicart and the cart
 * page, against the demo site and its mocks.
 */
const WINE = localePaths('wine-w10018')
const SOLD_OUT_WINE = '/fr/vins/chateau-belle-rive-margaux-grand-vin'
const PROMO_WINE = '/en/wines/chateau-lagrange-belair-pauillac-grand-vin'
const BUNDLE = '/en/bundles/belgian-discovery'
const SOLD_OUT_BUNDLE = '/nl/pakketten/holiday-bubbles'
const CART = localePaths('cart')

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]))

function minicartButton(page: Page, locale: Locale, count: number) {
  return page
    .locator('[data-widget="minicart"]')
    .getByRole('button', { name: fill(text(locale, 'minicart.button'), { count }), exact: true })
}

async function addWine(page: Page, locale: Locale, quantity?: string) {
  const box = page.locator('[data-widget="wine-tabs"]')
  if (quantity) await box.getByLabel(text(locale, 'wineTabs.quantity')).fill(quantity)
  await box.getByRole('button', { name: text(locale, 'wineTabs.add') }).click()
}

test('add two vintages and volumes and a bundle, then change, remove and reload the cart (en)', async ({
  page,
}) => {
  await open(page, WINE.en)
  const tabs = page.locator('[data-widget="wine-tabs"]')
  const vintages = tabs.getByRole('tablist', { name: text('en', 'wineTabs.vintages') })
  const first = vintages.getByRole('tab').first()
  await expect(first).toHaveAttribute('aria-selected', 'true')
  const firstVintage = (await first.textContent())!

  // First vintage, 75cl: plus takes 1 to 6.
  await tabs.getByRole('button', { name: text('en', 'wineTabs.plus') }).click()
  await expect(tabs.getByLabel(text('en', 'wineTabs.quantity'))).toHaveValue('6')
  await addWine(page, 'en')
  await expect(tabs.getByText(fill(text('en', 'wineTabs.added'), { count: 6 }))).toBeVisible()
  // The minicart in the header is another React root: it follows at once.
  await expect(minicartButton(page, 'en', 6)).toBeVisible()

  // Second vintage, 150cl, 2 bottles; the URL hash follows the tabs.
  const second = vintages.getByRole('tab').nth(1)
  const secondVintage = (await second.textContent())!
  await second.click()
  await tabs.getByRole('tab', { name: '150cl' }).click()
  await expect(page).toHaveURL(new RegExp(`#${secondVintage}-150cl$`))
  await addWine(page, 'en', '2')
  await expect(minicartButton(page, 'en', 8)).toBeVisible()

  // A bundle from a bundle page.
  await open(page, BUNDLE)
  const bundle = page.locator('[data-widget="bundle"]')
  await bundle.getByRole('button', { name: text('en', 'bundle.add') }).click()
  await expect(bundle.getByText(fill(text('en', 'bundle.added'), { count: 1 }))).toBeVisible()
  await expect(minicartButton(page, 'en', 9)).toBeVisible()

  // The minicart lists the lines on hover, with the subtotal without shipping.
  await page.locator('[data-widget="minicart"]').hover()
  const panel = page.locator('[data-widget="minicart"]').getByRole('list')
  await expect(panel.getByRole('listitem')).toHaveCount(3)
  await expect(panel.getByRole('listitem').nth(0)).toContainText(`${firstVintage} · 75cl`)
  await expect(panel.getByRole('listitem').nth(1)).toContainText(`${secondVintage} · 150cl`)
  await expect(page.getByText(text('en', 'minicart.withoutShipping'))).toBeVisible()
  await page.getByRole('link', { name: text('en', 'minicart.toCart') }).click()
  await expect(page).toHaveURL(/\/en\/cart$/)

  // The cart page: change a quantity, remove a line, reload.
  const cart = page.locator('[data-widget="cart"]')
  const lines = cart.getByRole('list', { name: text('en', 'cart.lines') }).getByRole('listitem')
  await expect(lines).toHaveCount(3)
  const firstLine = lines.nth(0)
  const wineName = 'Château Roquefort-Lalande Bordeaux Supérieur'
  await firstLine
    .getByRole('button', { name: fill(text('en', 'cart.plus'), { name: wineName }) })
    .click()
  await expect(firstLine.getByRole('textbox')).toHaveValue('12')
  await expect(minicartButton(page, 'en', 15)).toBeVisible()
  await lines
    .nth(1)
    .getByRole('button', { name: fill(text('en', 'cart.removeLine'), { name: wineName }) })
    .click()
  await expect(lines).toHaveCount(2)
  await expect(minicartButton(page, 'en', 13)).toBeVisible()
  await expect(cart.getByText(text('en', 'cart.loginSubheading'))).toBeVisible()

  await page.reload()
  await widgetsSettled(page)
  await expect(lines).toHaveCount(2)
  await expect(lines.nth(0).getByRole('textbox')).toHaveValue('12')
  await expect(lines.nth(1)).toContainText('Belgian discovery box')
  await expect(minicartButton(page, 'en', 13)).toBeVisible()
})

test('the cart page says the cart is empty in every locale', async ({ page }) => {
  for (const locale of ['en', 'fr', 'nl'] as const) {
    await open(page, CART[locale])
    await expect(
      page.locator('[data-widget="cart"]').getByText(text(locale, 'cart.empty')),
    ).toBeVisible()
    await expect(minicartButton(page, locale, 0)).toBeVisible()
  }
})

test('a French wine page adds to the cart and the minicart links to /fr/panier', async ({
  page,
}) => {
  await open(page, WINE.fr)
  await addWine(page, 'fr', '3')
  await expect(minicartButton(page, 'fr', 3)).toBeVisible()
  await minicartButton(page, 'fr', 3).focus()
  const link = page.getByRole('link', { name: text('fr', 'minicart.toCart') })
  await expect(link).toHaveAttribute('href', '/fr/panier')
  await link.click()
  await expect(
    page.locator('[data-widget="cart"]').getByText(text('fr', 'droplets.loggedOut')),
  ).toBeVisible()
})

test('an out-of-stock wine and an out-of-stock bundle cannot be added', async ({ page }) => {
  await open(page, SOLD_OUT_WINE)
  const wine = page.locator('[data-widget="wine-tabs"]')
  await expect(wine.getByText(text('fr', 'wineTabs.outOfStock'), { exact: true })).toBeVisible()
  await expect(wine.getByRole('button', { name: text('fr', 'wineTabs.add') })).toHaveCount(0)

  await open(page, SOLD_OUT_BUNDLE)
  const bundle = page.locator('[data-widget="bundle"]')
  await expect(bundle.getByText(text('nl', 'bundle.outOfStock'), { exact: true })).toBeVisible()
  await expect(bundle.getByRole('button', { name: text('nl', 'bundle.add') })).toHaveCount(0)
})

test.describe('when the rules service fails', () => {
  test.use({ allowConsoleErrors: true })

  test('the wine is added without promotion and the failure is only logged', async ({
    page,
    consoleLog,
  }) => {
    await page.addInitScript(() => {
      sessionStorage.setItem(
        'wine-mocks:faults',
        JSON.stringify({ rules: { kind: 'status', status: 500 } }),
      )
    })
    await open(page, PROMO_WINE)
    await addWine(page, 'en')
    await expect(minicartButton(page, 'en', 1)).toBeVisible()
    const lines = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}').cart.lines,
    )
    expect(lines[0].promotion).toEqual({ type: 'none', points: 1, bogof: null })
    expect(consoleLog.errors().some((e) => e.includes('Promotion lookup failed'))).toBe(true)
  })
})

test('a wine with a promotion shows it and the cart counts its droplets', async ({ page }) => {
  await open(page, PROMO_WINE)
  const wine = page.locator('[data-widget="wine-tabs"]')
  await expect(
    wine.getByText(fill(text('en', 'wineTabs.promoPoints'), { points: 2 })),
  ).toBeVisible()
  await addWine(page, 'en')
  await expect(minicartButton(page, 'en', 1)).toBeVisible()
  await open(page, CART.en)
  await expect(page.getByText(fill(text('en', 'cart.promoPoints'), { points: 2 }))).toBeVisible()
  await expect(page.getByText(/Droplets earned with this order: \d+/)).toBeVisible()
})
