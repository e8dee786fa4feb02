/**
 * Lighthouse on the production-shaped demo (`demo-pages/server.mjs --prod`, as `npm run demo:prod`
 * serves it: no mock code in the pages, the API answered server-side, compressed, long-cached
 * chunks) beside a naive build of the same library (every widget eager in one file, built here in
 * the same run by `demo-pages/build-prod.mjs`, served under `/naive/…`).
 *
 * For each page: Lighthouse's performance score, FCP, LCP, TBT, CLS (default mobile emulation and
 * simulated throttling, headless Chromium, a fresh profile per run: cold cache), the page's total
 * transfer and the library's (the files under `/widgets/`, or `/naive-widgets/` for the naive
 * build: JS and CSS as sent, compressed), medians of `runs`. Each page's library bytes and score
 * are also given as a ratio to the same page on the naive build.
 *
 * Called by bench/run.mjs (`npm run bench`; `node bench/run.mjs --lighthouse-only`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { markdownTable, median, PROD_LAUNCH_ARGS, startProdWithNaive } from './serve.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The pages: home, a wine page, the cart (with lines, logged out), an index, the giftbox,
 * quotes only; and the cart page in its two other states, named by a fragment the server ignores:
 * empty, and with lines logged in (where shoppers pay).
 */
export const LIGHTHOUSE_PAGES = [
  '/fr/',
  '/en/wines/chateau-roquefort-lalande-bordeaux-superieur',
  '/en/cart',
  '/en/cart#empty',
  '/en/cart#logged-in',
  '/nl/regios',
  '/en/giftbox',
  '/bench/quotes',
]
/** What each cart page has before it is measured: lines, and whether Claire is logged in. */
const CART_STATES = {
  '/en/cart': { lines: true, loggedIn: false },
  '/en/cart#empty': { lines: false, loggedIn: false },
  '/en/cart#logged-in': { lines: true, loggedIn: true },
}
const WINE_PAGE = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'
const LOGIN_PAGE = '/en/login'
const CLAIRE = { email: 'claire@example.com', password: 'droplets-420' }
const STORE_KEY = 'wine-widgets:v1'
/** A same-origin address with no subresources, to write the storage before a run. */
const BLANK = '/widgets/.vite/manifest.json'

const launch = () =>
  puppeteer.launch({ executablePath: CHROME, headless: true, args: PROD_LAUNCH_ARGS })

/**
 * The browser state of a tab that put one wine in the cart through the wine page's own button,
 * after logging in on the login page when asked: the tab's saved store (sessionStorage), the
 * shared cart (localStorage) and the cookies (the demo back office's session).
 */
async function seedCart(base, { loggedIn }) {
  const en = JSON.parse(readFileSync(join(root, 'locales', 'en.json'), 'utf8'))
  const browser = await launch()
  try {
    const page = await browser.newPage()
    if (loggedIn) {
      await page.goto(base + LOGIN_PAGE)
      const form = '[data-widget="login"][data-widget-mounted]'
      await page.locator(`${form} ::-p-aria([name="${en.login.email}"])`).fill(CLAIRE.email)
      await page.locator(`${form} input[type="password"]`).fill(CLAIRE.password)
      // Enter submits, as a shopper may: the consent banner (left undecided, as on every
      // measured page) covers the button at this size.
      await page.keyboard.press('Enter')
      await page.waitForFunction(
        (key) => JSON.parse(sessionStorage.getItem(key) ?? '{}').session?.isLoggedIn === true,
        {
          timeout: 20_000,
        },
        STORE_KEY,
      )
    }
    await page.goto(base + WINE_PAGE)
    const button = `::-p-aria([name="${en.wineTabs.add}"][role="button"])`
    await page.locator(`[data-widget="wine-tabs"] ${button}`).click()
    await page.waitForFunction(
      (key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}').cart?.lines?.length ?? 0) > 0,
      {
        timeout: 20_000,
      },
      STORE_KEY,
    )
    const storage = await page.evaluate(() => ({
      session: { ...sessionStorage },
      local: { ...localStorage },
    }))
    return { ...storage, cookies: await page.cookies() }
  } finally {
    await browser.close()
  }
}

/** Ends the demo back office's session (the logout call, with its CSRF token). */
async function logOut(base) {
  const browser = await launch()
  try {
    const page = await browser.newPage()
    await page.goto(base + BLANK)
    const answer = await page.evaluate(async () => {
      const token = await (await fetch('/cp/auth/token')).text()
      const response = await fetch('/login/logoutuser', { headers: { 'X-CSRF-TOKEN': token } })
      return response.json()
    })
    if (answer?.isLoggedOut !== true) throw new Error(`logout failed: ${JSON.stringify(answer)}`)
  } finally {
    await browser.close()
  }
}

/** Puts a seeded state in a fresh profile, its activity times moved to now (so none expires). */
async function applySeed(page, base, seed) {
  if (seed.cookies.length > 0) await page.setCookie(...seed.cookies)
  await page.goto(base + BLANK)
  await page.evaluate((state) => {
    const fresh = (text) => {
      try {
        const value = JSON.parse(text)
        if (value && typeof value === 'object' && 'lastActivity' in value) {
          value.lastActivity = Date.now()
          return JSON.stringify(value)
        }
      } catch {
        // Not JSON: kept as it is.
      }
      return text
    }
    for (const [key, text] of Object.entries(state.session))
      sessionStorage.setItem(key, fresh(text))
    for (const [key, text] of Object.entries(state.local)) localStorage.setItem(key, fresh(text))
  }, seed)
}

