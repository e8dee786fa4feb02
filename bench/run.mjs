/**
 * Performance harness: loads every demo page (demo-pages/routes.json) in Chromium and records,
 * for our library only (requests under /widgets/; the demo's /demo/ scripts and MSW are excluded):
 * JS bytes (raw and gzip), number of requests (all, and JS alone), the waterfall depth (longest
 * chain of requests each started after the previous one finished), time from navigation start
 * to every widget mounted (or failed), and long tasks. Each page runs RUNS times with a cold cache; medians are reported,
 * written to bench/results.json and checked against bench/budget.json (exit 1 when over budget).
 *
 *   npm run bench                       (builds dist/ and dist-demo/ first)
 *   BENCH_RUNS=3 node bench/run.mjs     (with dist/ and dist-demo/ already built)
 *   node bench/run.mjs /en/ /bench/quotes   (only these pages; the budget check covers only them)
 *   BENCH_BUDGET=other.json node bench/run.mjs   (check against another budget file)
 *
 * Then what a five-page visit costs the shop's server (bench/origin.mjs: account calls and
 * collection reads, anonymous and logged in, against `origin` in the budget):
 *
 *   node bench/run.mjs origin --no-lighthouse   (that count alone)
 *
 * Then Interaction to Next Paint (bench/inp.mjs: web-vitals' INP of nine interactions on the
 * production-shaped demo at 390 × 844, touch, 4× CPU slowdown, beside the naive one-file build;
 * medians of BENCH_RUNS, default 3; checked against `inp` in the budget):
 *
 *   node bench/run.mjs inp          (that measurement alone; needs dist/ built)
 *   node bench/run.mjs inp cartPlus (only these interactions, by id: bench/inp.mjs INTERACTIONS)
 *
 * Then Lighthouse (bench/lighthouse.mjs) on the production-shaped demo (`npm run demo:prod`'s
 * server) for the six pages, beside a naive one-file build of the library built in the same
 * run: score, FCP, LCP, TBT, CLS, bytes, and the ratios to naive (medians of BENCH_RUNS, default 3
 * for Lighthouse; checked against `lighthouse` in the budget).
 *
 *   node bench/run.mjs --lighthouse-only            (only Lighthouse; needs dist/ built)
 *   node bench/run.mjs --lighthouse-only /en/cart   (only Lighthouse, only this page)
 *   node bench/run.mjs --no-lighthouse              (only the demo measurements above; runs
 *                                                    without the lighthouse package)
 *   BENCH_NAIVE_DIR=/tmp/naive   (where the naive build goes; default a new temp dir)
 *   CHROME_PATH=/usr/bin/chromium (the Chromium Lighthouse drives; CHROMIUM_PATH works too)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve as resolvePath } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { markdownTable, median, startDemoServer } from './serve.mjs'
import { measureOrigin, originProblems, originTable } from './origin.mjs'
import { INTERACTIONS, inpBreakdown, inpProblems, inpTable, runInp } from './inp.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
/** Lighthouse runs are slow (about 15 s each, 12 per run): the medians of 3 by default. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_RUNS ?? 3)
/** INP: a throttled load per interaction and build (about 15 s each): medians of 3 by default. */
const INP_RUNS = Number(process.env.BENCH_RUNS ?? 3)
/** The words that name a measurement rather than a demo page. */
const INP_IDS = INTERACTIONS.map((i) => i.id)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ENTRY = '/widgets/wine-widgets.js'
/** The reserved-space stylesheet the CMS links in <head> (README "Reserved space"): no JS. */
const RESERVE_CSS = '/widgets/wine-widgets.css'
const VENDOR = /^vendor-/
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const readJson = (relative) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'))
const kb = (bytes) => bytes / 1024
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-')

/** Raw and gzip size of each library file, fetched once (the files do not change between runs). */
const sizes = new Map()
async function sizeOf(base, path) {
  if (!sizes.has(path)) {
    const body = Buffer.from(await (await fetch(base + path)).arrayBuffer())
    sizes.set(path, { raw: body.length, gzip: gzipSync(body).length })
  }
  return sizes.get(path)
}

