import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Locator, Page, TestInfo } from '@playwright/test'
import {
  LOCALES,
  expect,
  open,
  openSettled,
  routes,
  scrollExtent,
  test,
  text,
  type Locale,
} from './helpers'

/**
 * The shop as a phone shopper sees it: every demo page at 390 × 844 and 1280 × 900
 * checked for horizontal overflow, clipped placeholders, text overflowing its box and focus lost
 * after an action, with a screenshot of each page kept for review in e2e/artifacts/screens/
 * (<page>-<width>.png; Playwright wipes its test-results/ on every run, this folder it leaves
 * alone; CI keeps it as an artifact); then the points one by one at 390 × 844.
 */

const PHONE = { width: 390, height: 844 } as const
const DESKTOP = { width: 1280, height: 900 } as const

// Logins, streamed answers and whole-page screenshots on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 })

const CLAIRE = { email: 'claire@example.com', password: 'droplets-420' }

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]))

/** Pages that log console errors on purpose (broken tags). */
const NOISY = ['/en/playground']

interface LayoutProblems {
  overflow: { scrollWidth: number; innerWidth: number }
  placeholders: string[]
  texts: string[]
}

/**
 * What the page does wrong at this width: the document wider than the viewport, a field narrower
 * than its placeholder, a widget's text wider than its box (where the box does not scroll or
 * clip on purpose). Visually hidden texts (1 px boxes) are not looked at.
 */
function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const widget = el.closest('[data-widget]')?.getAttribute('data-widget') ?? 'page'
      const label =
        el.getAttribute('aria-label') ??
        el.getAttribute('placeholder') ??
        el.textContent.trim().slice(0, 40)
      return `${widget} ${el.tagName.toLowerCase()} "${label}"`
    }
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden'
    }
    const canvas = document.createElement('canvas').getContext('2d')!
    const placeholders = [
      ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input[placeholder], textarea[placeholder]',
      ),
    ]
      .filter((field) => shown(field) && field.value === '')
      .flatMap((field) => {
        const style = getComputedStyle(field)
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const needed = canvas.measureText(field.placeholder).width
        const room =
          field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return needed > room + 1
          ? [`${describe(field)}: ${Math.ceil(needed)} px of text in ${Math.floor(room)} px`]
          : []
      })
    const texts = [...document.querySelectorAll('[data-widget-mounted] *')]
      .filter((el) => {
        if (!shown(el) || el instanceof SVGElement) return false
        const style = getComputedStyle(el)
        if (style.overflowX !== 'visible' || style.position === 'fixed') return false
        // Only boxes that hold text themselves.
        const ownText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
        )
        return ownText && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0
      })
      .map((el) => `${describe(el)}: ${el.scrollWidth} px of text in ${el.clientWidth} px`)
    return {
      overflow: {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      },
      placeholders,
      texts,
    }
  })
}

/** Where the every-page pass keeps its screenshots (not wiped between runs; .ci/run names it). */
const SCREENS = fileURLToPath(new URL('artifacts/screens/', import.meta.url))

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SCREENS, { recursive: true })
  const path = `${SCREENS}${name}.png`
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

/**
 * One action a shopper takes on the page, then where focus is. The search modal opened from the
 * header (with the keyboard) and closed with Escape must give focus back to its button; on a page
 * without the header, the first widget button pressed must leave focus in a widget. Returns what
 * was done, or null on a page with nothing to press.
 */