/** Compress-and-cache every file a page uses once, so no run pays the server's first brotli. */
async function warmUp(base, paths) {
  const browser = await launch()
  try {
    for (const path of paths) {
      const page = await browser.newPage()
      await page.goto(base + path, { waitUntil: 'networkidle0' })
      await page.close()
    }
  } finally {
    await browser.close()
  }
}

/** One Lighthouse run in a fresh browser (cold cache); a cart page gets its state first. */
async function lighthouseRun(base, path, prefix, seed) {
  const browser = await launch()
  try {
    const page = await browser.newPage()
    if (seed) await applySeed(page, base, seed)
    const result = await lighthouse(
      base + prefix + path,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // The profile is fresh (cold cache, empty storage) and a cart's seeded state must stay.
        disableStorageReset: true,
      },
      undefined,
      page,
    )
    const lhr = result?.lhr
    if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`)
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`)
    // BENCH_LH_DUMP=dir keeps each run's full report, to read its LCP breakdown and request chain.
    const dump = process.env.BENCH_LH_DUMP
    if (dump) {
      mkdirSync(dump, { recursive: true })
      const name = `${prefix || '/library'}${path}`.replace(/[^a-z0-9]+/gi, '-')
      writeFileSync(join(dump, `${name}-${Date.now()}.json`), JSON.stringify(lhr))
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN
    const libraryPrefix = prefix ? '/naive-widgets/' : '/widgets/'
    const requests = lhr.audits['network-requests']?.details?.items ?? []
    const library = requests.filter((r) => new URL(r.url).pathname.startsWith(libraryPrefix))
    const cartState =
      path in CART_STATES
        ? await page.evaluate((key) => {
            const store = JSON.parse(sessionStorage.getItem(key) ?? '{}')
            return {
              lines: (store.cart?.lines?.length ?? 0) > 0,
              loggedIn: store.session?.isLoggedIn === true,
            }
          }, STORE_KEY)
        : null
    return {
      score: (lhr.categories.performance.score ?? NaN) * 100,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      totalKB: audit('total-byte-weight') / 1024,
      libraryKB: library.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      libraryRequests: library.length,
      cartState,
      lighthouse: lhr.lighthouseVersion,
    }
  } finally {
    await browser.close()
  }
}

const FIGURES = [
  'score',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'cls',
  'totalKB',
  'libraryKB',
  'libraryRequests',
]

function summarize(runs) {
  const out = { runs: runs.length }
  for (const key of FIGURES) out[key] = median(runs.map((r) => r[key]))
  return out
}

/**
 * Build the API and the naive bundle, serve prod mode, run Lighthouse on `pages` (each on the
 * library and on the naive build), and return the medians with the ratios to naive.
 */
export async function runLighthouse({ runs, pages = LIGHTHOUSE_PAGES, log = console.log }) {
  const { server } = await startProdWithNaive(log)
  const results = []
  let lighthouseVersion = ''
  try {
    await warmUp(
      server.base,
      pages.flatMap((p) => [p, `/naive${p}`]),
    )
    for (const path of pages) {
      // Seeded right before its runs: the demo back office has one session for all its visitors,
      // so Claire's login lasts only as long as the logged-in page is measured.
      const state = CART_STATES[path]
      const seed = state?.lines ? await seedCart(server.base, state) : undefined
      const byVariant = {}
      for (const [variant, prefix] of [
        ['library', ''],
        ['naive', '/naive'],
      ]) {
        const measured = []
        for (let i = 0; i < runs; i++)
          measured.push(await lighthouseRun(server.base, path, prefix, seed))
        lighthouseVersion = measured[0].lighthouse
        const wrong = measured.find(
          (m) =>
            state && (m.cartState.lines !== state.lines || m.cartState.loggedIn !== state.loggedIn),
        )
        if (wrong)
          throw new Error(
            `${prefix}${path} was measured in another state: ${JSON.stringify(wrong.cartState)}`,
          )
        byVariant[variant] = summarize(measured)
      }
      if (state?.loggedIn) await logOut(server.base)
      const { library, naive } = byVariant
      results.push({
        path,
        ...library,
        naive,
        bytesRatio: library.libraryKB / naive.libraryKB,
        scoreRatio: library.score / naive.score,
        tbtRatio: library.tbtMs / naive.tbtMs,
        lcpRatio: library.lcpMs / naive.lcpMs,
      })
      log(`[bench] lighthouse ${path} ✓`)
    }
  } finally {
    server.stop()
  }
  return { date: new Date().toISOString(), lighthouse: lighthouseVersion, runs, pages: results }
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-')

/** The Lighthouse table (markdown), one row per page: ours, naive's, and ours × naive. */
export function lighthouseTable({ pages }) {
  const head = [
    'page',
    'score',
    'LCP ms',
    'TBT ms',
    'CLS',
    'library KB',
    'naive score',
    'naive LCP ms',
    'naive TBT ms',
    'naive library KB',
    'score × naive',
    'LCP × naive',
    'TBT × naive',
    'bytes × naive',
  ]
  const rows = pages.map((p) => [
    p.path,
    fmt(p.score),
    fmt(p.lcpMs),
    fmt(p.tbtMs),
    fmt(p.cls, 3),
    fmt(p.libraryKB, 1),
    fmt(p.naive.score),
    fmt(p.naive.lcpMs),
    fmt(p.naive.tbtMs),
    fmt(p.naive.libraryKB, 1),
    fmt(p.scoreRatio, 2),
    fmt(p.lcpRatio, 2),
    fmt(p.tbtRatio, 2),
    fmt(p.bytesRatio, 2),
  ])
  return markdownTable(head, rows)
}

export { lighthouseProblems } from './lighthouse-budget.mjs'
