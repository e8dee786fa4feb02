/**
 * What the journey files share: the engine and sizes of this run, the demo site, one fresh page
 * per journey with its console checked, waiting assertions and the locale texts.
 *
 * Environment: CROSS_ENGINE (firefox | webkit | chromium), CROSS_BASE_URL (the runner's demo site;
 * without it the file starts its own, on CROSS_PORT if set, else on a free port), CROSS_SIZES
 * (phone,desktop), CROSS_ONLY (journeys whose name contains one of these comma-separated words,
 * case-insensitive: CROSS_ONLY=sommelier).
 */
import { readFileSync } from 'node:fs'
import { createInstance } from 'i18next'
import { after, before, describe, test } from 'node:test'
import {
  describeQuery,
  launch,
  type ConsoleEntry,
  type Driver,
  type Engine,
  type Launcher,
  type Query,
} from './driver.ts'
import { startDemoSite, type DemoSite } from './server.ts'

export const ENGINE = (process.env.CROSS_ENGINE ?? 'firefox') as Engine
export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
].filter((s) => (process.env.CROSS_SIZES ?? 'phone,desktop').split(',').includes(s.name))
export type Size = (typeof SIZES)[number]
const ONLY = (process.env.CROSS_ONLY ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean)

const WAIT = Number(process.env.CROSS_WAIT_MS ?? 10_000)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Texts = Record<string, Record<string, string>>
const en = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Texts
// The journeys' English texts through i18next, as the widgets read them (src/i18n/i18n.ts).
const texts = createInstance({
  lng: 'en',
  resources: { en },
  ns: Object.keys(en),
  nsSeparator: '.',
  keySeparator: '.',
  interpolation: { escapeValue: false },
  initAsync: false,
})
void texts.init()

/** An English widget text from locales/en.json, with its {{placeholders}} filled. */
export function t(key: string, values: Record<string, string | number> = {}): string {
  if (!texts.exists(key)) throw new Error(`locales/en.json has no "${key}"`)
  return texts.t(key, values)
}

let launcher: Launcher | undefined
let site: DemoSite | undefined
let baseURL = process.env.CROSS_BASE_URL ?? ''

before(
  async () => {
    if (!baseURL) {
      site = await startDemoSite({ port: Number(process.env.CROSS_PORT ?? 0) })
      baseURL = site.baseURL
    }
    launcher = await launch(ENGINE)
  },
  { timeout: 60_000 },
)
after(
  async () => {
    await launcher?.close()
    await site?.close()
  },
  { timeout: 30_000 },
)

export interface JourneyOptions {
  /** Console errors this journey expects (each must appear); any other fails it. */
  expectErrors?: RegExp[]
  timeout?: number
  /** Clicks and goto do not wait for the next page to load (WebKit's WebDriver does by default). */
  noLoadWait?: boolean
  /** Only these sizes of the run (default: all). */
  sizes?: string[]
  /** Only in these engines (default: every engine of the run). */
  engines?: Engine[]
  /**
   * In these engines, a demo server of its own in production mode (`server.mjs --prod`: no service
   * worker, the API answered server-side by the same MSW handlers) instead of the run's demo site;
   * fresh for each size, so its server-wide state (the logged-in user) starts empty.
   */
  prodIn?: Engine[]
}

/**
 * A journey at every size of this run, each in a fresh profile; console errors fail it. With
 * `prodIn`, `fn` gets the journey's own prod-mode site in those engines (to hold its streams).
 */
export function journey(
  name: string,
  fn: (page: Driver, size: Size, prodSite?: DemoSite) => Promise<void>,
  options: JourneyOptions = {},
): void {
  if (ONLY.length > 0 && !ONLY.some((w) => name.toLowerCase().includes(w))) return
  if (options.engines && !options.engines.includes(ENGINE)) return
  const prod = options.prodIn?.includes(ENGINE) ?? false
  for (const size of SIZES.filter((s) => !options.sizes || options.sizes.includes(s.name))) {
    void test(
      `${name} [${ENGINE} ${size.name} ${size.width}×${size.height}${prod ? ', prod server' : ''}]`,
      { timeout: options.timeout ?? 90_000 },
      async () => {
        const own = prod ? await startDemoSite({ mode: 'prod' }) : undefined
        let page: Driver | undefined
        try {
          page = await launcher!.newPage(
            size.width,
            size.height,
            own?.baseURL ?? baseURL,
            options.noLoadWait,
          )
          await fn(page, size, own)
          const errors = (await consoleEntries(page)).filter((e) => e.type === 'error')
          const expected = options.expectErrors ?? []
          const unexpected = errors.filter((e) => !expected.some((re) => re.test(e.text)))
          if (unexpected.length > 0)
            throw new Error(
              `console errors on the page:\n${unexpected.map((e) => `  ${e.path} (${e.at ?? '?'}): ${e.text}`).join('\n')}`,
            )
        } finally {
          await page?.close()
          await own?.close()
        }
      },
    )
  }
}

export { describe }

