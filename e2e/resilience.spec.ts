import type { Page } from '@playwright/test'
import { confirmAge, expect, localePaths, open, test, text, type Locale } from './helpers'

/**
 * Session and fault resilience: inactivity found at load or on an open page, and the
 * calls the widgets make failing in every way the mocks can fail.
 */
test.describe.configure({ timeout: 60_000 })

const STORE_KEY = 'wine-widgets:v1'
const INACTIVITY_MS = 30 * 60 * 1000
const LOGIN_PAGE = localePaths('login')
const BUNDLE = localePaths('bundle-bun-001')

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]))

async function logIn(page: Page, locale: Locale, email: string, password: string) {
  await open(page, LOGIN_PAGE[locale])
  const widget = page.locator('[data-widget="login"]')
  await widget.getByLabel(text(locale, 'login.email')).fill(email)
  await widget.getByLabel(text(locale, 'login.password'), { exact: true }).fill(password)
  await widget.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click()
  await expect(userBadge(page)).toBeVisible()
}

const userBadge = (page: Page) =>
  page.locator('[data-widget="user-menu"]').getByRole('link', { name: /droplets|gouttes|druppels/ })

const loginLink = (page: Page, locale: Locale) =>
  page
    .locator('[data-widget="user-menu"]')
    .getByRole('link', { name: text(locale, 'userMenu.login'), exact: true })

const minicart = (page: Page, locale: Locale, count: number) =>
  page
    .locator('[data-widget="minicart"]')
    .getByRole('button', { name: fill(text(locale, 'minicart.button'), { count }), exact: true })

/** The calls the mock back office received, by name, in order. */
const backOfficeCalls = (page: Page) =>
  page.evaluate(() => window.__wineMocks!.db.calls.map((c) => c.call))

/** What the mock server believes: who is logged in. */
const serverSession = (page: Page) => page.evaluate(() => window.__wineMocks!.db.sessionEmail)

/** Pretend the visitor left the tab alone for `ms` (the saved last-activity time moves back). */
async function idle(page: Page, ms: number) {
  await page.evaluate(
    ({ key, ms }) => {
      const saved = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { lastActivity: number }
      saved.lastActivity -= ms
      sessionStorage.setItem(key, JSON.stringify(saved))
    },
    { key: STORE_KEY, ms },
  )
}

test.describe('inactivity (after 30 minutes the user, cart, contacts and conversation go)', () => {
  for (const when of ['found when the idle tab reloads', 'on the open page'] as const) {
    test(`an expiry ${when} logs out everywhere and ends the server session`, async ({ page }) => {
      const locale = 'en'
      // The page's clock runs normally until the test moves it (timers, Date).
      await page.clock.install()
      await logIn(page, locale, 'claire@example.com', 'droplets-420')
      await open(page, BUNDLE[locale])
      await page
        .locator('[data-widget="bundle"]')
        .getByRole('button', { name: text(locale, 'bundle.add') })
        .click()
      await expect(minicart(page, locale, 1)).toBeVisible()
      await expect(userBadge(page)).toBeVisible()

      if (when === 'on the open page') {
        // 31 minutes pass on the page's clock: its inactivity check runs on its own.
        await page.clock.fastForward(INACTIVITY_MS + 60_000)
      } else {
        await idle(page, INACTIVITY_MS + 60_000)
        await page.reload()
        await page.waitForFunction(() => window.WineWidgets !== undefined)
        await page.evaluate(() => window.WineWidgets!.ready())
      }

      // Every root follows: the header shows the login link and an empty cart.
      await expect(loginLink(page, locale)).toBeVisible()
      await expect(userBadge(page)).toBeHidden()
      await expect(minicart(page, locale, 0)).toBeVisible()
      // The server session ended, and the current-user check did not log Claire back in.
      await expect.poll(() => serverSession(page)).toBeNull()
      const calls = await backOfficeCalls(page)
      expect(calls.filter((c) => c === 'logoutuser')).toHaveLength(1)
      const saved = await page.evaluate(
        (key) => JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>,
        STORE_KEY,
      )
      expect(saved).toMatchObject({
        session: { isLoggedIn: false, user: null },
        cart: { lines: [] },
        conversation: [],
      })

      // A later page load stays logged out.
      await open(page, BUNDLE[locale])
      await expect(loginLink(page, locale)).toBeVisible()
    })
  }
})

