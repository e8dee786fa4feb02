import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Locator, Page, TestInfo } from '@playwright/test'
import { routeWidgets } from '../demo-pages/site.mjs'
import { registry } from '../mount/registry'
import { expect, open, routes, test, text } from './helpers'

/**
 * Host pages cannot break our widgets. Every widget is photographed on its demo page (once: the
 * header's widgets look the same on every page), then with Bootstrap 5's stylesheet (the npm
 * package, linked in <head> where a CMS links its theme, before the stylesheets our runtime
 * appends), then without it again; the two photos must match. One font is forced on everything for both photos: fonts are the host's on purpose.
 */

interface ComparedPage {
  path: string
  /** The widgets photographed there. */
  widgets: string[]
}

/** The tags of these widgets. */
const tagsOf = (widgets: string[]) => widgets.map((w) => `[data-widget='${w}']`).join(', ')

/**
 * Each widget on a page where it shows, picked from the demo site itself: the first English
 * route (routes.json's order) whose page carries its tag, so a widget's demo page is all it
 * needs here. A widget on no demo page is compared in the widget catalogue (`/`), which shows
 * every registered widget's example.
 */
function comparedPages(): ComparedPage[] {
  const pages = new Map<string, string[]>()
  for (const { name } of registry) {
    const route = routes.find(
      (r) => r.locale === 'en' && r.path !== '/' && routeWidgets(r).includes(name),
    )
    const path = route ? `${route.path}${route.query ?? ''}` : '/'
    pages.set(path, [...(pages.get(path) ?? []), name])
  }
  return [...pages].map(([path, widgets]) => ({ path, widgets }))
}

const PAGES: ComparedPage[] = [
  ...comparedPages(),
  // Quotes alone: drawn without React, the baseline comes with it all the same.
  { path: '/bench/quotes', widgets: ['quotes'] },
]

/**
 * Share of pixels allowed to differ: a nested tag's edge row can round differently. A leak is far
 * more (a 24 px legend, a lost heading weight: several percent of a widget).
 */
const TOLERANCE = 0.002

function bootstrapCss(): string {
  try {
    const file = createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css')
    return readFileSync(file, 'utf8')
  } catch (error) {
    throw new Error(
      'Bootstrap 5 (a devDependency, read from node_modules/bootstrap) is missing: run npm install',
      { cause: error },
    )
  }
}

/**
 * Puts Bootstrap's stylesheet in <head> before the stylesheets the runtime appended (where a CMS
 * links its theme); returns its on/off switch. Inlined: the demo's MSW worker sees every request.
 */
async function addBootstrap(page: Page): Promise<(on: boolean) => Promise<void>> {
  await page.evaluate((css) => {
    const style = document.createElement('style')
    style.id = 'host-bootstrap'
    style.textContent = css
    const ours = document.head.querySelector('link[href*="/widgets/assets/"]')
    if (ours) ours.before(style)
    else document.head.append(style)
  }, bootstrapCss())
  return async (on) => {
    await page.evaluate((enabled) => {
      const sheet = (document.getElementById('host-bootstrap') as HTMLStyleElement).sheet!
      sheet.disabled = !enabled
      return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    }, on)
  }
}

interface Difference {
  size: string | null
  ratio: number
}

/** Decodes both PNGs in a blank page and counts the pixels that differ. */
async function compare(browser: Browser, a: Buffer, b: Buffer): Promise<Difference> {
  const page = await browser.newPage()
  try {
    return await page.evaluate(
      async ([first, second]) => {
        const decode = async (base64: string) =>
          createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob())
        const [x, y] = await Promise.all([decode(first), decode(second)])
        if (x.width !== y.width || x.height !== y.height)
          return { size: `${x.width}×${x.height} vs ${y.width}×${y.height}`, ratio: 1 }
        const canvas = new OffscreenCanvas(x.width, x.height)
        const context = canvas.getContext('2d')!
        const pixels = (image: ImageBitmap) => {
          context.clearRect(0, 0, x.width, x.height)
          context.drawImage(image, 0, 0)
          return context.getImageData(0, 0, x.width, x.height).data
        }
        const [p, q] = [pixels(x), pixels(y)]
        let differing = 0
        for (let i = 0; i < p.length; i += 4) {
          if (p[i] !== q[i] || p[i + 1] !== q[i + 1] || p[i + 2] !== q[i + 2]) differing++
        }
        return { size: null, ratio: differing / (x.width * x.height) }
      },
      [a.toString('base64'), b.toString('base64')] as const,
    )
  } finally {
    await page.close()
  }
}

