import type { Page, Request } from '@playwright/test'
import { startHtmlProxy, type HtmlProxy } from '../e2e-cross/html-proxy.ts'
import { expect, routes, test, text, widgetsSettled } from './helpers'

/**
 * Nothing moves: the cumulative layout shift of every demo page, measured by the
 * browser (PerformanceObserver `layout-shift`, as Lighthouse and Core Web Vitals do), through the
 * load, one slider rotation and one quote rotation, at a phone and a desktop width.
 */
const CLS_LIMIT = 0.01

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const

declare global {
  interface Window {
    __cls?: { value: number; sources: string[] }
  }
}

async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const record = { value: 0, sources: [] as string[] }
    window.__cls = record
    const describe = (node: Node | null | undefined) => {
      const el = node instanceof Element ? node : node?.parentElement
      if (!el) return '?'
      const widget = el.closest('[data-widget]')?.getAttribute('data-widget')
      return `${el.tagName.toLowerCase()}${el.getAttribute('class') ? `.${el.getAttribute('class')?.split(' ')[0] ?? ''}` : ''}${widget ? ` in ${widget}` : ''}`
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: {
          node?: Node | null
          previousRect: DOMRectReadOnly
          currentRect: DOMRectReadOnly
        }[]
      })[]) {
        if (entry.hadRecentInput) continue
        record.value += entry.value
        // Where each source was and went, and when: enough to tell a rare shift's cause from the
        // failure message alone.
        const rect = (r: DOMRectReadOnly) =>
          `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`
        record.sources.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${(entry.sources ?? []).map((s) => `${describe(s.node)} (${rect(s.previousRect)} → ${rect(s.currentRect)})`).join(', ')}`,
        )
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** The page's shifts, within the limit; each source and the page as it ended in the message. */
async function expectNoShift(page: Page) {
  const cls = await page.evaluate(() => window.__cls!)
  // The page as it ended (the main's blocks, any error or note a widget showed), for a shift seen
  // once in many runs.
  const ended = await page.evaluate(() =>
    [
      ...[...(document.querySelector('main')?.children ?? [])].map(
        (el) => `${el.tagName.toLowerCase()} ${Math.round(el.getBoundingClientRect().height)} px`,
      ),
      ...[...document.querySelectorAll('[role=note], [role=alert], [data-widget-error]')].map(
        (el) => `${el.getAttribute('data-widget-error') ?? ''} ${el.textContent}`,
      ),
    ].join('; '),
  )
  expect(cls.value, `${cls.sources.join('\n')}\nended: ${ended}`).toBeLessThanOrEqual(CLS_LIMIT)
}

// The benchmark pages and the playground (broken tags on purpose, with their console errors) are
// not shop pages.
const pages = routes.filter((r) => !r.path.startsWith('/bench') && r.path !== '/en/playground')

for (const size of SIZES) {
  test.describe(`layout shift at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })
    for (const route of pages) {
      test(`${route.path} stays put through load and rotations`, async ({ page }) => {
        await watchShifts(page)
        // Requests in flight: the fake clock must not run past their timeouts while a slow
        // machine is still answering them (that would be a failure of the test, not the page).
        const inflight = new Set<Request>()
        page.on('request', (r) => inflight.add(r))
        page.on('requestfinished', (r) => inflight.delete(r))
        page.on('requestfailed', (r) => inflight.delete(r))
        await page.clock.install()
        await page.goto(route.path + (route.query ?? ''))
        await widgetsSettled(page)
        await page.waitForLoadState('networkidle')
        // One slider and one quote rotation (both every 15 s), a second at a time, each once the
        // page's requests have answered.
        for (let second = 0; second < 16; second += 1) {
          await expect.poll(() => inflight.size, { timeout: 15_000 }).toBe(0)
          await page.clock.runFor(1_000)
        }
        await expectNoShift(page)
      })
    }
  })
}

/**
 * The demo site behind a proxy that sends each page's HTML in pieces, 300 ms apart, cut where a
 * CMS flushing early or a busy parser lets the browser paint a part: after the main's opening
 * tag, after the footer's, and after the footer's first block.
 */
function piecemeal(target: string) {
  return startHtmlProxy({
    target,
    page({ html, status, headers }, res) {
      const after = (pattern: RegExp, from = 0) => {
        const found = pattern.exec(html.slice(from))
        return found ? from + found.index + found[0].length : from
      }
      const footer = after(/<footer[^>]*>/)
      const cuts = [after(/<main[^>]*>/), footer, after(/<\/nav>/, footer), html.length]
      res.writeHead(status, headers)
      let sent = 0
      const send = (index: number) => {
        const cut = cuts[index] ?? html.length
        res.write(html.slice(sent, cut))
        sent = cut
        if (index + 1 < cuts.length) setTimeout(() => send(index + 1), 300)
        else res.end()
      }
      send(0)
    },
  })
}

// A CMS streams its pages, and a browser paints what it has: the site's chrome must not move
// when the rest of a page arrives (a footer pinned to the screen's bottom of a short page grows
// upwards while its links arrive). One locale's pages: the chrome is shared.
test.describe('a page whose HTML arrives in pieces', () => {
  let proxy: HtmlProxy | undefined
  test.beforeAll(async ({ baseURL }) => {
    proxy = await piecemeal(baseURL ?? '')
  })
  test.afterAll(async () => {
    await proxy?.close()
  })
  for (const size of SIZES) {
    for (const route of pages.filter((r) => r.locale === 'en')) {
      test(`${route.path} at ${size.width} px stays put`, async ({ page }) => {
        await page.setViewportSize({ width: size.width, height: size.height })
        await watchShifts(page)
        await page.goto(`${proxy?.url ?? ''}${route.path}${route.query ?? ''}`)
        await widgetsSettled(page)
        await page.waitForLoadState('networkidle')
        await expectNoShift(page)
      })
    }
  }
})

// The cart page where shoppers pay: its lines, and for a logged-in shopper the checkout, whose
// code loads on demand (widgets/cart/checkout-code.ts) and must not push anything once drawn.
test.describe('the cart page with lines', () => {
  const WINE = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'
  for (const size of SIZES) {
    for (const loggedIn of [false, true]) {
      test(`${loggedIn ? 'logged in' : 'logged out'} at ${size.width} px stays put`, async ({
        page,
      }) => {
        await page.setViewportSize({ width: size.width, height: size.height })
        await watchShifts(page)
        if (loggedIn) {
          await page.goto('/en/login')
          const form = page.locator('[data-widget="login"]')
          await form.getByLabel(text('en', 'login.email')).fill('claire@example.com')
          await form.getByLabel(text('en', 'login.password'), { exact: true }).fill('droplets-420')
          await form.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click()
          await page.waitForFunction(
            () => JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}').session?.isLoggedIn,
          )
        }
        await page.goto(WINE)
        const wine = page.locator('[data-widget="wine-tabs"]')
        await wine.getByRole('button', { name: text('en', 'wineTabs.add') }).click()
        const added = text('en', 'wineTabs.added').split('{{')[0] ?? ''
        await expect(wine.getByText(added, { exact: false })).toBeVisible()
        await page.goto('/en/cart')
        await widgetsSettled(page)
        await page.waitForLoadState('networkidle')
        const cart = page.locator('[data-widget="cart"]')
        await expect(cart.getByRole('list', { name: text('en', 'cart.lines') })).toBeVisible()
        await expect(cart.getByRole('tablist')).toHaveCount(loggedIn ? 1 : 0)
        await expectNoShift(page)
      })
    }
  }
})
