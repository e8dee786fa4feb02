import type { BrowserContext, Page } from '@playwright/test'
import { expect, open, test, text } from './helpers'

/**
 * One shop in every tab of a browser: shoppers open wines in new tabs (a Ctrl or Cmd click,
 * `window.open`, a typed address), add here and there, and pay in whichever tab is in front.
 * Every tab shows the same cart within a second, without a reload, and a new tab starts from it.
 */
const WINE_A = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'
const WINE_B = '/en/wines/chateau-lagrange-belair-pauillac-grand-vin'
const CART = '/en/cart'
const LOGIN = '/en/login'

const minicart = (page: Page, count: number) =>
  page.locator('[data-widget="minicart"]').getByRole('button', {
    name: text('en', 'minicart.button').replace('{{count}}', String(count)),
    exact: true,
  })

const addButton = (page: Page) =>
  page
    .locator('[data-widget="wine-tabs"]')
    .getByRole('button', { name: text('en', 'wineTabs.add') })

const cartLines = (page: Page) =>
  page.locator('[data-widget="cart"]').getByRole('list', { name: text('en', 'cart.lines') })

/** A tab the context opens by itself: a typed address or a bookmark (no opener, nothing copied). */
async function typedTab(context: BrowserContext, path: string): Promise<Page> {
  const tab = await context.newPage()
  await open(tab, path)
  return tab
}

/** The wine names in a tab's cart page (the tab is left on it). */
async function cartOf(tab: Page): Promise<string[]> {
  if (!tab.url().endsWith(CART)) await open(tab, CART)
  await expect(cartLines(tab)).toBeVisible()
  return (await cartLines(tab).getByRole('link').allTextContents()).sort()
}

/** A first tab on a wine page, its bottle in the cart. */
async function firstWine(page: Page): Promise<void> {
  await open(page, WINE_A)
  await addButton(page).click()
  await expect(minicart(page, 1)).toBeVisible()
}

test.describe.configure({ timeout: 60_000 })

test('the five steps: wines added in two tabs are one cart in every tab, and a removal holds', async ({
  page,
  context,
}) => {
  // 1. A wine in the first tab.
  await firstWine(page)

  // 2. From that tab, the second wine in a new tab (window.open, as a script or link would).
  const [second] = await Promise.all([
    context.waitForEvent('page'),
    page.evaluate((path) => void window.open(path, '_blank', 'noopener'), WINE_B),
  ])
  await second.waitForLoadState()
  await expect(minicart(second, 1)).toBeVisible()
  await addButton(second).click()
  await expect(minicart(second, 2)).toBeVisible()

  // 3. Back in the first tab: its minicart follows without a reload (how soon: a message between
  // tabs, milliseconds; a timed test would measure the machine's load).
  await page.bringToFront()
  await expect(minicart(page, 2)).toBeVisible()
  const both = await cartOf(page)
  expect(both).toHaveLength(2)

  // 4. A typed address in a new tab: the cart is there from the first render.
  const typed = await typedTab(context, CART)
  expect(await cartOf(typed)).toEqual(both)

  // 5. Removed in one tab: gone in the others, and not put back by them.
  const [removed = ''] = both
  await typed
    .locator('[data-widget="cart"]')
    .getByRole('button', { name: text('en', 'cart.removeLine').replace('{{name}}', removed) })
    .click()
  await expect(cartLines(page).getByRole('link', { name: removed })).toHaveCount(0)
  await expect(minicart(second, 1)).toBeVisible()
  await second.reload()
  await expect(minicart(second, 1)).toBeVisible()
  expect(await cartOf(page)).toEqual(both.filter((name) => name !== removed))
})

test('a Ctrl or Cmd click on a link opens a tab that already holds the cart', async ({
  page,
  context,
}) => {
  await firstWine(page)
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    // The footer's link (the minicart's own stays laid out while closed, under the page).
    page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Cart', exact: true })
      .click({ modifiers: ['ControlOrMeta'] }),
  ])
  await tab.waitForLoadState()
  await expect(cartLines(tab).getByRole('listitem')).toHaveCount(1)
  await expect(minicart(tab, 1)).toBeVisible()
})

test('two tabs adding at the same moment both keep their wine', async ({ page, context }) => {
  await open(page, WINE_A)
  const other = await typedTab(context, WINE_B)
  await Promise.all([addButton(page).click(), addButton(other).click()])
  await expect(minicart(page, 2)).toBeVisible()
  await expect(minicart(other, 2)).toBeVisible()
  expect(await cartOf(other)).toHaveLength(2)
})

test('a login shows in the other tabs; a logout in one tab leaves no personal data in any', async ({
  page,
  context,
}) => {
  await firstWine(page)
  const other = await typedTab(context, CART)
  await expect(minicart(other, 1)).toBeVisible()

  await open(page, LOGIN)
  const login = page.locator('[data-widget="login"]')
  await login.getByLabel(text('en', 'login.email')).fill('claire@example.com')
  await login.getByLabel(text('en', 'login.password'), { exact: true }).fill('droplets-420')
  await login.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click()
  // The other tab's header shows the shopper, without a reload.
  const badge = other.locator('[data-widget="user-menu"]').getByRole('link', { name: /Claire/ })
  await expect(badge).toBeVisible()

  await login.getByRole('button', { name: text('en', 'session.logout') }).click()
  await expect(page).toHaveURL(/\/en\/?$/)
  await expect(
    other
      .locator('[data-widget="user-menu"]')
      .getByRole('link', { name: text('en', 'userMenu.login') }),
  ).toBeVisible()
  await expect(minicart(other, 0)).toBeVisible()
  // Nothing personal is left in the other tab's storage, nor in what the tabs share.
  const saved = await other.evaluate(() => ({
    session: sessionStorage.getItem('wine-widgets:v1') ?? '',
    shared: localStorage.getItem('wine-widgets:v1:cart') ?? '',
  }))
  expect(saved.session).not.toContain('claire')
  expect(saved.session).not.toContain('Claire')
  expect(saved.shared).not.toContain('laire')
  expect(JSON.parse(saved.shared || '{}').cart?.lines ?? []).toEqual([])
})
