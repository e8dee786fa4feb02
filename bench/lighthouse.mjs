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

/** The pages: home, a wine page, the cart with lines, an index, the giftbox, quotes only. */
export const LIGHTHOUSE_PAGES = [
  '/fr/',
  '/en/wines/chateau-roquefort-lalande-bordeaux-superieur',
  '/en/cart',
  '/nl/regios',
  '/en/giftbox',
  '/bench/quotes',
]
/** The page whose lines are put in the cart before the cart page is measured. */
const CART_PAGE = '/en/cart'
const WINE_PAGE = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'
const STORE_KEY = 'wine-widgets:v1'
/** A same-origin address with no subresources, to write sessionStorage before a run. */
const BLANK = '/widgets/.vite/manifest.json'

const launch = () =>
  puppeteer.launch({ executablePath: CHROME, headless: true, args: PROD_LAUNCH_ARGS })

/** The saved store of a tab that put one wine in the cart, through the wine page's own button. */
async function cartWithLines(base) {
  const add = JSON.parse(readFileSync(join(root, 'locales', 'en.json'), 'utf8')).wineTabs.add
  const browser = await launch()
  try {
    const page = await browser.newPage()
    await page.goto(base + WINE_PAGE)
    const button = `::-p-aria([name="${add}"][role="button"])`
    await page.locator(`[data-widget="wine-tabs"] ${button}`).click()
    await page.waitForFunction(
      (key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}').cart?.lines?.length ?? 0) > 0,
      { timeout: 20_000 },
      STORE_KEY,
    )
    return await page.evaluate((key) => sessionStorage.getItem(key), STORE_KEY)
  } finally {
    await browser.close()
  }
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

/** One Lighthouse run in a fresh browser (cold cache); the cart page gets its lines first. */
async function lighthouseRun(base, path, prefix, savedCart) {
  const browser = await launch()
  try {
    const page = await browser.newPage()
    if (path === CART_PAGE && savedCart) {
      await page.goto(base + BLANK)
      await page.evaluate(
        (key, text) => {
          const state = JSON.parse(text)
          state.lastActivity = Date.now()
          sessionStorage.setItem(key, JSON.stringify(state))
        },
        STORE_KEY,
        savedCart,
      )
    }
    const result = await lighthouse(
      base + prefix + path,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // The profile is fresh (cold cache, empty storage) and the cart's lines must stay.
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
    const cartLines =
      path === CART_PAGE
        ? await page.evaluate(
            (key) => JSON.parse(sessionStorage.getItem(key) ?? '{}').cart?.lines?.length ?? 0,
            STORE_KEY,
          )
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
      cartLines,
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
    const savedCart = pages.includes(CART_PAGE) ? await cartWithLines(server.base) : null
    await warmUp(
      server.base,
      pages.flatMap((p) => [p, `/naive${p}`]),
    )
    for (const path of pages) {
      const byVariant = {}
      for (const [variant, prefix] of [
        ['library', ''],
        ['naive', '/naive'],
      ]) {
        const measured = []
        for (let i = 0; i < runs; i++)
          measured.push(await lighthouseRun(server.base, path, prefix, savedCart))
        lighthouseVersion = measured[0].lighthouse
        if (path === CART_PAGE && measured.some((m) => m.cartLines === 0))
          throw new Error(`${prefix}${path} was measured without lines in the cart`)
        byVariant[variant] = summarize(measured)
      }
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
