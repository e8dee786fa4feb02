import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { LOCALES, expect, open, test, text, type Locale } from './helpers'

// Whole flows (login, accordion, axe scan, logout, a 4 s redirect) on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 })

const CLAIRE = { email: 'claire@example.com', password: 'droplets-420', name: 'Claire Dubois' }
const TOM = { email: 'tom@example.com', password: 'droplets-50', name: 'Tom Peeters' }

const greeting = (locale: Locale, name: string) =>
  text(locale, 'account.greeting').replace('{{name}}', name)

const account = (page: Page) => page.locator('[data-widget="account"]')

/** Log in through the account page's login panel. */
async function logIn(page: Page, locale: Locale, who: typeof CLAIRE) {
  const widget = account(page)
  await expect(
    widget.getByRole('heading', { name: text(locale, 'account.loginHeading') }),
  ).toBeVisible()
  await widget.getByLabel(text(locale, 'login.email')).fill(who.email)
  await widget.getByLabel(text(locale, 'login.password'), { exact: true }).fill(who.password)
  await widget.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click()
  await expect(widget.getByRole('heading', { name: greeting(locale, who.name) })).toBeVisible()
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([])
}

for (const locale of LOCALES) {
  test.describe(`account page (${locale})`, () => {
    test('log in as Claire, expand an invoice, log out', async ({ page }) => {
      await open(page, `/${locale}/account`)
      await logIn(page, locale, CLAIRE)
      const widget = account(page)
      const tab = widget.getByRole('tab', { name: text(locale, 'account.orders') })
      await expect(tab).toHaveAttribute('aria-selected', 'true')
      const panel = widget.getByRole('tabpanel', { name: text(locale, 'account.orders') })

      // Newest first, number without its prefix.
      const headers = panel.locator('button[aria-expanded]')
      await expect(headers).toHaveCount(5)
      await expect(headers.first()).toContainText('20/01/2026')
      await expect(headers.first()).toContainText('2026/00008')
      await expect(headers.last()).toContainText('09/02/2024')
      await expect(panel).not.toContainText('INV/')

      const invoice = panel.getByRole('button', { name: /2024\/00311/ })
      await invoice.click()
      await expect(invoice).toHaveAttribute('aria-expanded', 'true')
      const region = panel.getByRole('region', { name: /2024\/00311/ })
      const rows = region.getByRole('row')
      await expect(rows).toHaveCount(4)
      await expect(region.getByRole('link').first()).toHaveAttribute(
        'href',
        new RegExp(`^/${locale}/`),
      )
      await expect(rows.nth(2)).toContainText('150cl')
      // The gift bottle's prices are 0.00: shown as "-".
      await expect(rows.nth(3).getByRole('cell').nth(3)).toHaveText('-')
      await expect(rows.nth(3).getByRole('cell').nth(4)).toHaveText('-')
      await expectNoAxeViolations(page)

      await widget.getByRole('button', { name: text(locale, 'account.logout') }).click()
      await expect(page).toHaveURL(new RegExp(`/${locale}/?$`))
      await open(page, `/${locale}/account`)
      await expect(
        account(page).getByRole('heading', { name: text(locale, 'account.loginHeading') }),
      ).toBeVisible()
    })
  })
}

test.describe('account page', () => {
  test('Tom, who has no invoices, reads the empty message (nl)', async ({ page }) => {
    await open(page, '/nl/account')
    await logIn(page, 'nl', TOM)
    await expect(account(page).getByText('Geen bestellingen sinds 01/01/2024')).toBeVisible()
  })

  test('stays logged in on reload (fr)', async ({ page }) => {
    await open(page, '/fr/account')
    await logIn(page, 'fr', TOM)
    await expect(account(page).getByText('Aucune commande depuis le 01/01/2024')).toBeVisible()
    await page.reload()
    await expect(
      account(page).getByRole('heading', { name: greeting('fr', TOM.name) }),
    ).toBeVisible()
    await expect(account(page).getByText('Aucune commande depuis le 01/01/2024')).toBeVisible()
  })
})

