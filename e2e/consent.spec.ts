import type { Page } from '@playwright/test'
import { LOCALES, expect, open, test, text, widgetsSettled } from './helpers'

const COOKIE = 'cookieconsent_status'
const YEAR_S = 365 * 24 * 3600

for (const locale of LOCALES) {
  test.describe(`consent (${locale})`, () => {
    const banner = (page: Page) => page.getByRole('region', { name: text(locale, 'consent.label') })

    test('shows the banner with the privacy link until Accept is clicked', async ({
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
      expect(cookie).toMatchObject({ value: 'allow', path: '/', sameSite: 'Lax' })
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

    test('Refuse stores deny for a year; not asked again', async ({ page, context }) => {
      await open(page, `/${locale}/`)
      await banner(page)
        .getByRole('button', { name: text(locale, 'consent.refuse') })
        .click()
      await expect(banner(page)).toHaveCount(0)
      const cookie = (await context.cookies()).find((c) => c.name === COOKIE)
      expect(cookie).toMatchObject({ value: 'deny', path: '/', sameSite: 'Lax' })
      const lifetime = cookie!.expires - Date.now() / 1000
      expect(lifetime).toBeGreaterThan(YEAR_S - 2 * 24 * 3600)
      expect(lifetime).toBeLessThan(YEAR_S + 2 * 24 * 3600)
      await page.reload()
      await widgetsSettled(page)
      await expect(banner(page)).toHaveCount(0)
    })

    test('Accept and Refuse are equal: same computed size and weight, side by side', async ({
      page,
    }) => {
      await open(page, `/${locale}/`)
      const styleOf = (name: string) =>
        banner(page)
          .getByRole('button', { name })
          .evaluate((button) => {
            const box = button.getBoundingClientRect()
            const style = getComputedStyle(button)
            return {
              width: box.width,
              height: box.height,
              top: box.top,
              fontSize: style.fontSize,
              fontWeight: style.fontWeight,
              color: style.color,
              background: style.backgroundColor,
            }
          })
      const accept = await styleOf(text(locale, 'consent.accept'))
      const refuse = await styleOf(text(locale, 'consent.refuse'))
      expect(accept.width).toBeGreaterThan(40)
      expect(accept.height).toBeGreaterThanOrEqual(44)
      expect(refuse).toEqual(accept)
    })

    test('Cookie settings on the privacy page opens the choice; a change of mind is stored', async ({
      page,
      context,
    }) => {
      await context.addCookies([
        { name: COOKIE, value: 'allow', url: test.info().project.use.baseURL! },
      ])
      await open(page, `/${locale}/privacy`)
      await expect(banner(page)).toHaveCount(0)
      const settings = page.getByRole('button', { name: text(locale, 'consent.settings') })
      await settings.click()
      await expect(banner(page)).toBeFocused()
      await banner(page)
        .getByRole('button', { name: text(locale, 'consent.refuse') })
        .click()
      await expect(banner(page)).toHaveCount(0)
      await expect(settings).toBeFocused()
      expect((await context.cookies()).find((c) => c.name === COOKIE)?.value).toBe('deny')
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
        // The banner's tag (the page's Cookie settings button is a consent tag too).
        await expect(page.locator('[data-widget="consent"]:not([data-settings])')).toHaveAttribute(
          'data-widget-mounted',
          '',
        )
        await expect(banner(page)).toHaveCount(0)
      }
    })
  })
}
