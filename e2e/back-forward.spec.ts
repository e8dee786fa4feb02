import type { Page } from '@playwright/test'
import config from './playwright.config'
import { expect, open, test, text } from './helpers'

/**
 * Back and Forward with the browser's back/forward cache on, as in every shopper's browser
 * (Playwright turns it off by default): a restored page fires no `load`, keeps its old memory,
 * and must take what the tab's other pages saved meanwhile before it writes anything.
 */
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
})
test.describe.configure({ timeout: 60_000 })

const WINE_A = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'
const WINE_B = '/en/wines/chateau-lagrange-belair-pauillac-grand-vin'

/** Counts the page's restorations from the back/forward cache (survives in the restored page). */
async function countRestores(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) document.documentElement.dataset.restored = 'yes'
    })
  })
}

async function back(page: Page, path: string): Promise<void> {
  await page.goBack({ waitUntil: 'commit' })
  await expect(page).toHaveURL(path)
  // Proof that this page came back from the cache (the case under test), not from a new load.
  await expect(page.locator('html')).toHaveAttribute('data-restored', 'yes')
}

const minicart = (page: Page, count: number) =>
  page.locator('[data-widget="minicart"]').getByRole('button', {
    name: text('en', 'minicart.button').replace('{{count}}', String(count)),
    exact: true,
  })

const addWine = (page: Page) =>
  page
    .locator('[data-widget="wine-tabs"]')
    .getByRole('button', { name: text('en', 'wineTabs.add') })
    .click()

const savedLineNames = (page: Page) =>
  page.evaluate(() =>
    (
      (
        JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}') as {
          cart?: { lines?: { name: string }[] }
        }
      ).cart?.lines ?? []
    ).map((l) => l.name),
  )

test('Back to a cached wine page, then add it: the wine added on the next page stays', async ({
  page,
}) => {
  await countRestores(page)
  await open(page, WINE_A)
  await expect(minicart(page, 0)).toBeVisible()
  await open(page, WINE_B)
  await addWine(page)
  await expect(minicart(page, 1)).toBeVisible()
  const wineB = await savedLineNames(page)
  expect(wineB).toHaveLength(1)

  await back(page, WINE_A)
  // The restored page shows the cart as the tab has it now, not as it was left.
  await expect(minicart(page, 1)).toBeVisible()
  await addWine(page)
  await expect(minicart(page, 2)).toBeVisible()
  await expect.poll(() => savedLineNames(page)).toHaveLength(2)
  expect(await savedLineNames(page)).toEqual(expect.arrayContaining(wineB))
})

/** How many current-user checks the demo back office has answered in this tab. */
const currentUserChecks = (page: Page) =>
  page.evaluate(
    () => window.__wineMocks!.db.calls.filter((c) => c.call === 'getcurrentuser').length,
  )

test('Back after logging in on another page: the restored page shows the user', async ({
  page,
}) => {
  await countRestores(page)
  await open(page, WINE_A)
  const menu = page.locator('[data-widget="user-menu"]')
  await expect(menu.getByRole('link', { name: 'C' })).toHaveCount(0)
  await open(page, '/en/login')
  const login = page.locator('[data-widget="login"]')
  await login.getByLabel(text('en', 'login.email')).fill('claire@example.com')
  await login.getByLabel(text('en', 'login.password'), { exact: true }).fill('droplets-420')
  await login.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click()
  await expect(menu.getByRole('link', { name: 'C' })).toHaveAttribute('href', '/en/club')

  const checksSoFar = await currentUserChecks(page)

  await back(page, WINE_A)
  // The restored page asked the (demo) back office again, which answers from the tab's newest
  // state like one server would; the badge is judged after that answer, not before it.
  await expect.poll(() => currentUserChecks(page)).toBeGreaterThan(checksSoFar)
  await expect(menu.getByRole('link', { name: 'C' })).toHaveAttribute('href', '/en/club')
})