test.describe('shipping quote failures', () => {
  // The failed quotes are logged ("only logged"), as designed.
  test.use({ allowConsoleErrors: true })

  test('a failing rules service: a neutral line with a retry button, then the fee and Pay by themselves (fr)', async ({
    page,
    consoleLog,
  }) => {
    const locale = 'fr'
    await logIn(page, locale, 'claire@example.com', 'droplets-420')
    await open(page, BUNDLE[locale])
    await page
      .locator('[data-widget="bundle"]')
      .getByRole('button', { name: text(locale, 'bundle.add') })
      .click()
    await expect(minicart(page, locale, 1)).toBeVisible()
    // Both contacts as a returning shopper has them; the rules service fails 3 times, then works.
    await page.evaluate((key) => {
      const saved = JSON.parse(sessionStorage.getItem(key) ?? '{}') as {
        contacts: Record<string, unknown>
      }
      const contact = {
        name: 'Claire Dubois',
        street: 'Rue de la Loi 16',
        zip: '1000',
        city: 'Bruxelles',
        country: 'Belgique',
        country_code: 'BE',
        email: 'claire@example.com',
        phone: '0470 11 22 33',
      }
      saved.contacts = { ...saved.contacts, delivery: contact, invoice: contact }
      sessionStorage.setItem(key, JSON.stringify(saved))
      sessionStorage.setItem(
        'wine-mocks:faults',
        JSON.stringify({ rules: { kind: 'status', status: 503, times: 3 } }),
      )
    }, STORE_KEY)
    await open(page, '/fr/panier')
    const cart = page.locator('[data-widget="cart"]')
    const shipping = cart.getByRole('region', { name: text(locale, 'checkout.shippingTitle') })
    await expect(shipping.getByText(text(locale, 'checkout.shippingUnavailable'))).toBeVisible()
    await expect(
      shipping.getByRole('button', { name: text(locale, 'checkout.shippingRetry') }),
    ).toBeVisible()
    // Pay waits for the fee: a neutral hint, no "check the delivery address".
    await cart.getByRole('tab', { name: text(locale, 'checkout.tabPayment') }).click()
    await cart
      .getByRole('textbox', { name: 'Numéro de carte' })
      .pressSequentially('4242424242424242')
    // The age confirmed too: Pay then waits for the fee alone.
    await confirmAge(cart, locale)
    const pay = cart.getByRole('button', { name: /^Payer / })
    await expect(cart.getByText(text(locale, 'payment.needShipping'))).toBeVisible()
    await expect(pay).toBeDisabled()
    await expect(shipping.getByText(text(locale, 'checkout.shippingUnavailable'))).toBeVisible()

    // Nobody touches anything: the backoff asks again (1 s, 2 s, 4 s) and the fee arrives.
    await expect(shipping).toContainText('9,95 €', { timeout: 20_000 })
    await expect(shipping.getByText(text(locale, 'checkout.shippingUnavailable'))).toBeHidden()
    await expect(cart.getByText(text(locale, 'payment.needShipping'))).toBeHidden()
    await expect(pay).toBeEnabled()
    const rules = (await backOfficeCalls(page)).filter((c) => c === 'rules')
    expect(rules).toHaveLength(4)
    // Only the failed quotes were logged by the widgets.
    const errors = consoleLog.errors().filter((e) => e.startsWith('[wine-widgets]'))
    expect(errors.length).toBeGreaterThan(0)
    for (const error of errors) expect(error).toContain('Shipping calculation failed')
  })
})
