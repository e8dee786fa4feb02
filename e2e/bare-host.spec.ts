import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, text } from './helpers'

/**
 * An integrator's first page: the built dist/ copied to a plain static server with no back office
 * behind it (every /api, /cp and /login path answers 404), the README's embed, six widgets and one
 * misspelt attribute. Each widget works or says which call failed, in one console line and one
 * `wine-widgets:error` event; none throws, none takes another down.
 */
const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
}
const SITE = '(an endpoint the site must provide, see docs/server-contract.md)'

/** The README's embed, with demo off: what a shopper sees. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Bare host</title>
    <link rel="stylesheet" href="/widgets/wine-widgets.css" />
    <script type="application/json" id="wine-widgets-config">
      {
        "algolia": { "appId": "APPID", "searchKey": "search-only-key" },
        "stripe": { "publishableKey": "pk_live_x" },
        "maps": { "apiKey": "browser-key" },
        "rules": { "url": "/api/rules" },
        "sommelier": { "url": "/api/sommelier" }
      }
    </script>
  </head>
  <body>
    <header><div data-widget="user-menu"></div><div data-widget="minicart"></div></header>
    <main>
      <div data-widget="quotes" data-intervall="20"></div>
      <div data-widget="giftbox"></div>
      <div data-widget="wine-tabs" data-odoo-code="W10018" data-name="Test wine"></div>
      <div data-widget="bundle" data-odoo-code="BUN-001"></div>
    </main>
    <script type="module" src="/widgets/wine-widgets.js"></script>
  </body>
</html>`

/** `/` the page, `/widgets/…` dist/, anything else 404 (no back office, no favicon). */
async function serve(path: string): Promise<{ status: number; type?: string; body?: Buffer }> {
  if (path === '/') return { status: 200, type: 'text/html', body: Buffer.from(PAGE) }
  const file = normalize(path.replace(/^\/widgets\//, '/'))
  if (!path.startsWith('/widgets/') || file.includes('..')) return { status: 404 }
  try {
    const body = await readFile(join(dist, file))
    return { status: 200, type: TYPES[extname(file)] ?? 'application/octet-stream', body }
  } catch {
    return { status: 404 }
  }
}

let server: Server
let base = ''

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname
    void serve(path).then(({ status, type, body }) => {
      res.writeHead(status, type ? { 'Content-Type': type } : {})
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // Listening on a TCP port, address() is an AddressInfo (a string only for pipes and sockets).
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

// The browser's own "Failed to load resource: 404" lines are expected here; ours are checked.
test.use({ allowConsoleErrors: true })

interface Heard {
  widget: string | null
  area: string
  message: string
  method?: string
  url?: string
  status?: number | string
}

/** The failed calls this page meets: what the shopper missed, the call, its URL's start. */
const FAILED_CALLS = [
  ['quotes', 'quotes: the quotes could not be loaded', 'GET', '/api/collections/quotes/entries?'],
  [
    'wine-tabs',
    'wine-tabs: the vintages of W10018 could not be loaded',
    'POST',
    '/api/getwinevariants',
  ],
  ['bundle', 'bundle: the bundle BUN-001 could not be loaded', 'POST', '/api/getbundle'],
  [null, 'session: who is signed in could not be checked', 'GET', '/cp/auth/token'],
] as const

for (const width of [390, 1280]) {
  test(`at ${width} px, every widget works or names the call it missed, once`, async ({
    page,
    consoleLog,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.addInitScript(() => {
      const heard: unknown[] = []
      Object.assign(window, { heard })
      window.addEventListener('wine-widgets:error', (event) => {
        const { widget, area, message, method, url, status } = (
          event as CustomEvent<Record<string, unknown>>
        ).detail
        heard.push({ widget, area, message, method, url, status })
      })
    })
    const uncaught: string[] = []
    page.on('pageerror', (error) => uncaught.push(error.message))
    const calls: string[] = []
    page.on('request', (r) => {
      const { pathname } = new URL(r.url())
      if (/^\/(api|cp|login|user)\//.test(pathname)) calls.push(`${r.method()} ${pathname}`)
    })
    await page.goto(`${base}/`)

    // No widget takes another down: every tag mounts, none is marked failed.
    const tags = page.locator('[data-widget]')
    await expect(tags).toHaveCount(6)
    for (const tag of await tags.all()) await expect(tag).toHaveAttribute('data-widget-mounted')
    await expect(page.locator('[data-widget-error]')).toHaveCount(0)

    // One line and one event per failed call (the retry included), nothing else of ours.
    const lines = () =>
      consoleLog.messages.filter((m) => m.text.startsWith('[wine-widgets]') && m.type === 'error')
    await expect.poll(() => lines().length).toBe(FAILED_CALLS.length)
    const heard = () => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard)
    await expect.poll(async () => (await heard()).length).toBe(FAILED_CALLS.length + 1)
    // Settled: nothing more comes a moment later (no second report of a retried call).
    await page.waitForTimeout(1_500)
    const logged = lines().map((m) => m.text)
    const events = await heard()
    for (const [widget, missed, method, url] of FAILED_CALLS) {
      const line = logged.find((l) => l.startsWith(`[wine-widgets] ${missed} — ${method} ${url}`))
      expect(line, missed).toMatch(new RegExp(` answered 404 ${SITE.replace(/[().]/g, '\\$&')}$`))
      expect(logged.filter((l) => l === line)).toHaveLength(1)
      expect(events.filter((e) => `[wine-widgets] ${e.message}` === line)).toEqual([
        expect.objectContaining({ widget, method, url: expect.stringContaining(url), status: 404 }),
      ])
    }
    expect(logged).toHaveLength(FAILED_CALLS.length)

    // The misspelt attribute: one warning naming the attribute meant, as an event too.
    const typo =
      '[wine-widgets] quotes: unknown attribute data-intervall; did you mean data-interval?'
    expect(consoleLog.warnings().filter((w) => w.startsWith(typo))).toHaveLength(1)
    expect(events).toContainEqual(
      expect.objectContaining({ widget: 'quotes', area: 'mount', message: typo.slice(15) }),
    )

    // What each widget shows: the giftbox, the minicart and the user menu work; the wine's tabs
    // say they could not load; the bundle and the quotes stay empty (shoppers see no error).
    await expect(page.locator('[data-widget="giftbox"]')).not.toBeEmpty()
    await expect(
      page.locator('[data-widget="user-menu"]').getByText(text('en', 'userMenu.login')),
    ).toBeVisible()
    await expect(page.locator('[data-widget="minicart"]')).not.toBeEmpty()
    await expect(page.locator('[data-widget="wine-tabs"]').getByRole('alert')).toHaveText(
      new RegExp(text('en', 'wineTabs.loadError').slice(0, 20)),
    )
    await expect(page.locator('[data-widget="bundle"]')).toBeEmpty()
    await expect(page.locator('[data-widget="quotes"]')).toBeEmpty()
    // Shoppers see no technical note.
    await expect(page.locator('[data-widget-note]')).toHaveCount(0)

    expect(uncaught).toEqual([])
    expect(calls).toEqual(expect.arrayContaining(['GET /cp/auth/token', 'POST /api/getbundle']))
    // The vintages were asked for again before the failure was reported: logged once all the same.
    expect(calls.filter((c) => c === 'POST /api/getwinevariants')).toHaveLength(2)
  })
}

test('on a demo page, editors see each failed call beside its widget', async ({ page }) => {
  await page.route(`${base}/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: PAGE.replace('"sommelier": { "url": "/api/sommelier" }', '$&, "demo": true'),
    }),
  )
  await page.goto(`${base}/`)
  const note = (widget: string) => page.locator(`[data-widget="${widget}"] + [data-widget-note]`)
  await expect(note('wine-tabs')).toHaveText(
    `wine-tabs: the vintages of W10018 could not be loaded — POST /api/getwinevariants answered 404 ${SITE}`,
  )
  await expect(note('bundle')).toHaveText(
    `bundle: the bundle BUN-001 could not be loaded — POST /api/getbundle answered 404 ${SITE}`,
  )
  // The quotes' notes follow each other after its tag: the misspelt attribute, then the call.
  await expect(note('quotes')).toHaveText(
    'quotes: unknown attribute data-intervall; did you mean data-interval?',
  )
  await expect(page.locator('[data-widget="quotes"] + * + [data-widget-note]')).toHaveText(
    /^quotes: the quotes could not be loaded — GET \/api\/collections\/quotes\/entries\?\S+ answered 404 /,
  )
})
