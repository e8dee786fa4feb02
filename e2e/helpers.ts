import { readFileSync } from 'node:fs'
import {
  test as base,
  expect,
  type ConsoleMessage,
  type Locator,
  type Page,
} from '@playwright/test'

export const LOCALES = ['en', 'fr', 'nl'] as const
export type Locale = (typeof LOCALES)[number]

export interface DemoRoute {
  path: string
  page: string
  locale: Locale
  title: string
  /** Shorter name in the footer navigation. */
  label?: string
  siteWidgets?: boolean
  nav?: boolean
  /** Query string a test or the bench adds to show the page's real content. */
  query?: string
  scripts?: string[]
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the file's shape
export function readJson<T>(relative: string): T {
  return JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as T
}

/** Every page of the demo site (the same table the server and the benchmark use). */
export const routes: DemoRoute[] = readJson<{ routes: DemoRoute[] }>(
  '../demo-pages/routes.json',
).routes

/**
 * A page's address in each locale, from routes.json, where its routes are named
 * `<page>-<locale>`: `localePaths('cart')` is `{ en: '/en/cart', fr: '/fr/panier', … }`.
 */
export function localePaths(page: string): Record<Locale, string> {
  const path = (locale: Locale) => {
    const route = routes.find((r) => r.page === `${page}-${locale}`)
    if (!route) throw new Error(`demo-pages/routes.json has no page "${page}-${locale}"`)
    return route.path
  }
  return { en: path('en'), fr: path('fr'), nl: path('nl') }
}

type Texts = Record<string, Record<string, string>>
const texts: Record<Locale, Texts> = {
  en: readJson<Texts>('../locales/en.json'),
  fr: readJson<Texts>('../locales/fr.json'),
  nl: readJson<Texts>('../locales/nl.json'),
}

/** A widget text as the locale files define it: `text('fr', 'consent.accept')`. */
export function text(locale: Locale, key: string): string {
  const [namespace = '', name = ''] = key.split('.')
  const value = texts[locale][namespace]?.[name]
  if (value === undefined) throw new Error(`locales/${locale}.json has no "${key}"`)
  return value
}

/**
 * The payment tab's "I confirm I am 18 or older", which Pay and "Confirm the order" need: checked
 * (kept checked when the session already remembers it). Every helper that fills the payment form
 * calls it.
 */
export async function confirmAge(cart: Locator, locale: Locale = 'en'): Promise<void> {
  await cart.getByRole('checkbox', { name: text(locale, 'payment.ageConfirm') }).check()
}

/** Resolves once the library is loaded and every widget tag on the page mounted or failed. */
export async function widgetsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.readyState !== 'loading' &&
      window.WineWidgets !== undefined &&
      [...document.querySelectorAll('[data-widget]')].every(
        (el) => el.hasAttribute('data-widget-mounted') || el.hasAttribute('data-widget-error'),
      ),
  )
  await page.evaluate(async () => {
    await window.WineWidgets!.ready()
    // React commits a root's first render in a later task: let that happen before asserting that
    // something is absent.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  })
}

/** Open a demo page and wait for its widgets (never a fixed sleep). */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await widgetsSettled(page)
}

/**
 * Open a page and wait until its widgets, nested ones included (an index's sliders mount after
 * their parent's data), have loaded their data, then for two frames.
 */
export async function openSettled(page: Page, path: string): Promise<void> {
  await open(page, path)
  await page.waitForLoadState('networkidle')
  await widgetsSettled(page)
  await page.waitForLoadState('networkidle')
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

/**
 * How far the document scrolls, and where its content ends: the bottom of the lowest in-flow
 * child of the body (the footer on every site page), never less than the viewport.
 */
export function scrollExtent(page: Page) {
  return page.evaluate(() => {
    const html = document.documentElement
    const inFlow = [...document.body.children].filter((el) => {
      const style = getComputedStyle(el)
      return style.display !== 'none' && style.position !== 'absolute' && style.position !== 'fixed'
    })
    const bottoms = inFlow.map(
      (el) =>
        el.getBoundingClientRect().bottom +
        window.scrollY +
        parseFloat(getComputedStyle(el).marginBottom),
    )
    const body = getComputedStyle(document.body)
    const content =
      Math.max(0, ...bottoms) + parseFloat(body.paddingBottom) + parseFloat(body.marginBottom)
    return {
      scrollHeight: html.scrollHeight,
      contentBottom: Math.max(content, html.clientHeight),
      footer: document.querySelector('footer')?.getBoundingClientRect().bottom,
    }
  })
}

export interface ConsoleLog {
  messages: { type: string; text: string }[]
  errors(): string[]
  warnings(): string[]
}

function consoleLog(page: Page): ConsoleLog {
  const messages: ConsoleLog['messages'] = []
  page.on('console', (m: ConsoleMessage) => messages.push({ type: m.type(), text: m.text() }))
  page.on('pageerror', (e) => messages.push({ type: 'error', text: `pageerror: ${e.message}` }))
  return {
    messages,
    errors: () => messages.filter((m) => m.type === 'error').map((m) => m.text),
    warnings: () => messages.filter((m) => m.type === 'warning').map((m) => m.text),
  }
}

/**
 * `test` with a `consoleLog` fixture that records the page's console. Unless a test says it
 * expects errors (`test.use({ allowConsoleErrors: true })`), any console error fails it.
 */
export const test = base.extend<{ consoleLog: ConsoleLog; allowConsoleErrors: boolean }>({
  allowConsoleErrors: [false, { option: true }],
  consoleLog: [
    async ({ page, allowConsoleErrors }, use) => {
      const log = consoleLog(page)
      await use(log)
      if (!allowConsoleErrors) expect(log.errors(), 'console errors on the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
