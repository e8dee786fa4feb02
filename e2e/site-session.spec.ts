import type { BrowserContext, Page } from '@playwright/test'
import { expect, open, test, text } from './helpers'

/**
 * What the site does to the session itself, outside the widgets: its own login form (a single
 * sign-on return, a reset that logs in), its own logout link. The next page shows it, with the
 * session version cookie the contract recommends and without it (every page then asks).
 */
const FAQ = '/en/faq'
const CART = '/en/cart'
const WINE = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'

const badge = (page: Page) =>
  page.locator('[data-widget="user-menu"]').getByRole('link', { name: /^Claire/ })
const loginIcon = (page: Page) =>
  page
    .locator('[data-widget="user-menu"]')
    .getByRole('link', { name: text('en', 'userMenu.login') })

/** A call the site's own scripts make, with the CSRF token as its forms post it. */
async function siteCall(page: Page, path: string, body?: Record<string, string>) {
  const answer = await page.evaluate(
    async ({ path, body }) => {
      const token = await (await fetch('/cp/auth/token')).text()
      const response = await fetch(path, {
        method: body ? 'POST' : 'GET',
        headers: { 'X-CSRF-TOKEN': token, 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      })
      return (await response.json()) as unknown
    },
    { path, body },
  )
  return answer
}

const siteLogin = (page: Page) =>
  siteCall(page, '/login/loginuser', { email: 'claire@example.com', password: 'droplets-420' })

const WAYS = {
  'with the session version cookie': async () => undefined,
  'without a session version cookie (every page asks)': async (context: BrowserContext) => {
    const { baseURL } = test.info().project.use
    await context.addCookies([{ name: 'wine_demo_session', value: 'none', url: baseURL! }])
  },
}

for (const [way, setUp] of Object.entries(WAYS)) {
  test.describe(way, () => {
    test("the site's own login shows on the next page within a second", async ({
      page,
      context,
    }) => {
      await setUp(context)
      await open(page, FAQ)
      await expect(loginIcon(page)).toBeVisible()
      expect(await siteLogin(page)).toMatchObject({ isLoggedIn: true })

      // Shown by the next page's own check, not after a 60-s reuse runs out. How soon is the
      // bench's to measure (a timed test would measure the machine's load).
      await page.goto(CART, { waitUntil: 'load' })
      await expect(badge(page)).toBeVisible()
      // The cart page treats the shopper as logged in: no "Login or Sign Up" offer.
      await expect(page.getByText(text('en', 'cart.loginSubheading'))).toHaveCount(0)
    })

    test("the site's own logout clears user, cart, contacts and conversation on the next page", async ({
      page,
      context,
    }) => {
      await setUp(context)
      await open(page, WINE)
      expect(await siteLogin(page)).toMatchObject({ isLoggedIn: true })
      await open(page, WINE)
      await expect(badge(page)).toBeVisible()
      await page
        .locator('[data-widget="wine-tabs"]')
        .getByRole('button', { name: text('en', 'wineTabs.add') })
        .click()
      await expect(
        page.locator('[data-widget="minicart"]').getByRole('button', {
          name: text('en', 'minicart.button').replace('{{count}}', '1'),
          exact: true,
        }),
      ).toBeVisible()

      // The site's own logout, outside the widgets.
      expect(await siteCall(page, '/login/logoutuser')).toMatchObject({ isLoggedOut: true })
      await page.goto(FAQ, { waitUntil: 'load' })
      await expect(loginIcon(page)).toBeVisible()
      await expect(
        page.locator('[data-widget="minicart"]').getByRole('button', {
          name: text('en', 'minicart.button').replace('{{count}}', '0'),
          exact: true,
        }),
      ).toBeVisible()
      const saved = await page.evaluate(() => sessionStorage.getItem('wine-widgets:v1') ?? '')
      expect(saved).not.toContain('Claire')
      expect(JSON.parse(saved).cart.lines).toEqual([])
    })
  })
}

test('with the version cookie, the pages after the first ask the site nothing while it holds', async ({
  page,
}) => {
  const asked = () =>
    page.evaluate(
      () => window.__wineMocks!.db.calls.filter((c) => c.call === 'getcurrentuser').length,
    )
  await open(page, FAQ)
  await expect.poll(asked).toBe(1)
  expect(await page.evaluate(() => document.cookie)).toMatch(/private_content_version=[\w-]+/)
  await open(page, CART)
  await open(page, WINE)
  await expect(loginIcon(page)).toBeVisible()
  expect(await asked()).toBe(1)
  // The site's login changes the version: the next page asks once, and shows the shopper.
  await siteLogin(page)
  await open(page, FAQ)
  await expect(badge(page)).toBeVisible()
  expect(await asked()).toBe(2)
})