/** Runs in the page before anything else: long tasks and the moment every widget has settled. */
function instrument() {
  const bench = { mountedAt: null, longTasks: [] }
  window.__bench = bench
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: true })
  const settled = () =>
    document.readyState !== 'loading' &&
    window.WineWidgets !== undefined &&
    [...document.querySelectorAll('[data-widget]')].every(
      (el) => el.hasAttribute('data-widget-mounted') || el.hasAttribute('data-widget-error'),
    )
  const timer = setInterval(() => {
    if (bench.mountedAt === null && settled()) {
      bench.mountedAt = performance.now()
      clearInterval(timer)
    }
  }, 5)
}

/**
 * The longest chain of library requests up to the mount, each started only after the one before
 * it had finished (network timing): 1 = the entry alone, 2 = the entry, then everything the
 * widgets need requested together (the target). A request that starts before any other
 * has finished is level 1; otherwise one more than the deepest of those finished before it began.
 */
function waterfallDepth(requests) {
  const spans = requests
    .map((r) => {
      const t = r.timing()
      return { start: t.startTime, end: t.startTime + Math.max(t.responseEnd, 0) }
    })
    .sort((a, b) => a.start - b.start)
  for (const span of spans) {
    const before = spans.filter((o) => o !== span && o.level && o.end <= span.start)
    span.level = 1 + Math.max(0, ...before.map((o) => o.level))
  }
  return Math.max(0, ...spans.map((s) => s.level))
}

/** Query strings some routes need to show their real content (reset-password). */
const ROUTE_QUERY = new Map()

async function measure(browser, base, path) {
  const context = await browser.newContext()
  await context.addInitScript(instrument)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const requested = []
  const finished = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === base && url.pathname.startsWith('/widgets/')) requested.push(url.pathname)
  })
  page.on('requestfinished', (request) => {
    const url = new URL(request.url())
    // The reserve stylesheet is the page's <head>, loaded before any script: not in the chain.
    if (url.origin === base && url.pathname.startsWith('/widgets/') && url.pathname !== RESERVE_CSS)
      finished.push(request)
  })
  await page.goto(base + path + (ROUTE_QUERY.get(path) ?? ''))
  await page.waitForFunction(() => window.__bench.mountedAt !== null, null, { timeout: 20_000 })
  // Let the mount's last tasks finish and report.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
  )
  const { mountedAt, longTasks } = await page.evaluate(() => window.__bench)
  const depth = waterfallDepth(finished)
  await context.close()

  const files = [...new Set(requested)]
  const js = files.filter((f) => f.endsWith('.js'))
  let raw = 0
  let gzip = 0
  let ours = 0
  let vendor = 0
  for (const file of js) {
    const size = await sizeOf(base, file)
    raw += size.raw
    gzip += size.gzip
    if (VENDOR.test(file.split('/').pop())) vendor += size.gzip
    else ours += size.gzip
  }
  return {
    files,
    requests: requested.length,
    jsRequests: js.length,
    depth,
    rawKB: kb(raw),
    gzipKB: kb(gzip),
    ourCodeGzipKB: kb(ours),
    vendorGzipKB: kb(vendor),
    mountMs: mountedAt,
    longTaskCount: longTasks.length,
    longTaskMs: longTasks.reduce((a, b) => a + b, 0),
  }
}

/** The search widget: the keystrokes typed in its box, waiting for each one's results. */
const SEARCH_PAGE = '/fr/'
const SEARCH_KEYS = [
  ...'bordeaux',
  ...Array(8).fill('Backspace'),
  ...'syrah',
  ...Array(5).fill('Backspace'),
  ...'chateau',
  ...Array(7).fill('Backspace'),
  ...'pinot',
  ...Array(5).fill('Backspace'),
] // 50 keystrokes