interface Pin {
  x: number
  y: number
  width: number
}

/**
 * Bootstrap moves the host's content around a widget, often by fractions of a pixel, and a box
 * drawn at another sub-pixel offset rounds to other pixels. For each photo the widget's tag is
 * taken out of the flow and pinned at the same whole-pixel place of the document, as wide as it
 * was. Returns where it was pinned and the tag's former inline style.
 */
async function pin(widget: Locator, at?: Pin) {
  return widget.evaluate((el: HTMLElement, at: Pin | undefined) => {
    const before = el.style.cssText
    const box = el.getBoundingClientRect()
    const place = at ?? {
      x: Math.round(box.left + scrollX),
      y: Math.round(box.top + scrollY),
      width: box.width,
    }
    if (getComputedStyle(el).position === 'fixed') {
      // Floating over the page: the page behind it is hidden instead.
      document.body.classList.add('host-css-hide-page')
      return { place, before }
    }
    Object.assign(el.style, {
      position: 'absolute',
      boxSizing: 'border-box',
      width: `${place.width}px`,
      margin: '0',
      // Opaque and on top: nothing of the host's page behind it shows through.
      background: '#fdfbf8',
      zIndex: '2147483647',
      left: '0px',
      top: '0px',
    })
    const origin = el.getBoundingClientRect()
    el.style.left = `${place.x - (origin.left + scrollX)}px`
    el.style.top = `${place.y - (origin.top + scrollY)}px`
    return { place, before }
  }, at)
}

async function unpin(widget: Locator, before: string) {
  await widget.evaluate((el: HTMLElement, css) => {
    el.style.cssText = css
    document.body.classList.remove('host-css-hide-page')
  }, before)
}

/**
 * Photographs one widget without Bootstrap, with it, and without it again. A slider or quote that
 * rotated in between shows in the two plain photos: then the three are taken again.
 */
async function photograph(
  browser: Browser,
  widget: Locator,
  bootstrap: (on: boolean) => Promise<void>,
) {
  for (let attempt = 0; ; attempt++) {
    const shot = async (hosted: boolean, at?: Pin) => {
      await bootstrap(hosted)
      const { place, before } = await pin(widget, at)
      const png = await widget.screenshot({ animations: 'disabled' })
      await unpin(widget, before)
      return { png, place }
    }
    const { png: plain, place } = await shot(false)
    const { png: hosted } = await shot(true, place)
    const { png: again } = await shot(false, place)
    await bootstrap(false)
    const stable = await compare(browser, plain, again)
    if ((stable.size === null && stable.ratio === 0) || attempt === 2) return { plain, hosted }
  }
}

async function hasSize(locator: Locator): Promise<boolean> {
  if ((await locator.count()) === 0) return false
  const box = await locator.boundingBox()
  return box !== null && box.width > 0 && box.height > 0
}

async function attach(testInfo: TestInfo, name: string, plain: Buffer, hosted: Buffer) {
  for (const [suffix, body] of [
    ['plain', plain],
    ['bootstrap', hosted],
  ] as const) {
    const path = testInfo.outputPath(`${name}-${suffix}.png`)
    writeFileSync(path, body)
    await testInfo.attach(`${name}-${suffix}.png`, { path, contentType: 'image/png' })
  }
}

