import type { AddressInfo } from 'node:net'
import { createDemoServer, selfSignedCertificate } from '../demo-pages/server.mjs'
import { winesFor } from '../fixtures/wines'
import { callsOf } from '../mocks/db'
import { search as runSearch } from '../mocks/search-engine'
import { answer } from '../mocks/server-api'
import { answerFor } from '../mocks/sommelier'
import { systemPrompt } from '../server/sommelier/prompt'
import { visibleAnswer } from '../src/domain/sommelier-pairings'
import { expect, test, text, widgetsSettled } from './helpers'

/**
 * `npm run demo:prod`: the demo as production serves it. Each worker runs the prod
 * server in-process on a port of its own (`createDemoServer` of demo-pages/server.mjs with the
 * server-side mock API of mocks/server-api.ts, which `npm run demo:prod` bundles to
 * dist-prod/api.js): pages load the library alone, the API and hosted search are answered by the
 * server, the sommelier, the rules and hosted search through the reference proxies (server/).
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

/**
 * The demo API, with the sommelier's event stream held after its first `events` events until
 * `release()`: the test sees a part of the answer on the page while the rest is still to come,
 * however loaded the machine (a fast one could otherwise deliver the whole answer in one read).
 */
function holdingStreams(events: number) {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  const api = {
    async answer(request: Request) {
      const response = await answer(request)
      const type = response?.headers.get('content-type') ?? ''
      if (!response?.body || !type.startsWith('text/event-stream')) return response
      const decoder = new TextDecoder()
      let passed = 0
      const body = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          async transform(chunk, controller) {
            if (passed >= events) await released
            passed += decoder.decode(chunk, { stream: true }).split('\n\n').length - 1
            controller.enqueue(chunk)
          },
        }),
      )
      return new Response(body, response)
    },
  }
  return { api, release: () => release() }
}

test('a logged-in shopper gets a streamed sommelier answer through the reference proxy', async ({
  page,
}) => {
  // A streamed answer, the wine searches and a login on a shared 2-core machine.
  test.setTimeout(60_000)
  const holding = holdingStreams(3)
  const own = createDemoServer({ mode: 'prod', api: holding.api })
  await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve))
  const ownBase = `http://127.0.0.1:${(own.address() as AddressInfo).port}`
  try {
    const sent: unknown[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/sommelier') sent.push(request.postDataJSON())
    })
    await page.goto(`${ownBase}/en/`)
    await widgetsSettled(page)
    await page.getByRole('button', { name: text('en', 'sommelier.button') }).click()
    const chat = page
      .getByRole('dialog', { name: text('en', 'search.sommelierDialog') })
      .getByRole('region', { name: text('en', 'sommelier.title') })
    await chat.getByLabel(text('en', 'login.email')).fill('claire@example.com')
    await chat.getByLabel(text('en', 'login.password'), { exact: true }).fill('droplets-420')
    await chat.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click()
    const input = chat.getByRole('textbox', { name: text('en', 'sommelier.inputLabel') })
    await expect(input).toBeFocused()

    const dish = 'Roast chicken tonight'
    const shown = visibleAnswer(answerFor(dish, 'en'))
    const streamed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/sommelier')
    await input.fill(dish)
    await input.press('Enter')
    const response = await streamed
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/)

    // The first pieces show while the rest of the answer is held back: it streams.
    const answerLine = chat.getByRole('log').locator('li:last-child p').first()
    await expect(answerLine).not.toHaveText(text('en', 'sommelier.thinking'))
    const part = (await answerLine.textContent()) ?? ''
    expect(part.length).toBeGreaterThan(0)
    expect(part.length).toBeLessThan(shown.length)
    expect(shown.startsWith(part)).toBe(true)
    holding.release()

    await expect(chat.getByRole('log').getByText(shown, { exact: true })).toBeVisible()
    const cards = chat.getByRole('list', { name: text('en', 'sommelier.suggestions') })
    await expect(cards.getByRole('article')).toHaveCount(4)

    // The page sent its locale and lines only; the model got the server's prompt and settings.
    expect(sent).toEqual([{ locale: 'en', messages: [{ role: 'user', content: dish }] }])
    expect(callsOf('sommelier').at(-1)?.payload).toMatchObject({
      model: 'gpt-4o',
      temperature: 0,
      stream: true,
      messages: [
        { role: 'system', content: systemPrompt('en') },
        { role: 'user', content: dish },
      ],
    })
  } finally {
    holding.release()
    own.closeAllConnections()
    await new Promise((resolve) => own.close(resolve))
  }
})