test.describe('reset-password page', () => {
  for (const locale of LOCALES) {
    test(`resets the password, then goes home after 4 s (${locale})`, async ({ page }) => {
      await open(page, `/${locale}/reset-password?email=claire%40example.com&token=valid-token`)
      const widget = page.locator('[data-widget="reset-password"]')
      // A query string that is not a search must not open the search modal.
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(widget.getByLabel(text(locale, 'resetPassword.email'))).toHaveValue(
        'claire@example.com',
      )
      await expect(widget.getByLabel(text(locale, 'resetPassword.email'))).not.toBeEditable()
      const button = widget.getByRole('button', { name: text(locale, 'resetPassword.submit') })
      await expect(button).toBeDisabled()
      await widget
        .getByLabel(text(locale, 'resetPassword.password'), { exact: true })
        .fill('n3w-pass')
      await widget.getByLabel(text(locale, 'resetPassword.confirmation')).fill('n3w-pas')
      await expect(button).toBeDisabled()
      await widget.getByLabel(text(locale, 'resetPassword.confirmation')).fill('n3w-pass')
      await expect(button).toBeEnabled()
      await expectNoAxeViolations(page)
      await button.click()
      await expect(widget.getByRole('status')).toHaveText(text(locale, 'resetPassword.success'))
      const shownAt = Date.now()
      await expect(page).toHaveURL(new RegExp(`/${locale}/?$`), { timeout: 10_000 })
      expect(Date.now() - shownAt).toBeGreaterThan(3_000)
    })
  }

  test('the forgot-password link of the account page leads to this page (nl)', async ({ page }) => {
    await open(page, '/nl/account')
    const widget = account(page)
    await widget.getByRole('button', { name: text('nl', 'login.forgot') }).click()
    await widget.getByLabel(text('nl', 'login.email')).fill(TOM.email)
    await widget.getByRole('button', { name: text('nl', 'login.send') }).click()
    await expect(widget.getByRole('status')).toHaveText(text('nl', 'login.resetSent'))
    const resetUrl = await page.evaluate(() => window.__wineMocks!.db.resetLinks.at(-1)!.resetUrl)
    expect(resetUrl).toBe(new URL('/nl/reset-password', page.url()).href)
    await open(page, `${resetUrl}?email=${encodeURIComponent(TOM.email)}&token=valid-token`)
    await expect(
      page.getByRole('heading', { name: text('nl', 'resetPassword.title') }),
    ).toBeVisible()
    await expect(page.getByLabel(text('nl', 'resetPassword.email'))).toHaveValue(TOM.email)
  })

  test('goes home at once without an email in the query string (en, nl)', async ({ page }) => {
    for (const [locale, path] of [
      ['en', '/en/reset-password'],
      ['nl', '/nl/reset-password?token=valid-token'],
    ] as const) {
      await page.goto(path)
      await expect(page).toHaveURL(new RegExp(`/${locale}/?$`))
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
    }
  })

  test.describe('with an expired link', () => {
    // The 422 answer and the logged failure are console errors on purpose.
    test.use({ allowConsoleErrors: true })

    test('shows the red expired-link message, then goes home (fr)', async ({ page }) => {
      await open(page, '/fr/reset-password?email=tom%40example.com&token=old-token')
      const widget = page.locator('[data-widget="reset-password"]')
      await widget.getByLabel(text('fr', 'resetPassword.password'), { exact: true }).fill('pw')
      await widget.getByLabel(text('fr', 'resetPassword.confirmation')).fill('pw')
      await widget.getByRole('button', { name: text('fr', 'resetPassword.submit') }).click()
      await expect(widget.getByRole('alert')).toHaveText(text('fr', 'resetPassword.failure'))
      await expectNoAxeViolations(page)
      await expect(page).toHaveURL(/\/fr\/?$/, { timeout: 10_000 })
    })
  })
})
