import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, open, openSettled, routes, test } from './helpers'

async function expectNoViolations(page: Page, path: string) {
  // Fades (quotes, slider) would be measured half-way, and a call still in flight (a wine's
  // promotion) would wait behind axe's long tasks until it times out: check the settled page.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openSettled(page, path)
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  )
  expect(summary, summary.join('\n')).toEqual([])
}

/** Pages that log console errors on purpose (broken tags, a 404 answer). */
const NOISY = ['/en/playground']

// A route may need a query string to show its real content (reset-password without an email
// redirects home at once).
for (const { path, query } of routes.filter((r) => !NOISY.includes(r.path))) {
  test(`no WCAG 2 A/AA violations on ${path}`, async ({ page }) => {
    await expectNoViolations(page, path + (query ?? ''))
  })
}

test.describe('pages with expected console errors', () => {
  test.use({ allowConsoleErrors: true })

  for (const path of [...NOISY, '/en/no-such-page']) {
    test(`no WCAG 2 A/AA violations on ${path}`, async ({ page }) => {
      await expectNoViolations(page, path)
    })
  }
})

test('no WCAG 2 A/AA violations with the consent choice opened from Cookie settings', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await open(page, '/fr/privacy')
  await page.getByRole('button', { name: 'Paramètres des cookies' }).click()
  await expect(page.getByRole('region', { name: 'Consentement aux cookies' })).toBeVisible()
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
})