/**
 * Opens the search modal on SEARCH_PAGE and records: the gzip size of the files the opening
 * loads (the search panel's chunk: InstantSearch, the search client, the panel), and for each of
 * the 50 keystrokes the time from its keydown to the commit of the results that answer the new
 * query (the panel marks them with `data-query` on its status line).
 */
async function measureSearch(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const requested = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === base && url.pathname.startsWith('/widgets/')) requested.push(url.pathname)
  })
  await page.goto(base + SEARCH_PAGE)
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-widget]')].every(
      (el) => el.hasAttribute('data-widget-mounted') || el.hasAttribute('data-widget-error'),
    ),
  )
  const before = new Set(requested)
  const trigger = page.locator('[data-widget="search"] button')
  await trigger.click()
  const status = page.locator('[role="dialog"] [role="status"][data-query]')
  await status.first().waitFor({ timeout: 20_000 })
  // The header button is in the site widgets' chunk (mount/bundles.ts).
  const triggerFiles = [...before].filter((f) => /\/site-[^/]*\.js$/.test(f))
  const panelFiles = [...new Set(requested)].filter((f) => !before.has(f) && f.endsWith('.js'))
  const gzipOf = async (files) => {
    let total = 0
    for (const file of files) total += (await sizeOf(base, file)).gzip
    return kb(total)
  }

  const input = page.getByRole('dialog').getByRole('searchbox')
  await input.focus()
  await page.evaluate(() => {
    const box = document.querySelector('[role="dialog"] input[type="search"]')
    const line = document.querySelector('[role="dialog"] [role="status"][data-query]')
    const state = { down: 0, answered: [] }
    window.__search = state
    box.addEventListener('keydown', () => (state.down = performance.now()), true)
    new MutationObserver(() => {
      state.answered.push({ query: line.dataset.query, at: performance.now() })
    }).observe(line, { attributes: true, attributeFilter: ['data-query'] })
  })
  const times = []
  for (const key of SEARCH_KEYS) {
    const expected = await page.evaluate(() => window.__search.answered.length)
    await page.keyboard.press(key)
    const value = await input.inputValue()
    const handle = await page.waitForFunction(
      ({ value, from }) => {
        const { down, answered } = window.__search
        const hit = answered.slice(from).find((a) => a.query === value && a.at >= down)
        return hit ? hit.at - down : null
      },
      { value, from: expected },
      { timeout: 10_000 },
    )
    times.push(await handle.jsonValue())
  }
  await context.close()
  return {
    page: SEARCH_PAGE,
    triggerChunkGzipKB: await gzipOf(triggerFiles),
    panelGzipKB: await gzipOf(panelFiles),
    panelFiles,
    keystrokes: times.length,
    keystrokeMedianMs: median(times),
    keystrokeMaxMs: Math.max(...times),
  }
}

function summarize(path, runs) {
  const pick = (key) => median(runs.map((r) => r[key]))
  return {
    path,
    runs: runs.length,
    files: runs[0].files,
    requests: pick('requests'),
    jsRequests: pick('jsRequests'),
    depth: pick('depth'),
    rawKB: pick('rawKB'),
    gzipKB: pick('gzipKB'),
    ourCodeGzipKB: pick('ourCodeGzipKB'),
    vendorGzipKB: pick('vendorGzipKB'),
    mountMs: pick('mountMs'),
    longTaskCount: pick('longTaskCount'),
    longTaskMs: pick('longTaskMs'),
  }
}

function printTable(entry, reserve, pages) {
  const head = [
    'page',
    'JS raw KB',
    'JS gzip KB',
    'our code gzip KB',
    'requests',
    'JS requests',
    'depth',
    'mount ms',
    'long tasks',
    'long-task ms',
  ]
  const rows = pages.map((p) => [
    p.path,
    fmt(p.rawKB),
    fmt(p.gzipKB),
    fmt(p.ourCodeGzipKB),
    String(p.requests),
    String(p.jsRequests),
    String(p.depth),
    fmt(p.mountMs, 0),
    fmt(p.longTaskCount, 0),
    fmt(p.longTaskMs, 0),
  ])
  rows.unshift([
    `entry ${ENTRY}`,
    fmt(entry.rawKB),
    fmt(entry.gzipKB),
    fmt(entry.gzipKB),
    '1',
    '1',
    '1',
    '',
    '',
    '',
  ])
  rows.splice(1, 0, [
    `stylesheet ${RESERVE_CSS} (CSS)`,
    fmt(reserve.rawKB),
    fmt(reserve.gzipKB),
    fmt(reserve.gzipKB),
    '1',
    '',
    '',
    '',
    '',
    '',
  ])
  console.log(markdownTable(head, rows))
}