async function actAndCheckFocus(page: Page, locale: Locale): Promise<string | null> {
  const focusedTag = () =>
    page.evaluate(() => {
      const active = document.activeElement
      if (!active || active === document.body) return 'body'
      const owner = active.closest('[data-widget], [data-widget-portal]')
      return owner ? 'widget' : `page ${active.tagName.toLowerCase()}`
    })
  const search = page
    .locator('.header-widgets [data-widget="search"]')
    .getByRole('button', { name: text(locale, 'search.open') })
  if ((await search.count()) > 0) {
    await search.press('Enter')
    const dialog = page.getByRole('dialog', { name: text(locale, 'search.dialog') })
    await expect(dialog.getByRole('searchbox')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(await focusedTag(), 'focus after closing the search modal').toBe('widget')
    await expect(search, 'focus back on the search button').toBeFocused()
    return 'search modal opened and closed'
  }
  // Not the consent banner's OK: the banner goes away with its button. Focus goes back to where
  // the keyboard came from (widgets/consent/Consent.test.tsx); a button focused straight away, as
  // here, came from nowhere, so there is no place inside a widget to go back to.
  const button = page
    .locator('[data-widget-mounted]:not([data-widget="consent"]) button:visible:enabled')
    .first()
  if ((await button.count()) === 0) return null
  const name = (await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? ''
  await button.press('Enter')
  await expect.poll(focusedTag, `focus after pressing "${name.trim()}"`).toBe('widget')
  return `pressed "${name.trim()}"`
}

/** Pages without a widget button (no widgets; quotes alone): the focus check has nothing to press. */
const NOTHING_TO_PRESS = ['/bench/no-widgets', '/bench/quotes']

const slug = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'

test.describe('every demo page at 390 and 1280 px', () => {
  for (const route of routes) {
    for (const viewport of [PHONE, DESKTOP]) {
      test.describe(() => {
        test.use({ viewport, allowConsoleErrors: NOISY.includes(route.path) })
        test(`${route.path} at ${viewport.width} px: no overflow, whole placeholders, text inside its boxes, ends at its content, focus kept`, async ({
          page,
        }, testInfo) => {
          await openSettled(page, `${route.path}${route.query ?? ''}`)
          const problems = await layoutProblems(page)
          // Nothing invisible (e.g. a visually hidden label in a scrolled-away card) stretches it.
          const extent = await scrollExtent(page)
          await keepScreenshot(page, testInfo, `${slug(route.path)}-${viewport.width}`)
          expect(problems.overflow.scrollWidth, 'page wider than the viewport').toBeLessThanOrEqual(
            problems.overflow.innerWidth,
          )
          expect(problems.placeholders, 'placeholders cut off').toEqual([])
          expect(problems.texts, 'text wider than its box').toEqual([])
          expect(
            extent.scrollHeight,
            `no blank scroll area below the content (${JSON.stringify(extent)})`,
          ).toBeLessThanOrEqual(Math.ceil(extent.contentBottom) + 1)
          const action = await actAndCheckFocus(page, route.locale)
          if (NOTHING_TO_PRESS.includes(route.path)) expect(action).toBeNull()
          else expect(action, 'an action to try on the page').not.toBeNull()
        })
      })
    }
  }
})

/** Accept the cookie banner so it does not cover what a test looks at. */
async function acceptCookies(page: Page, locale: Locale) {
  await page.getByRole('button', { name: text(locale, 'consent.accept') }).click()
}

/** Whether a box lies inside the viewport (fully). */
async function inViewport(locator: Locator, page: Page) {
  const box = await locator.boundingBox()
  const size = page.viewportSize()!
  return (
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= size.height + 0.5 &&
    box.x + box.width <= size.width + 0.5
  )
}

test.describe('the issue’s points at 390 × 844', () => {
  test.use({ viewport: PHONE })

  for (const locale of LOCALES) {
    test(`the search box has a row of its own and shows its whole placeholder (${locale})`, async ({
      page,
    }) => {
      await open(page, `/${locale}/`)
      await page.getByRole('button', { name: text(locale, 'search.open') }).click()
      const dialog = page.getByRole('dialog', { name: text(locale, 'search.dialog') })
      const box = dialog.getByRole('searchbox', { name: text(locale, 'search.inputLabel') })
      await expect(box).toBeFocused()
      await expect(box).toHaveAttribute('placeholder', text(locale, 'search.placeholder'))
      const width = (await box.boundingBox())!.width
      expect(width).toBeGreaterThan(PHONE.width - 60)
      expect((await layoutProblems(page)).placeholders).toEqual([])
      // Filters, sommelier and close share the row above it.
      const close = dialog.getByRole('button', { name: text(locale, 'search.close') }).first()
      expect((await close.boundingBox())!.y).toBeLessThan((await box.boundingBox())!.y)
    })
  }

  test('the sommelier keeps its header and input on screen; only the conversation scrolls (fr)', async ({
    page,
  }) => {
    await open(page, '/fr/')
    await acceptCookies(page, 'fr')
    await page.getByRole('button', { name: text('fr', 'sommelier.button') }).click()
    const chat = page
      .getByRole('dialog', { name: text('fr', 'search.sommelierDialog') })
      .getByRole('region', { name: text('fr', 'sommelier.title') })
    await chat.getByLabel(text('fr', 'login.email')).fill(CLAIRE.email)
    await chat.getByLabel(text('fr', 'login.password'), { exact: true }).fill(CLAIRE.password)
    await chat.getByRole('button', { name: text('fr', 'login.submit'), exact: true }).click()
    const input = chat.getByRole('textbox', { name: text('fr', 'sommelier.inputLabel') })
    await expect(input).toBeFocused()
    expect((await layoutProblems(page)).placeholders).toEqual([])
    await input.fill('Un steak grillé ce soir')
    await input.press('Enter')
    const cards = chat.getByRole('list', { name: text('fr', 'sommelier.suggestions') })
    await expect(cards.getByRole('article')).toHaveCount(4, { timeout: 20_000 })
    await expect(input).toBeFocused()

    const log = chat.getByRole('log')
    const close = chat.getByRole('button', { name: text('fr', 'sommelier.close') })
    const toSearch = chat.getByRole('button', { name: text('fr', 'sommelier.toSearch') })
    // The answer with its cards is taller than the screen: the log scrolls, nothing else does.
    const scroll = await log.evaluate((el) => ({
      top: el.scrollTop,
      max: el.scrollHeight - el.clientHeight,
    }))
    expect(scroll.max).toBeGreaterThan(0)
    await log.evaluate((el) => el.scrollTo(0, 0))
    await cards.getByRole('article').last().scrollIntoViewIfNeeded()
    for (const fixed of [
      close,
      toSearch,
      input,
      chat.getByRole('button', { name: text('fr', 'sommelier.send') }),
    ])
      expect(await inViewport(fixed, page)).toBe(true)
    expect(await chat.evaluate((el) => el.scrollTop)).toBe(0)
  })

  test('on desktop a short conversation keeps the input at the bottom (nl)', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await open(page, '/nl/')
    await acceptCookies(page, 'nl')
    // The sommelier button shows the Dutch image; its name stays the Dutch text.
    const button = page.getByRole('button', { name: text('nl', 'sommelier.button') })
    await expect(button.locator('img')).toHaveAttribute('src', /button-nl\.svg$/)
    await expect(button.locator('img')).toBeVisible()
    await button.click()
    const chat = page.getByRole('region', { name: text('nl', 'sommelier.title') })
    await chat.getByLabel(text('nl', 'login.email')).fill(CLAIRE.email)
    await chat.getByLabel(text('nl', 'login.password'), { exact: true }).fill(CLAIRE.password)
    await chat.getByRole('button', { name: text('nl', 'login.submit'), exact: true }).click()
    const input = chat.getByRole('textbox', { name: text('nl', 'sommelier.inputLabel') })
    await expect(input).toBeFocused()
    const box = (await input.boundingBox())!
    expect(box.y + box.height).toBeGreaterThan(DESKTOP.height - 80)
  })

  test('the sommelier button shows a drawing on phones, its name in the page’s language (en)', async ({
    page,
  }) => {
    await open(page, '/en/')
    const button = page.getByRole('button', { name: text('en', 'sommelier.button') })
    await expect(button).toBeVisible()
    await expect(button.locator('img')).toBeHidden()
    await expect(button.locator('svg')).toBeVisible()
  })

  test('adding a wine shows a confirmation with a link to the cart; focus stays on Add (nl)', async ({
    page,
  }) => {
    await open(page, '/nl/wijnen/chateau-roquefort-lalande-bordeaux-superieur')
    await acceptCookies(page, 'nl')
    // An empty cart shows no "0" badge.
    const minicart = page.locator('[data-widget="minicart"]').getByRole('button')
    await expect(minicart).toHaveText('')
    const box = page.locator('[data-widget="wine-tabs"]')
    const add = box.getByRole('button', { name: text('nl', 'wineTabs.add') })
    await add.click()
    const status = box
      .getByRole('status')
      .filter({ hasText: fill(text('nl', 'wineTabs.added'), { count: 1 }) })
    await expect(status).toBeVisible()
    const link = box.getByRole('link', { name: text('nl', 'wineTabs.toCart') })
    await expect(link).toHaveAttribute('href', '/nl/winkelwagen')
    expect(await inViewport(link, page)).toBe(true)
    await expect(add).toBeFocused()
    await expect(minicart).toHaveText('1')
    await page.keyboard.press('Escape')
    await expect(link).toBeHidden()
    await expect(add).toBeFocused()
  })

  test('adding a box confirms it the same way, without "more available" before (fr)', async ({
    page,
  }) => {
    await open(page, '/fr/coffrets/belgian-discovery')
    const bundle = page.locator('[data-widget="bundle"]')
    const add = bundle.getByRole('button', { name: text('fr', 'bundle.add') })
    await expect(add).toBeVisible()
    const available = text('fr', 'bundle.available').split('{{count}}')[0]!
    await expect(bundle.getByText(available)).toHaveCount(0)
    await add.click()
    await expect(bundle.getByText(fill(text('fr', 'bundle.added'), { count: 1 }))).toBeVisible()
    await expect(bundle.getByRole('link', { name: text('fr', 'bundle.toCart') })).toHaveAttribute(
      'href',
      '/fr/panier',
    )
    await expect(add).toBeFocused()
  })

  test('the cart page: one visible title and drawn claim icons (fr)', async ({ page }) => {
    await open(page, '/fr/vins/chateau-roquefort-lalande-bordeaux-superieur')
    await page
      .locator('[data-widget="wine-tabs"]')
      .getByRole('button', { name: text('fr', 'wineTabs.add') })
      .click()
    await expect(page.locator('[data-widget="minicart"]').getByRole('button')).toHaveText('1')
    await open(page, '/fr/panier')
    await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible()
    // The widget's own title names its section for screen readers without being shown twice.
    const title = page.getByRole('heading', { name: text('fr', 'cart.title') })
    await expect(title).toHaveCount(1)
    expect((await title.boundingBox())!.width).toBeLessThanOrEqual(1)
    const claims = page.getByRole('region', { name: text('fr', 'cart.claims') })
    await expect(claims.getByRole('listitem')).toHaveCount(3)
    await expect(claims.locator('svg[data-claim-icon]')).toHaveCount(3)
    for (const item of await claims.getByRole('listitem').all())
      expect(await item.textContent()).not.toMatch(/\p{Extended_Pictographic}/u)
  })

  test('cart lines show the wine’s label and link back to its page and tab (nl)', async ({
    page,
  }) => {
    const wine = '/nl/wijnen/chateau-lagrange-belair-pauillac-grand-vin'
    await open(page, wine)
    await page
      .locator('[data-widget="wine-tabs"]')
      .getByRole('button', { name: text('nl', 'wineTabs.add') })
      .click()
    await expect(page.locator('[data-widget="minicart"]').getByRole('button')).toHaveText('1')
    await open(page, '/nl/winkelwagen')
    const lines = page.getByRole('list', { name: text('nl', 'cart.lines') })
    const link = lines.getByRole('link', { name: 'Château Lagrange-Belair Pauillac Grand Vin' })
    await expect(link).toHaveAttribute('href', new RegExp(`^${wine}#\\d{4}-`))
    await expect(lines.getByRole('listitem').first().locator('img')).toHaveAttribute(
      'src',
      '/assets/labels/label-01.svg',
    )
  })

  test('a refused Continue moves focus to the first field to fix (nl)', async ({ page }) => {
    await open(page, '/nl/wijnen/chateau-roquefort-lalande-bordeaux-superieur')
    await page
      .locator('[data-widget="wine-tabs"]')
      .getByRole('button', { name: text('nl', 'wineTabs.add') })
      .click()
    await open(page, '/nl/winkelwagen')
    const cart = page.locator('[data-widget="cart"]')
    await cart.getByLabel(text('nl', 'login.email')).fill(CLAIRE.email)
    await cart.getByLabel(text('nl', 'login.password'), { exact: true }).fill(CLAIRE.password)
    await cart.getByRole('button', { name: text('nl', 'login.submit'), exact: true }).click()
    const proceed = cart.getByRole('button', { name: text('nl', 'checkout.toInvoice') })
    await proceed.click()
    const name = cart.getByLabel(text('nl', 'checkout.name'))
    await expect(name).toBeFocused()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(await inViewport(name, page)).toBe(true)
  })

  test('the carousel scrolls sideways with snap points and lists every wine of its tag (fr)', async ({
    page,
  }) => {
    await open(page, '/fr/')
    await acceptCookies(page, 'fr')
    const region = page.getByRole('region', { name: 'Vins d’été' })
    const list = region.getByRole('list').first()
    await list.scrollIntoViewIfNeeded()
    const style = await list.evaluate((el) => {
      const s = getComputedStyle(el)
      return {
        overflowX: s.overflowX,
        snap: s.scrollSnapType,
        wide: el.scrollWidth > el.clientWidth,
      }
    })
    expect(style).toEqual({ overflowX: 'auto', snap: 'x mandatory', wide: true })
    const cards = list.getByRole('article')
    await expect(cards).toHaveCount(24)
    await list.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
    await expect(cards).toHaveCount(40)
    // Nothing of it makes the page scroll sideways.
    expect((await layoutProblems(page)).overflow.scrollWidth).toBeLessThanOrEqual(PHONE.width)
  })

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true, allowConsoleErrors: true })

    test('decouvrir: a first tap shows the entry in the slider, a second opens it (en)', async ({
      page,
      consoleLog,
    }) => {
      await open(page, '/en/')
      await acceptCookies(page, 'en')
      const section = page.getByRole('region', { name: 'Discover our grapes' })
      const entry = section.getByRole('list').first().getByRole('link').nth(3)
      const title = (await entry.textContent())!
      const href = (await entry.getAttribute('href'))!
      await entry.scrollIntoViewIfNeeded()
      await entry.tap()
      const slider = section.getByRole('region', { name: text('en', 'slider.label') })
      await expect(slider.getByRole('link').first()).toHaveAttribute('href', href)
      await expect(page).toHaveURL('/en/')
      await entry.tap()
      await expect(page).toHaveURL(href)
      expect(title).not.toBe('')
      // The demo has no grape pages: the only console error is the 404 of the page it opened.
      expect(consoleLog.errors().every((e) => /404/.test(e))).toBe(true)
    })
  })

  test('invoice lines stack inside their accordion, unit price and total in view (fr)', async ({
    page,
  }) => {
    await open(page, '/fr/account')
    await acceptCookies(page, 'fr')
    const widget = page.locator('[data-widget="account"]')
    await widget.getByLabel(text('fr', 'login.email')).fill(CLAIRE.email)
    await widget.getByLabel(text('fr', 'login.password'), { exact: true }).fill(CLAIRE.password)
    await widget.getByRole('button', { name: text('fr', 'login.submit'), exact: true }).click()
    const invoice = widget.getByRole('button', { name: /2024\/00311/ })
    await invoice.click()
    const region = widget.getByRole('region', { name: /2024\/00311/ })
    const table = region.getByRole('table')
    await expect(table.getByRole('row')).toHaveCount(4)
    const regionBox = (await region.boundingBox())!
    const tableBox = (await table.boundingBox())!
    expect(tableBox.width).toBeLessThanOrEqual(regionBox.width)
    const firstLine = table.getByRole('row').nth(1)
    for (const cell of await firstLine.getByRole('cell').all()) {
      const box = (await cell.boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(regionBox.x + regionBox.width + 0.5)
    }
    // The stacked cells still belong to their columns for screen readers.
    await expect(table.getByRole('columnheader')).toHaveCount(5)
    expect((await layoutProblems(page)).texts).toEqual([])
  })
})
