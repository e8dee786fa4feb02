import type { Page, Request } from '@playwright/test'
import { expect, routes, test, widgetsSettled } from './helpers'

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
        sources?: { node?: Node | null }[]
      })[]) {
        if (entry.hadRecentInput) continue
        record.value += entry.value
        record.sources.push(
          `${entry.value.toFixed(4)}: ${(entry.sources ?? []).map((s) => describe(s.node)).join(', ')}`,
        )
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
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
        const cls = await page.evaluate(() => window.__cls!)
        expect(cls.value, cls.sources.join('\n')).toBeLessThanOrEqual(CLS_LIMIT)
      })
    }
  })
}
