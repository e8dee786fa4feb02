import type { Page } from '@playwright/test'
import { LOCALES, expect, open, test, text, widgetsSettled } from './helpers'

const COOKIE = 'cookieconsent_status'
const YEAR_S = 365 * 24 * 3600

for (const locale of LOCALES) {
  test.describe(`consent (${locale})`, () => {
    const banner = (page: Page) => page.getByRole('region', { name: text(locale, 'consent.label') })

    test('shows the banner with the privacy link until the check is clicked', async ({
      page,
      context,
    }) => {
      await open(page, `/${locale}/`)
      await expect(banner(page)).toBeVisible()
      await expect(banner(page)).toContainText(text(locale, 'consent.text'))
      await expect(
        banner(page).getByRole('link', { name: text(locale, 'consent.privacy') }),
      ).toHaveAttribute('href', `/${locale}/privacy`)

      await banner(page)
        .getByRole('button', { name: text(locale, 'consent.accept') })
        .click()
      await expect(banner(page)).toHaveCount(0)
      const cookie = (await context.cookies()).find((c) => c.name === COOKIE)
      expect(cookie).toMatchObject({ value: 'dismiss', path: '/', sameSite: 'Lax' })
      const lifetime = cookie!.expires - Date.now() / 1000
      expect(lifetime).toBeGreaterThan(YEAR_S - 2 * 24 * 3600)
      expect(lifetime).toBeLessThan(YEAR_S + 2 * 24 * 3600)

      await page.reload()
      await widgetsSettled(page)
      await expect(page.locator('[data-widget="consent"]')).toHaveAttribute(
        'data-widget-mounted',
        '',
      )
      await expect(banner(page)).toHaveCount(0)
      // Other pages remember it too.
      await open(page, `/${locale}/giftbox`)
      await expect(banner(page)).toHaveCount(0)
    })

    test('a click outside hides it for this page view only', async ({ page, context }) => {
      await open(page, `/${locale}/`)
      await expect(banner(page)).toBeVisible()
      await page.getByRole('heading', { level: 1 }).click()
      await expect(banner(page)).toHaveCount(0)
      expect((await context.cookies()).some((c) => c.name === COOKIE)).toBe(false)

      await page.reload()
      await widgetsSettled(page)
      await expect(banner(page)).toBeVisible()
    })

    test('Escape hides it for now', async ({ page, context }) => {
      await open(page, `/${locale}/`)
      await expect(banner(page)).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(banner(page)).toHaveCount(0)
      expect((await context.cookies()).some((c) => c.name === COOKIE)).toBe(false)
    })

    test('is hidden on the privacy page', async ({ page }) => {
      for (const path of [`/${locale}/privacy`, `/${locale}/privacy/`]) {
        await open(page, path)
        await expect(page.locator('[data-widget="consent"]')).toHaveAttribute(
          'data-widget-mounted',
          '',
        )
        await expect(banner(page)).toHaveCount(0)
      }
    })
  })
}
