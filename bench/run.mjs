/**
 * Performance harness: loads every demo page (demo-pages/routes.json) in Chromium and records,
 * for our library only (requests under /widgets/; the demo's /demo/ scripts and MSW are excluded):
 * JS bytes (raw and gzip), number of requests, time from navigation start to every widget mounted
 * (or failed), and long tasks. Each page runs RUNS times with a cold cache; medians are reported,
 * written to bench/results.json and checked against bench/budget.json (exit 1 when over budget).
 *
 *   npm run bench                       (builds dist/ and dist-demo/ first)
 *   BENCH_RUNS=3 node bench/run.mjs     (with dist/ and dist-demo/ already built)
 *   node bench/run.mjs /en/ /bench/quotes   (only these pages; the budget check covers only them)
 *   BENCH_BUDGET=other.json node bench/run.mjs   (check against another budget file)
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve as resolvePath } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ENTRY = '/widgets/wine-widgets.js'
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

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function startServer(port) {
  const child = spawn(process.execPath, ['demo-pages/server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`the demo server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/`)).ok) return { base, stop: () => child.kill('SIGTERM') }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGTERM')
  throw new Error('the demo server did not start within 10 s')
}

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
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === base && url.pathname.startsWith('/widgets/')) requested.push(url.pathname)
  })
  await page.goto(base + path + (ROUTE_QUERY.get(path) ?? ''))
  await page.waitForFunction(() => window.__bench.mountedAt !== null, null, { timeout: 20_000 })
  // Let the mount's last tasks finish and report.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
  )
  const { mountedAt, longTasks } = await page.evaluate(() => window.__bench)
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
  const triggerFiles = [...before].filter((f) => /\/Search-[^/]*\.js$/.test(f))
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
    rawKB: pick('rawKB'),
    gzipKB: pick('gzipKB'),
    ourCodeGzipKB: pick('ourCodeGzipKB'),
    vendorGzipKB: pick('vendorGzipKB'),
    mountMs: pick('mountMs'),
    longTaskCount: pick('longTaskCount'),
    longTaskMs: pick('longTaskMs'),
  }
}

function printTable(entry, pages) {
  const head = [
    'page',
    'JS raw KB',
    'JS gzip KB',
    'our code gzip KB',
    'requests',
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
    '',
    '',
    '',
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells) =>
    '| ' +
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') +
    ' |'
  console.log(line(head))
  console.log(
    '|' +
      widths
        .map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':'))
        .join('|') +
      '|',
  )
  for (const r of rows) console.log(line(r))
}

/** Every figure over budget, as readable lines. */
function overBudget(budget, entry, pages, search) {
  const problems = []
  const limits = [
    ['gzipKB', 'maxGzipKB', 'JS gzip KB'],
    ['ourCodeGzipKB', 'maxOurCodeGzipKB', 'our code gzip KB'],
    ['requests', 'maxRequests', 'requests'],
    ['mountMs', 'maxMountMs', 'mount ms'],
    ['longTaskMs', 'maxLongTaskMs', 'long-task ms'],
  ]
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
    if (rule.entryOnly && (page.files.length !== 1 || page.files[0] !== ENTRY)) {
      problems.push(`${page.path}: must load ${ENTRY} alone, loaded ${page.files.join(', ')}`)
    }
  }
  if (search && budget.search) {
    for (const [figure, key, label] of [
      ['triggerChunkGzipKB', 'maxTriggerChunkGzipKB', 'header button chunk gzip KB'],
      ['panelGzipKB', 'maxPanelGzipKB', 'panel chunk gzip KB'],
      ['keystrokeMedianMs', 'maxKeystrokeMedianMs', 'keystroke-to-results median ms'],
    ]) {
      if (budget.search[key] !== undefined && search[figure] > budget.search[key])
        problems.push(`search: ${label} ${fmt(search[figure])} > ${budget.search[key]}`)
    }
  }
  return problems
}

async function main() {
  for (const file of ['dist/wine-widgets.js', 'dist-demo/demo.js']) {
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
  const only = process.argv.slice(2)
  const allRoutes = readJson('../demo-pages/routes.json').routes
  for (const r of allRoutes) if (r.query) ROUTE_QUERY.set(r.path, r.query)
  const paths = allRoutes.map((r) => r.path).filter((p) => only.length === 0 || only.includes(p))
  // `node bench/run.mjs search` runs the search measurement alone.
  const runSearch = only.length === 0 || only.includes('search')
  const budgetFile = process.env.BENCH_BUDGET ?? 'bench/budget.json'
  const budget = JSON.parse(readFileSync(resolvePath(root, budgetFile), 'utf8'))

  const server = await startServer(await freePort())
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: LAUNCH_ARGS,
  })
  const version = browser.version()
  const pages = []
  let entry
  let search = null
  try {
    entry = await sizeOf(server.base, ENTRY)
    entry = { rawKB: kb(entry.raw), gzipKB: kb(entry.gzip) }
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
  } finally {
    await browser.close()
    server.stop()
  }

  console.log(
    `\nMedians of ${RUNS} cold loads per page, Chromium ${version}; library requests only (/widgets/).\n`,
  )
  printTable(entry, pages)
  const quotes = pages.find((p) => p.path === budget.quotesOnlyPage)
  if (quotes) {
    console.log(
      `\nour code on ${quotes.path} (gzip of /widgets/ JS without vendor-* chunks): ${fmt(quotes.ourCodeGzipKB)} KB` +
        ` (+ ${fmt(quotes.vendorGzipKB)} KB vendor: React, React Query, i18next)`,
    )
  }
  if (search) {
    console.log(
      `\nsearch on ${search.page}: header button chunk ${fmt(search.triggerChunkGzipKB)} KB gzip,` +
        ` panel loaded on opening ${fmt(search.panelGzipKB)} KB gzip (${search.panelFiles.length} files);` +
        ` keystroke → results median ${fmt(search.keystrokeMedianMs, 0)} ms` +
        ` (max ${fmt(search.keystrokeMaxMs, 0)} ms) over ${search.keystrokes} keystrokes`,
    )
  }
  writeFileSync(
    new URL('./results.json', import.meta.url),
    JSON.stringify(
      { date: new Date().toISOString(), runs: RUNS, chromium: version, entry, pages, search },
      null,
      2,
    ) + '\n',
  )
  console.log('\nWrote bench/results.json')

  const problems = overBudget(budget, entry, pages, search)
  if (problems.length > 0) {
    console.error(`\nOver budget (${budgetFile}):\n  ${problems.join('\n  ')}`)
    process.exit(1)
  }
  console.log(`Within budget (${budgetFile}).`)
}

await main()
