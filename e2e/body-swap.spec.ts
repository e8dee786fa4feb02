import type { Page } from '@playwright/test'
import { expect, localePaths, open, test, text, widgetsSettled } from './helpers'

/**
 * A host that loads its pages without a full reload (PJAX, Turbo) takes the widgets' containers
 * away, and with them what the widgets placed elsewhere in the document: the search dialog kept
 * at the end of <body> (the sommelier chat's root inside it), the added-to-cart confirmation,
 * the minicart's list. Both ways a host swaps: `document.body.innerHTML = …` and
 * `document.body.replaceWith(newBody)`. Nothing may throw or be reported, and the new body's tags
 * are mounted and work (any console error fails a test: ./helpers).
 */

type Swap = 'innerHTML' | 'replaceWith'
const SWAPS: Swap[] = ['innerHTML', 'replaceWith']
const HOME = '/en/'
const WINE = localePaths('wine-w10018').en
const FAQ = localePaths('faq').en

// Two swaps, a search and the sommelier's chat on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 })
test.use({ viewport: { width: 1280, height: 900 } })

/** Records the `wine-widgets:error` events and the window's error events from the start. */
async function recordErrors(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __swapErrors: seen })
    window.addEventListener('wine-widgets:error', (event) => {
      // Every wine-widgets:error event is a CustomEvent (docs/embedding.md).
      seen.push(`wine-widgets:error ${JSON.stringify((event as CustomEvent).detail)}`)
    })
    window.addEventListener('error', (event) => seen.push(`error ${event.message}`))
    window.addEventListener('unhandledrejection', (event) =>
      seen.push(`unhandledrejection ${String(event.reason)}`),
    )
  })
}

const errorsSeen = (page: Page) =>
  // recordErrors put the list on the window before the page's scripts ran.
  page.evaluate(() => (window as unknown as { __swapErrors: string[] }).__swapErrors)

/**
 * Swaps the body for `path`'s, as a PJAX or Turbo host does after fetching the next page (its
 * script files left out: the library is loaded once per document; the faq's JSON data stays).
 */
async function swapBody(page: Page, swap: Swap, path: string) {
  await page.evaluate(
    async ({ swap, path }) => {
      const html = await (await fetch(path)).text()
      const next = new DOMParser().parseFromString(html, 'text/html')
      next.body.querySelectorAll('script[src]').forEach((script) => script.remove())
      if (swap === 'innerHTML') document.body.innerHTML = next.body.innerHTML
      else document.body.replaceWith(document.adoptNode(next.body))
      // What the widgets do about it runs in microtasks and tasks: give them a few frames.
      for (let i = 0; i < 3; i += 1) await new Promise((r) => requestAnimationFrame(r))
      await new Promise((r) => setTimeout(r, 100))
    },
    { swap, path },
  )
}

/** The new body's tags are all mounted (none failed), and the one search dialog opens. */
async function expectNewBodyWorks(page: Page) {
  await widgetsSettled(page)
  expect(await page.locator('[data-widget]').count()).toBeGreaterThan(0)
  await expect(page.locator('[data-widget-error]')).toHaveCount(0)
  await expect(page.locator('[data-widget]:not([data-widget-mounted])')).toHaveCount(0)
  // Nothing the old body's widgets showed is left, and the page scrolls again.
  await expect(page.locator('[role="dialog"]:visible')).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('')
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('')

  await page.getByRole('button', { name: text('en', 'search.open') }).click()
  const dialog = page.getByRole('dialog', { name: text('en', 'search.dialog') })
  await expect(dialog).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(1)
  await expect(
    dialog.getByRole('searchbox', { name: text('en', 'search.inputLabel') }),
  ).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(await errorsSeen(page)).toEqual([])
}

async function openAndCloseSearch(page: Page) {
  await page.getByRole('button', { name: text('en', 'search.open') }).click()
  const dialog = page.getByRole('dialog', { name: text('en', 'search.dialog') })
  await expect(
    dialog.getByRole('searchbox', { name: text('en', 'search.inputLabel') }),
  ).toBeFocused()
  await expect(dialog.getByRole('article').first()).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

for (const swap of SWAPS) {
  test.describe(`a body swapped with ${swap}`, () => {
    test.beforeEach(async ({ page }) => recordErrors(page))

    test('the search dialog never opened, kept in the page', async ({ page }) => {
      await open(page, HOME)
      // Once the page is idle, the header's search keeps its closed dialog laid out in <body>.
      await expect(page.locator('[data-widget-portal]')).toHaveCount(1)
      await swapBody(page, swap, FAQ)
      await expect(page.locator('[data-widget="faq"]')).toHaveAttribute('data-widget-mounted', '')
      await expectNewBodyWorks(page)
    })

    test('the search dialog opened once and closed', async ({ page }) => {
      await open(page, HOME)
      await openAndCloseSearch(page)
      await swapBody(page, swap, FAQ)
      await expectNewBodyWorks(page)
    })

    test('the search dialog open on the sommelier chat', async ({ page }) => {
      await open(page, HOME)
      await page.getByRole('button', { name: text('en', 'sommelier.button') }).click()
      const dialog = page.getByRole('dialog', { name: text('en', 'search.sommelierDialog') })
      await expect(
        dialog.getByRole('region', { name: text('en', 'sommelier.title') }),
      ).toBeVisible()
      await swapBody(page, swap, HOME)
      await expectNewBodyWorks(page)
    })

    test('the added-to-cart confirmation and the minicart list open', async ({ page }) => {
      await open(page, WINE)
      const box = page.locator('[data-widget="wine-tabs"]')
      await box.getByRole('button', { name: text('en', 'wineTabs.add') }).click()
      await expect(box.getByRole('link', { name: text('en', 'wineTabs.toCart') })).toBeVisible()
      const minicart = page.locator('[data-widget="minicart"]').getByRole('button')
      await minicart.hover()
      await expect(page.getByRole('link', { name: text('en', 'minicart.toCart') })).toBeVisible()
      const count = await minicart.getAttribute('aria-label')
      expect(count).not.toBe(text('en', 'minicart.button').replace('{{count}}', '0'))
      await swapBody(page, swap, WINE)
      await expectNewBodyWorks(page)
      // The cart survived the swap: the new minicart counts what was added before it.
      await expect(page.locator('[data-widget="minicart"]').getByRole('button')).toHaveAttribute(
        'aria-label',
        count ?? '',
      )
    })
  })
}