test('every widget is compared on some page', () => {
  const folders = readdirSync(new URL('../widgets', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  const compared = new Set(PAGES.flatMap((p) => p.widgets))
  expect(folders.filter((name) => !compared.has(name))).toEqual([])
})

for (const { path, widgets } of PAGES) {
  test(`Bootstrap 5 on the page does not change the widgets of ${path}`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await open(page, path)
    await page.waitForLoadState('networkidle')
    await page.addStyleTag({
      // One font everywhere, and one page background behind the widgets that have none.
      content: `*, ::before, ::after { font-family: 'DejaVu Sans', sans-serif !important; }
        html, body { background: #fdfbf8 !important; }
        .host-css-hide-page > :not([data-widget], [data-widget-portal]) {
          visibility: hidden !important;
        }`,
    })
    const bootstrap = await addBootstrap(page)
    await bootstrap(false)

    const tags = page.locator(tagsOf(widgets))
    const seen = new Set<string>()
    let consentHidden = false
    const failures: string[] = []
    // The consent banner floats over the page: photographed first where it is compared, then
    // out of the way (on every page: it would cover the widgets below it).
    const all = await tags.all()
    const names = await Promise.all(all.map((tag) => tag.getAttribute('data-widget')))
    const ordered = all.map((tag, i) => ({ tag, name: names[i] ?? '' }))
    ordered.sort((a, b) => Number(b.name === 'consent') - Number(a.name === 'consent'))
    for (const [i, { tag, name }] of ordered.entries()) {
      // A floating widget's tag takes no room: its first box that does is photographed.
      const target = (await hasSize(tag)) ? tag : tag.locator(':scope > *').first()
      if (!(await hasSize(target))) continue
      if (name !== 'consent' && !consentHidden) {
        await page.addStyleTag({
          content: "[data-widget='consent'] { visibility: hidden !important; }",
        })
        consentHidden = true
      }
      const { plain, hosted } = await photograph(browser, target, bootstrap)
      const difference = await compare(browser, plain, hosted)
      seen.add(name)
      if (difference.size !== null || difference.ratio > TOLERANCE) {
        failures.push(
          `${name} #${i}: ${difference.size ?? `${(difference.ratio * 100).toFixed(2)} % of pixels`}`,
        )
        await attach(testInfo, `${name}-${i}`, plain, hosted)
      }
    }
    expect(widgets.filter((name) => !seen.has(name))).toEqual([])
    expect(failures, 'widgets that look different with Bootstrap on the page').toEqual([])
  })
}

// The states a closed page does not show: the search modal (rendered at the end of <body>, with
// the baseline through data-widget-portal) and the sommelier panel in it.
test('Bootstrap 5 on the page does not change the opened search modal and sommelier panel', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await open(page, '/en/')
  await page.getByRole('button', { name: text('en', 'consent.accept') }).click()
  await page.waitForLoadState('networkidle')
  await page.addStyleTag({
    content: `*, ::before, ::after { font-family: 'DejaVu Sans', sans-serif !important; }
      html, body { background: #fdfbf8 !important; }
      .host-css-hide-page > :not([data-widget], [data-widget-portal]) {
        visibility: hidden !important;
      }`,
  })
  const bootstrap = await addBootstrap(page)
  await bootstrap(false)
  const failures: string[] = []
  const check = async (name: string) => {
    // The modal's backdrop floats over the page (fixed): the page behind it is hidden.
    const portal = page.locator('[data-widget-portal]')
    await expect(portal).toHaveCount(1)
    const { plain, hosted } = await photograph(browser, portal, bootstrap)
    const difference = await compare(browser, plain, hosted)
    if (difference.size !== null || difference.ratio > TOLERANCE) {
      failures.push(
        `${name}: ${difference.size ?? `${(difference.ratio * 100).toFixed(2)} % of pixels`}`,
      )
      await attach(testInfo, name, plain, hosted)
    }
  }

  const search = await openSearch(page)
  await expect(search.getByRole('article').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  await check('search-modal')
  await page.keyboard.press('Escape')
  await expect(search).toBeHidden()

  const sommelier = await openSommelier(page)
  await expect(
    sommelier.getByRole('textbox', { name: text('en', 'login.email') }).first(),
  ).toBeVisible()
  await check('sommelier-panel')
  expect(failures, 'opened panels that look different with Bootstrap on the page').toEqual([])
})

/**
 * Every shown text, button, field and list of choices in the widgets (tags and the modal's
 * portal) whose computed font family differs from `want` (the page's, unless given), as
 * "widget element "text": family".
 */
function otherFonts(page: Page, want?: string): Promise<{ page: string; others: string[] }> {
  return page.evaluate((want) => {
    const family = want ?? getComputedStyle(document.body).fontFamily
    const controls = 'button, input, select, textarea'
    const others = [...document.querySelectorAll('[data-widget] *, [data-widget-portal] *')]
      .filter((el) => {
        if (el instanceof SVGElement || el.closest('svg')) return false
        const box = el.getBoundingClientRect()
        if (box.width <= 1 || box.height <= 1) return false
        const ownText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
        )
        return ownText || el.matches(controls)
      })
      .filter((el) => getComputedStyle(el).fontFamily !== family)
      .map((el) => {
        const widget = el.closest('[data-widget]')?.getAttribute('data-widget') ?? 'portal (modal)'
        const label = (el.getAttribute('aria-label') ?? el.textContent).trim().slice(0, 30)
        return `${widget} ${el.tagName.toLowerCase()} "${label}": ${getComputedStyle(el).fontFamily}`
      })
    return { page: family, others }
  }, want)
}

