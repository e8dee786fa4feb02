import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { createDemoServer } from '../demo-pages/server.mjs'
import { answer } from '../mocks/server-api'
import { expect, test, text, widgetsSettled } from './helpers'

/**
 * The library under the strictest policy a shop can send: scripts and styles from the site only,
 * no inline script, no eval, and Trusted Types required for every script sink with no policy
 * allowed. The demo layout's own inline <style> is allowed by its hash, so anything the library
 * injected would be refused and reported. Served by the production-shaped server (no mock code).
 */
const server = createDemoServer({ mode: 'prod', api: { answer } })
let base = ''

test.beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // Listening on a TCP port, address() is an AddressInfo (a string only for pipes and sockets).
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** Every document answered with the strict policy (the page's inline styles by their hashes). */
async function strictPolicy(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportViolation: (v: string) => void }).reportViolation // exposed by the test just above
      report(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`)
    })
  })
  await page.route(
    (url) => url.origin === base && !/\.\w+$/.test(url.pathname),
    async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]!))
      const policy = [
        "default-src 'none'",
        "script-src 'self'",
        `style-src 'self' ${styles.join(' ')}`,
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
        "require-trusted-types-for 'script'",
        "trusted-types 'none'",
      ].join('; ')
      await route.fulfill({
        response,
        body: html,
        headers: { ...response.headers(), 'content-security-policy': policy },
      })
    },
  )
  return violations
}

test('widgets mount and work under a strict policy with Trusted Types, without a violation', async ({
  page,
}) => {
  const violations = await strictPolicy(page)
  await page.goto(`${base}/fr/`)
  await widgetsSettled(page)
  await expect(page.locator('[data-widget-error]')).toHaveCount(0)
  await page.getByRole('button', { name: text('fr', 'search.open') }).click()
  const dialog = page.getByRole('dialog', { name: text('fr', 'search.dialog') })
  await dialog.getByRole('searchbox', { name: text('fr', 'search.inputLabel') }).fill('merlot')
  await expect(dialog.getByRole('article').first()).toBeVisible()

  await page.goto(`${base}/fr/vins/chateau-roquefort-lalande-bordeaux-superieur`)
  await widgetsSettled(page)
  await page
    .locator('[data-widget="wine-tabs"]')
    .getByRole('button', { name: text('fr', 'wineTabs.add') })
    .click()
  await page.goto(`${base}/fr/panier`)
  await widgetsSettled(page)
  await expect(page.locator('[data-widget-error]')).toHaveCount(0)
  await expect(page.locator('[data-widget="cart"]')).toContainText('Roquefort')
  expect(violations).toEqual([])
})