/** Everything the page's console recorded since the profile was created. */
export function consoleEntries(page: Driver): Promise<ConsoleEntry[]> {
  return page.evaluate(
    () =>
      ((window as unknown as { __cross?: { console(): unknown[] } }).__cross?.console() ??
        []) as ConsoleEntry[],
  )
}

/** Polls `check` in Node until it returns true; the message says what was awaited. */
export async function until(what: string, check: () => Promise<boolean>, ms = WAIT): Promise<void> {
  const end = Date.now() + ms
  let last: unknown
  for (;;) {
    try {
      if (await check()) return
      last = undefined
    } catch (error) {
      last = error
    }
    if (Date.now() > end)
      throw new Error(
        `timed out after ${ms / 1000} s waiting for ${what}${last ? ` (${last instanceof Error ? last.message : JSON.stringify(last)})` : ''}`,
      )
    await sleep(150)
  }
}

type CrossWindow = {
  __cross?: {
    count(q: unknown): number
    text(q: unknown): string | null
    find(q: unknown): Element | null
    name(el: Element): string
  }
}
const wire = (q: Query) =>
  JSON.parse(
    JSON.stringify(q, (_, v: unknown) =>
      v instanceof RegExp ? { source: v.source, flags: v.flags } : v,
    ),
  ) as Query

export const count = (page: Driver, q: Query): Promise<number> =>
  page.evaluate((qq) => (window as unknown as CrossWindow).__cross?.count(qq) ?? 0, wire(q))

export const textOf = (page: Driver, q: Query): Promise<string | null> =>
  page.evaluate((qq) => (window as unknown as CrossWindow).__cross?.text(qq) ?? null, wire(q))

export const nameOf = (page: Driver, q: Query): Promise<string | null> =>
  page.evaluate((qq) => {
    const cross = (window as unknown as CrossWindow).__cross
    const el = cross?.find(qq)
    return el && cross ? cross.name(el) : null
  }, wire(q))

export const valueOf = (page: Driver, q: Query): Promise<string | null> =>
  page.evaluate((qq) => {
    const el = (window as unknown as CrossWindow).__cross?.find(qq)
    return el && 'value' in el ? (el as HTMLInputElement).value : null
  }, wire(q))

/** A checkbox's (or radio's) checked state now, or null when the element is not one. */
export const checkedOf = (page: Driver, q: Query): Promise<boolean | null> =>
  page.evaluate((qq) => {
    const el = (window as unknown as CrossWindow).__cross?.find(qq)
    return el instanceof HTMLInputElement ? el.checked : null
  }, wire(q))

export const attributeOf = (page: Driver, q: Query, name: string): Promise<string | null> =>
  page.evaluate(
    (qq, n) => (window as unknown as CrossWindow).__cross?.find(qq)?.getAttribute(n) ?? null,
    wire(q),
    name,
  )

export const visible = (page: Driver, q: Query, ms?: number) =>
  until(`${describeQuery(q)} to be visible`, async () => (await count(page, q)) > 0, ms)

export const gone = (page: Driver, q: Query, ms?: number) =>
  until(`${describeQuery(q)} to be gone`, async () => (await count(page, q)) === 0, ms)

export const hasValue = (page: Driver, q: Query, want: string) =>
  until(
    `${describeQuery(q)} to have the value "${want}"`,
    async () => (await valueOf(page, q)) === want,
  )

export const containsText = (page: Driver, q: Query, want: string | RegExp) =>
  until(`${describeQuery(q)} to contain ${String(want)}`, async () => {
    const text = (await textOf(page, q)) ?? ''
    return typeof want === 'string' ? text.includes(want) : want.test(text)
  })

/** Opens a demo page and waits until the library has mounted (or flagged) every widget tag. */
export async function open(page: Driver, path: string): Promise<void> {
  await page.goto(path)
  await widgetsSettled(page)
}

export async function widgetsSettled(page: Driver): Promise<void> {
  // What is still missing, '' once settled: a time-out then says where the page stood (the
  // document, the library, the demo's mock worker, the widgets not mounted yet).
  const missing = () =>
    page.evaluate(() => {
      const waiting = [...document.querySelectorAll('[data-widget]')]
        .filter((el) => !el.hasAttribute('data-widget-mounted'))
        .filter((el) => !el.hasAttribute('data-widget-error'))
        .map((el) => el.getAttribute('data-widget'))
      if (document.readyState !== 'loading' && window.WineWidgets && waiting.length === 0) return ''
      // Absent where service workers are not (the types say otherwise).
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      const worker = navigator.serviceWorker?.controller?.state ?? 'none'
      return `${location.pathname}: document ${document.readyState}, library ${window.WineWidgets ? 'loaded' : 'not loaded'}, mock worker controlling: ${worker}, waiting: ${waiting.join(', ') || 'none'}`
    })
  await until(
    'the widgets to mount',
    async () => {
      const state = await missing()
      if (state) throw new Error(state)
      return true
    },
    20_000,
  )
  // Retried: a page that is still being replaced (a click that did not wait for the load) may
  // answer for the previous document once.
  await until('the widgets to be ready', () =>
    page.evaluate(async () => {
      await window.WineWidgets!.ready()
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      return true
    }),
  )
}