/** Opens the search modal from the header; returns its dialog. */
async function openSearch(page: Page) {
  await page.getByRole('button', { name: text('en', 'search.open') }).click()
  const dialog = page.getByRole('dialog', { name: text('en', 'search.dialog') })
  await expect(dialog.getByRole('searchbox')).toBeFocused()
  return dialog
}

/** Opens the sommelier panel from its header button; returns its dialog, the chat shown. */
async function openSommelier(page: Page) {
  await page.getByRole('button', { name: text('en', 'sommelier.button') }).click()
  const dialog = page.getByRole('dialog', { name: text('en', 'search.sommelierDialog') })
  await expect(dialog.getByRole('region', { name: text('en', 'sommelier.title') })).toBeVisible()
  return dialog
}

// Widgets name no font of their own; a host's --wine-widgets-font reaches every one.
for (const { path, widgets } of PAGES) {
  test(`every widget text of ${path} is in the page’s font, or the theme’s`, async ({ page }) => {
    await open(page, path)
    await page.waitForLoadState('networkidle')
    const scope = page.locator(tagsOf(widgets))
    await expect(scope.first()).toBeVisible()
    const inherited = await otherFonts(page)
    expect(inherited.others, `widget text not in the page’s ${inherited.page}`).toEqual([])
    // Not vacuous: the page's family is a real stack, and the theme property changes all of it.
    expect(inherited.page).not.toBe('')
    await page.addStyleTag({ content: ':root { --wine-widgets-font: Georgia, serif; }' })
    expect((await otherFonts(page, 'Georgia, serif')).others).toEqual([])
  })
}

test('the opened search modal and sommelier panel are in the page’s font', async ({ page }) => {
  await open(page, '/en/')
  await page.getByRole('button', { name: text('en', 'consent.accept') }).click()
  const search = await openSearch(page)
  await expect(search.getByRole('article').first()).toBeVisible()
  const inSearch = await otherFonts(page)
  expect(inSearch.others, `search modal text not in ${inSearch.page}`).toEqual([])
  await page.keyboard.press('Escape')
  await expect(search).toBeHidden()
  await openSommelier(page)
  const inChat = await otherFonts(page)
  expect(inChat.others, `sommelier text not in ${inChat.page}`).toEqual([])
})

/** WCAG 2 relative luminance contrast of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, bl = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number)
    const linear = (c: number) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(bl)
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

test('the header’s cart icon and logged-in badge pass WCAG 2.2 AA contrast', async ({ page }) => {
  await open(page, '/en/login')
  const header = await page.evaluate(
    () => getComputedStyle(document.querySelector('header')!).backgroundColor,
  )
  const cartIcon = await page
    .locator('[data-widget="minicart"] svg')
    .first()
    .evaluate((svg) => getComputedStyle(svg).stroke)
  expect(contrast(cartIcon, header), `cart icon ${cartIcon} on ${header}`).toBeGreaterThanOrEqual(3)

  const login = page.locator('[data-widget="login"]')
  await login.getByLabel(text('en', 'login.email')).fill('claire@example.com')
  await login.getByLabel(text('en', 'login.password'), { exact: true }).fill('droplets-420')
  await login.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click()
  const badge = page.locator('[data-widget="user-menu"]').getByRole('link', { name: /Claire/ })
  await expect(badge).toHaveText('C')
  const colours = await badge.evaluate((a) => ({
    letter: getComputedStyle(a.firstElementChild!).color,
    disc: getComputedStyle(a).backgroundColor,
  }))
  expect(contrast(colours.letter, colours.disc), 'badge letter on its disc').toBeGreaterThanOrEqual(
    4.5,
  )
  expect(contrast(colours.disc, header), 'badge disc on the header').toBeGreaterThanOrEqual(3)
})

test('a host themes the widgets through the documented custom properties', async ({ page }) => {
  await open(page, '/en/giftbox')
  const title = page.locator('[data-widget="giftbox"] h2').first()
  const field = page.locator('[data-widget="giftbox"] input').first()
  const look = () =>
    Promise.all([
      title.evaluate((el) => getComputedStyle(el).color),
      field.evaluate((el) => getComputedStyle(el).borderTopLeftRadius),
    ])
  expect(await look()).toEqual(['rgb(109, 26, 54)', '6px'])
  await page.addStyleTag({
    content: ':root { --wine-widgets-brand: rgb(0, 70, 140); --wine-widgets-radius: 0px; }',
  })
  expect(await look()).toEqual(['rgb(0, 70, 140)', '0px'])
})