/** Every figure over budget, as readable lines. */
function overBudget(budget, entry, reserve, pages, search) {
  const problems = []
  const limits = [
    ['gzipKB', 'maxGzipKB', 'JS gzip KB'],
    ['ourCodeGzipKB', 'maxOurCodeGzipKB', 'our code gzip KB'],
    ['requests', 'maxRequests', 'requests'],
    ['jsRequests', 'maxJsRequests', 'JS requests'],
    ['depth', 'maxDepth', 'waterfall depth'],
    ['mountMs', 'maxMountMs', 'mount ms'],
    ['longTaskMs', 'maxLongTaskMs', 'long-task ms'],
  ]
  if (budget.reserve?.maxGzipKB !== undefined && reserve.gzipKB > budget.reserve.maxGzipKB) {
    problems.push(
      `stylesheet ${RESERVE_CSS}: gzip ${fmt(reserve.gzipKB)} KB > ${budget.reserve.maxGzipKB} KB`,
    )
  }
  if (budget.entry?.maxGzipKB !== undefined && entry.gzipKB > budget.entry.maxGzipKB) {
    problems.push(`entry ${ENTRY}: gzip ${fmt(entry.gzipKB)} KB > ${budget.entry.maxGzipKB} KB`)
  }
  for (const page of pages) {
    const rule = { ...budget.default, ...budget.pages?.[page.path] }
    for (const [figure, key, label] of limits) {
      if (rule[key] !== undefined && page[figure] > rule[key]) {
        problems.push(`${page.path}: ${label} ${fmt(page[figure])} > ${rule[key]}`)
      }
    }
    // A page without widgets loads the entry and the head's reserve stylesheet, nothing else.
    if (
      rule.entryOnly &&
      (!page.files.includes(ENTRY) || page.files.some((f) => f !== ENTRY && f !== RESERVE_CSS))
    ) {
      problems.push(
        `${page.path}: must load ${ENTRY} (and ${RESERVE_CSS}) alone, loaded ${page.files.join(', ')}`,
      )
    }
  }
  if (search && budget.search) {
    for (const [figure, key, label] of [
      ['triggerChunkGzipKB', 'maxTriggerChunkGzipKB', 'header chunk (site widgets) gzip KB'],
      ['panelGzipKB', 'maxPanelGzipKB', 'panel chunk gzip KB'],
      ['keystrokeMedianMs', 'maxKeystrokeMedianMs', 'keystroke-to-results median ms'],
    ]) {
      if (budget.search[key] !== undefined && search[figure] > budget.search[key])
        problems.push(`search: ${label} ${fmt(search[figure])} > ${budget.search[key]}`)
    }
  }
  return problems
}

/** bench/lighthouse.mjs, or a clear exit when the lighthouse package is not installed. */
async function importLighthouse() {
  try {
    return await import('./lighthouse.mjs')
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error
    console.error(
      `[bench] ${error.message}\n[bench] run npm install (devDependency lighthouse), or --no-lighthouse.`,
    )
    process.exit(1)
  }
}

