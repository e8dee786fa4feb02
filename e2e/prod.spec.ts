import type { AddressInfo } from 'node:net'
import { createDemoServer, selfSignedCertificate } from '../demo-pages/server.mjs'
import { winesFor } from '../fixtures/wines'
import { search as runSearch } from '../mocks/search-engine'
import { answer } from '../mocks/server-api'
import { expect, test, text, widgetsSettled } from './helpers'

/**
 * `npm run demo:prod` (issue 12): the demo as production serves it. Each worker runs the prod
 * server in-process on a port of its own (`createDemoServer` of demo-pages/server.mjs with the
 * server-side mock API of mocks/server-api.ts, which `npm run demo:prod` bundles to
 * dist-prod/api.js): pages load the library alone, the API and hosted search are answered by the
 * server.
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

test('a page mounts every widget without the mock bootstrap, and search answers through the site proxy', async ({
  page,
}) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  const entry = page.waitForResponse((r) => r.url().endsWith('/widgets/wine-widgets.js'))
  await page.goto(`${base}/fr/`)
  await widgetsSettled(page)

  const tags = page.locator('[data-widget]')
  expect(await tags.count()).toBeGreaterThan(5)
  await expect(page.locator('[data-widget-error]')).toHaveCount(0)
  await expect(page.locator('[data-widget]:not([data-widget-mounted])')).toHaveCount(0)
  // No MSW: no bootstrap, no worker, no mock handle.
  expect(
    requested.filter((p) => p.startsWith('/demo/') || p.includes('mockServiceWorker')),
  ).toEqual([])
  // `serviceWorker` is missing on insecure origins, whatever the DOM types say.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull()
  expect(await page.evaluate(() => '__wineMocks' in window)).toBe(false)
  // Compressed (brotli: Chromium offers it on HTTPS and on localhost) and cached briefly.
  const headers = await (await entry).allHeaders()
  expect(headers['content-encoding']).toBe('br')
  expect(headers['cache-control']).toBe('public, max-age=300')

  await page.getByRole('button', { name: text('fr', 'search.open') }).click()
  const dialog = page.getByRole('dialog', { name: text('fr', 'search.dialog') })
  await dialog.getByRole('searchbox', { name: text('fr', 'search.inputLabel') }).fill('merlot')
  const { nbHits } = runSearch(winesFor('fr'), { query: 'merlot', hitsPerPage: 24 })
  expect(nbHits).toBeGreaterThan(1)
  await expect(dialog.locator('[role="status"][data-query="merlot"]')).toHaveText(
    text('fr', 'search.count_other').replace('{{count}}', String(nbHits)),
  )
  expect(requested.some((p) => p.startsWith('/algolia/1/indexes/'))).toBe(true)
})

test('over HTTPS the prod server speaks HTTP/2, and pages, files and the API work through it', async ({
  browser,
}) => {
  // `--https` (the bench's Lighthouse runs): HTTP/2 as a CDN would serve the library.
  const secure = createDemoServer({ mode: 'prod', api: { answer }, tls: selfSignedCertificate() })
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve))
  const secureBase = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`
  const context = await browser.newContext({ ignoreHTTPSErrors: true })
  try {
    const page = await context.newPage()
    await page.goto(`${secureBase}/fr/`)
    await widgetsSettled(page)
    await expect(page.locator('[data-widget-error]')).toHaveCount(0)
    await expect(page.locator('[data-widget]:not([data-widget-mounted])')).toHaveCount(0)
    const protocols = await page.evaluate(() => [
      ...new Set(
        performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.startsWith('/widgets/'))
          .map((e) => (e as PerformanceResourceTiming).nextHopProtocol),
      ),
    ])
    expect(protocols).toEqual(['h2'])
    // A POST with a body (hosted search through the site proxy) answers over HTTP/2 too.
    await page.getByRole('button', { name: text('fr', 'search.open') }).click()
    const dialog = page.getByRole('dialog', { name: text('fr', 'search.dialog') })
    await dialog.getByRole('searchbox', { name: text('fr', 'search.inputLabel') }).fill('merlot')
    const { nbHits } = runSearch(winesFor('fr'), { query: 'merlot', hitsPerPage: 24 })
    await expect(dialog.locator('[role="status"][data-query="merlot"]')).toHaveText(
      text('fr', 'search.count_other').replace('{{count}}', String(nbHits)),
    )
  } finally {
    await context.close()
    await new Promise((resolve) => {
      secure.close(resolve)
      setTimeout(resolve, 500)
    })
  }
})