async function main() {
  const args = process.argv.slice(2)
  const lighthouseOnly = args.includes('--lighthouse-only')
  const words = args.filter((a) => !a.startsWith('--'))
  // `inp` runs the INP measurement (alone when it is the only word); interaction ids narrow it.
  const inpOnly = words.filter((w) => INP_IDS.includes(w))
  const only = words.filter((w) => w !== 'inp' && !INP_IDS.includes(w))
  const withInp =
    !lighthouseOnly && (words.length === 0 || words.includes('inp') || inpOnly.length > 0)
  const withDemo = !lighthouseOnly && (words.length === 0 || only.length > 0)
  const withLighthouse =
    !args.includes('--no-lighthouse') && (words.length === 0 || only.length > 0 || lighthouseOnly)
  for (const file of ['dist/wine-widgets.js', ...(withDemo ? ['dist-demo/demo.js'] : [])]) {
    if (!existsSync(new URL(`../${file}`, import.meta.url))) {
      console.error(
        `[bench] ${file} is missing: run npm run build && npm run build:demo (or npm run bench).`,
      )
      process.exit(1)
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(
      `[bench] Chromium not found at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH.`,
    )
    process.exit(1)
  }
  const budgetFile = process.env.BENCH_BUDGET ?? 'bench/budget.json'
  const budget = JSON.parse(readFileSync(resolvePath(root, budgetFile), 'utf8'))
  // Loaded only when used: `--no-lighthouse` runs without the lighthouse package installed.
  const lh = withLighthouse ? await importLighthouse() : null
  const lighthousePages = !lh
    ? []
    : lighthouseOnly && only.length > 0
      ? only
      : lh.LIGHTHOUSE_PAGES.filter((p) => words.length === 0 || only.includes(p))

  let demo = null
  if (withDemo) demo = await measureDemo(only, budget)

  let inp = null
  if (withInp) {
    inp = await runInp({ runs: INP_RUNS, only: inpOnly })
    console.log(
      `\nInteraction to Next Paint (web-vitals ${inp.webVitals}, attribution build) on npm run` +
        ` demo:prod, Chromium ${inp.chromium} ${inp.headed ? '(headed, on Xvfb)' : '(headless)'}` +
        ` at 390 × 844 (touch), ${inp.cpuSlowdown}× CPU` +
        ` slowdown, medians of ${inp.runs} fresh loads per interaction and build (load average` +
        ` ${inp.loadAverage.join(' → ')}); naive = the same library in one file.` +
        ` Target: ≤ ${budget.inp?.maxMs} ms and ours ≤ naive + ${budget.inp?.maxOverNaiveMs} ms` +
        ` (INP is counted in 8 ms steps: one step of noise).\n`,
    )
    console.log(inpTable(inp, budget.inp))
    console.log(`\nWhere the median run's time went (web-vitals attribution, ms):\n`)
    console.log(inpBreakdown(inp))
  }

  let lighthouse = null
  if (lh && lighthousePages.length > 0) {
    lighthouse = await lh.runLighthouse({ runs: LIGHTHOUSE_RUNS, pages: lighthousePages })
    console.log(
      `\nLighthouse ${lighthouse.lighthouse} on npm run demo:prod (mobile emulation, simulated` +
        ` throttling, cold cache), medians of ${LIGHTHOUSE_RUNS}; library KB = /widgets/ files as` +
        ` sent (compressed); naive = the same library in one file (every widget eager).\n`,
    )
    console.log(lh.lighthouseTable(lighthouse))
  }

  const resultsFile = new URL('./results.json', import.meta.url)
  let previous = {}
  try {
    previous = JSON.parse(readFileSync(resultsFile, 'utf8'))
  } catch {
    // first run
  }
  writeFileSync(
    resultsFile,
    JSON.stringify(
      {
        ...previous,
        ...(demo?.results ?? {}),
        date: new Date().toISOString(),
        ...(lighthouse ? { lighthouse } : {}),
        ...(inp ? { inp } : {}),
      },
      null,
      2,
    ) + '\n',
  )
  console.log('\nWrote bench/results.json')

  // The issues' targets are reported, not enforced: the budget holds the rule (ahead of naive).
  const targets = budget.lighthouse?.targets && {
    tbtFloorMs: budget.lighthouse.tbtFloorMs,
    ...budget.lighthouse.targets,
  }
  const unmet = lighthouse ? lh.lighthouseProblems(targets, lighthouse) : []
  if (unmet.length > 0)
    console.log(`\nTargets not met yet (budget.lighthouse.targets):\n  ${unmet.join('\n  ')}`)
  const problems = [
    ...(demo?.problems ?? []),
    ...(lighthouse ? lh.lighthouseProblems(budget.lighthouse, lighthouse) : []),
    ...(inp ? inpProblems(inp, budget.inp) : []),
  ]
  if (problems.length > 0) {
    console.error(`\nOver budget (${budgetFile}):\n  ${problems.join('\n  ')}`)
    process.exit(1)
  }
  console.log(`Within budget (${budgetFile}).`)
}

/** The demo measurements (npm run demo's server, MSW in the page): table, results, problems. */
async function measureDemo(only, budget) {
  const allRoutes = readJson('../demo-pages/routes.json').routes
  for (const r of allRoutes) if (r.query) ROUTE_QUERY.set(r.path, r.query)
  const paths = allRoutes.map((r) => r.path).filter((p) => only.length === 0 || only.includes(p))
  // `node bench/run.mjs search` runs the search measurement alone; `origin` the visit's count.
  const runSearch = only.length === 0 || only.includes('search')
  const runOrigin = only.length === 0 || only.includes('origin')

  const server = await startDemoServer()
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: LAUNCH_ARGS,
  })
  const version = browser.version()
  const pages = []
  let entry
  let reserve
  let search = null
  let origin = null
  try {
    entry = await sizeOf(server.base, ENTRY)
    entry = { rawKB: kb(entry.raw), gzipKB: kb(entry.gzip) }
    const css = await sizeOf(server.base, RESERVE_CSS)
    reserve = { rawKB: kb(css.raw), gzipKB: kb(css.gzip) }
    for (const path of paths) {
      const runs = []
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.base, path))
      pages.push(summarize(path, runs))
      process.stdout.write(`[bench] ${path} ✓\n`)
    }
    if (runSearch) {
      search = await measureSearch(browser, server.base)
      process.stdout.write(`[bench] search ✓\n`)
    }
    if (runOrigin) {
      origin = await measureOrigin(browser, server.base)
      process.stdout.write(`[bench] origin ✓\n`)
    }
  } finally {
    await browser.close()
    server.stop()
  }

  console.log(
    `\nMedians of ${RUNS} cold loads per page, Chromium ${version}; library requests only (/widgets/).\n`,
  )
  printTable(entry, reserve, pages)
  const quotes = pages.find((p) => p.path === budget.quotesOnlyPage)
  if (quotes) {
    console.log(
      `\nour code on ${quotes.path} (gzip of /widgets/ JS without vendor-* chunks): ${fmt(quotes.ourCodeGzipKB)} KB` +
        ` (+ ${fmt(quotes.vendorGzipKB)} KB of vendor-* chunks)`,
    )
  }
  if (search) {
    console.log(
      `\nsearch on ${search.page}: header chunk (site widgets) ${fmt(search.triggerChunkGzipKB)} KB gzip,` +
        ` panel loaded on opening ${fmt(search.panelGzipKB)} KB gzip (${search.panelFiles.length} files);` +
        ` keystroke → results median ${fmt(search.keystrokeMedianMs, 0)} ms` +
        ` (max ${fmt(search.keystrokeMaxMs, 0)} ms) over ${search.keystrokes} keystrokes`,
    )
  }
  if (origin) {
    console.log(
      `\nWhat a visit costs the shop's server (${budget.origin?.visit ?? 'five pages'}): requests to` +
        ` the origin per page, as total (account calls + collection reads); target per visitor.\n`,
    )
    console.log(originTable(origin, budget.origin))
  }
  return {
    results: { runs: RUNS, chromium: version, entry, reserve, pages, search, origin },
    problems: [
      ...overBudget(budget, entry, reserve, pages, search),
      ...(origin ? originProblems(origin, budget.origin) : []),
    ],
  }
}

await main()
