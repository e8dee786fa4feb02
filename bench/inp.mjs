/**
 * Interaction to Next Paint: what a shopper feels on each tap, on the
 * production-shaped demo (`npm run demo:prod`'s server) beside the naive one-file build of the
 * same library (`/naive/…`, built here in the same run by `demo-pages/build-prod.mjs`).
 *
 * Measured with Google's `web-vitals` (its attribution build, read from node_modules and injected
 * before any page script with Playwright's addInitScript, which the pages' CSP does not apply to):
 * `onINP` with `durationThreshold: 0` and `reportAllChanges: true`. Chromium at 390 × 844 as a
 * phone (touch, `isMobile`, Lighthouse's 1.75 device pixel ratio), the CPU slowed 4× (CDP
 * `Emulation.setCPUThrottlingRate`, Lighthouse's phone), a fresh browser context for every load
 * (empty HTTP cache and storage; the state a load needs, a wine in the cart or a logged-in tab, is
 * written to its sessionStorage before the page's scripts run). Each load waits until every widget
 * has mounted, the network is idle and the main thread has had no long task for a second (the
 * shopper looks at the page), then performs one interaction; the figure is the page's INP after it
 * (the interaction's own latency: nothing else in the load is a trusted input, and the harness
 * fails if something is). Medians of `runs` loads (BENCH_RUNS, default 3) per interaction and
 * build; the loads of our build and of the naive one alternate, through the same code.
 *
 * Also "from the tap on the search icon to the first results painted" (see `openSearch`).
 *
 *   node bench/run.mjs inp     (this measurement alone; dist/ built)
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { SourceMapConsumer } from 'source-map-js'
import { markdownTable, median, PROD_LAUNCH_ARGS, startProdWithNaive } from './serve.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium'
const STORE_KEY = 'wine-widgets:v1'
const CPU_SLOWDOWN = 4
/** The phone: 390 × 844, touch, Lighthouse's mobile device pixel ratio. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1.75,
  ignoreHTTPSErrors: true,
  locale: 'en-GB',
}
const WINE_PAGE = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'
const HOME = '/en/'
const CART = '/en/cart'
const LOGIN = { page: '/en/login', email: 'claire@example.com', password: 'droplets-420' }
/** A complete delivery contact: the checkout's invoice tab opens once the delivery is valid. */
const DELIVERY = {
  name: 'Claire Dubois',
  street: 'Rue de la Loi 16',
  zip: '1000',
  city: 'Bruxelles',
  country: 'Belgique',
  country_code: 'BE',
  email: LOGIN.email,
  phone: '0470 11 22 33',
}
/** How long the main thread must have been free of long tasks before (and after) a measure. */
const QUIET_MS = 1000
/** Search: the keys typed (one interaction each), their keydowns this far apart. */
const SEARCH_KEYS = ['b', 'o', 'r', 'd']
const KEY_GAP_MS = 150
const QUESTION = 'Grilled lamb with rosemary tonight'

const en = JSON.parse(readFileSync(join(root, 'locales', 'en.json'), 'utf8'))
const fill = (template, values) => template.replace(/\{\{(\w+)\}\}/g, (_, k) => values[k])
const startsWith = (template) =>
  new RegExp(`^${template.split('{{')[0].replace(/[.*+?^$()|[\]\\]/g, '\\$&')}`)

/** The web-vitals attribution build (IIFE: `var webVitals`) as the page runs it, and its version. */
function webVitals() {
  const require = createRequire(import.meta.url)
  // The package exports its CommonJS build; the IIFE is the file beside it in dist/.
  const umd = require.resolve('web-vitals/attribution')
  return {
    source: readFileSync(join(umd, '..', 'web-vitals.attribution.iife.js'), 'utf8'),
    version: JSON.parse(readFileSync(join(umd, '..', '..', 'package.json'), 'utf8')).version,
  }
}

/**
 * Runs in the page before anything else, given the web-vitals IIFE's `webVitals` (Playwright runs
 * an init script in a scope of its own: its `var` is not a global): INP reports, every event-timing
 * entry of an interaction (to check that only the measured inputs were trusted ones), the end of
 * the last long task (to wait for a quiet main thread) and the last pointerdown's time stamp.
 */
function instrument(webVitals) {
  const bench = { reports: [], interactions: [], lastBusy: 0, pointerDownAt: null }
  window.__inp = bench
  webVitals.onINP(
    (metric) => {
      const a = metric.attribution
      bench.reports.push({
        value: metric.value,
        interactionTime: a.interactionTime,
        interactionType: a.interactionType,
        interactionTarget: a.interactionTarget,
        inputDelay: a.inputDelay,
        processingDuration: a.processingDuration,
        presentationDelay: a.presentationDelay,
        totalScriptDuration: a.totalScriptDuration,
        totalStyleAndLayoutDuration: a.totalStyleAndLayoutDuration,
        totalPaintDuration: a.totalPaintDuration,
        longestScript: a.longestScript
          ? {
              url: a.longestScript.entry.sourceURL,
              fn: a.longestScript.entry.sourceFunctionName,
              invoker: a.longestScript.entry.invoker,
              subpart: a.longestScript.subpart,
              ms: a.longestScript.intersectingDuration,
            }
          : null,
      })
    },
    { durationThreshold: 0, reportAllChanges: true },
  )
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId)
        bench.interactions.push({
          id: e.interactionId,
          name: e.name,
          startTime: e.startTime,
          duration: e.duration,
        })
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      bench.lastBusy = Math.max(bench.lastBusy, e.startTime + e.duration)
  }).observe({ type: 'longtask', buffered: true })
  addEventListener('pointerdown', (e) => (bench.pointerDownAt = e.timeStamp), true)
}

/** Writes the saved store (and its last activity, now) before the page's scripts run. */
function seedStore({ key, text }) {
  if (sessionStorage.getItem(key) !== null) return
  const state = JSON.parse(text)
  state.lastActivity = Date.now()
  sessionStorage.setItem(key, JSON.stringify(state))
}

/** Every widget mounted (or failed), the network idle, then QUIET_MS without a long task. */
async function settle(page) {
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      window.WineWidgets !== undefined &&
      [...document.querySelectorAll('[data-widget]')].every(
        (el) => el.hasAttribute('data-widget-mounted') || el.hasAttribute('data-widget-error'),
      ),
    null,
    { timeout: 60_000 },
  )
  await page.waitForLoadState('networkidle')
  await quiet(page)
}

const quiet = (page) =>
  page.waitForFunction((ms) => performance.now() - window.__inp.lastBusy >= ms, QUIET_MS, {
    timeout: 60_000,
    polling: 100,
  })

/**
 * The shopper's tap: the target scrolled into view and its centre found first, a pause (the
 * shopper reads what scrolled in), then a bare touch there once the main thread is quiet.
 * Playwright's `locator.tap()` runs its actionability checks in the page just before the touch
 * (element stable across frames, hit target), and at 4× those scripts were still on the main
 * thread when the touch arrived: on a page with one button and an empty handler, INP 48–72 ms
 * with `tap()`, 40–48 ms with a bare touch (a key press: 24 ms). A trace also showed the touch
 * arriving 70 ms after the scroll into view, with the scroll's own work still running (no long
 * task, so `quiet` did not wait). What the tap did is checked by each interaction's `done`.
 */
const READ_PAUSE_MS = 500

/**
 * How long the finger rests on the glass (between the touch's start and its end, sent through
 * CDP). Playwright's `touchscreen.tap` lifts it in the same instant, so the press's handlers and
 * the click's ran back to back and one frame counted both; a finger's tap lasts about 100 ms,
 * and a phone paints the press (the button's pressed state) before the lift. 80 ms: the short
 * end of a real tap.
 */
const HOLD_MS = 80

async function tap(page, locator) {
  await locator.scrollIntoViewIfNeeded()
  const box = await locator.boundingBox()
  if (!box) throw new Error(`nothing to tap: ${locator}`)
  const touch = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const cdp = await page.context().newCDPSession(page)
  try {
    await page.waitForTimeout(READ_PAUSE_MS)
    await quiet(page)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [touch] })
    await page.waitForTimeout(HOLD_MS)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  } finally {
    await cdp.detach()
  }
}

/** A click no Event Timing entry records (not a trusted input): the setup of a measure. */
const untrustedClick = (locator) => locator.evaluate((el) => el.click())

/** Types into a React field without a trusted input: the native setter, then an input event. */
const untrustedType = (locator, value) =>
  locator.evaluate((el, v) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, v)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }, value)

const dialog = (page, name) => page.getByRole('dialog', { name })
const vintageTabs = (page) =>
  page.getByRole('tablist', { name: en.wineTabs.vintages }).getByRole('tab')

/**
 * Open search, and "from the tap on the search icon to the first results painted": from the
 * tap's pointerdown (its event time stamp, the touch's own time) to the paint of the first result
 * card's text (`[role="dialog"] article`), as Element Timing reports it: a MutationObserver marks
 * the first card's elements with `elementtiming` as they go in, before their first paint, and the
 * earliest `renderTime` of their entries is when the shopper saw a result. (A task posted from
 * that frame's animation callback came after the label images' loads, which are not the frame.)
 */
async function openSearch(page) {
  await page.evaluate(() => {
    // Every first card marked as it goes in: the one of the panel's preview, and the panel's
    // own that replaces it (the preview's may be replaced before it was ever painted).
    const found = () => document.querySelector('[role="dialog"] article:not([elementtiming])')
    const observer = new MutationObserver(() => {
      const card = found()
      if (!card || card.previousElementSibling || card.parentElement?.previousElementSibling) return
      // Which drew it: the preview (its frame's filters button inert until the panel) or the
      // panel. The frame is the card's nearest ancestor with a search form.
      let frame = card.parentElement
      while (frame && !frame.querySelector('form[role="search"]')) frame = frame.parentElement
      const by = frame?.querySelector('button[inert]') ? 'preview' : 'panel'
      for (const el of [card, ...card.querySelectorAll('*')])
        el.setAttribute('elementtiming', `first-result ${by}`)
    })
    observer.observe(document.body, { childList: true, subtree: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.identifier.startsWith('first-result') || !(entry.renderTime > 0)) continue
        const at = window.__inp.resultsPaintedAt
        if (at !== undefined && at <= entry.renderTime) continue
        window.__inp.resultsPaintedAt = entry.renderTime
        window.__inp.resultsBy = entry.identifier.split(' ')[1]
        observer.disconnect()
      }
    }).observe({ type: 'element', buffered: true })
  })
  await tap(page, page.getByRole('button', { name: en.search.open }))
  // Waited for by reading the probe's figure, not with a locator: Playwright's role query runs in
  // the page, and at 4× one poll was a 42 ms task (a style recalc for its hidden-for-aria test)
  // on the main thread between the tap and the first results, a task no shopper's page has.
  const handle = await page.waitForFunction(
    () =>
      window.__inp.resultsPaintedAt !== undefined && window.__inp.pointerDownAt !== null
        ? window.__inp.resultsPaintedAt - window.__inp.pointerDownAt
        : null,
    null,
    { timeout: 60_000, polling: 100 },
  )
  return {
    resultsMs: await handle.jsonValue(),
    resultsBy: await page.evaluate(() => window.__inp.resultsBy),
  }
}

/** The interactions: where, with what state, the setup (untrusted) and the measured input. */
export const INTERACTIONS = [
  {
    id: 'openSearch',
    label: 'open search (tap the icon)',
    path: HOME,
    act: openSearch,
  },
  {
    id: 'typeSearch',
    label: `type in search (${SEARCH_KEYS.length} keys, ${KEY_GAP_MS} ms apart; the worst)`,
    path: HOME,
    type: 'keyboard',
    count: SEARCH_KEYS.length,
    async setup(page) {
      await untrustedClick(page.getByRole('button', { name: en.search.open }))
      const box = dialog(page, en.search.dialog).getByRole('searchbox', {
        name: en.search.inputLabel,
      })
      await dialog(page, en.search.dialog).locator('article').first().waitFor({ timeout: 60_000 })
      await box.evaluate((el) => el.focus())
      return box
    },
    done: (page) =>
      page.waitForFunction(
        (value) => document.querySelector('[role="dialog"] input[type="search"]')?.value === value,
        SEARCH_KEYS.join(''),
        { timeout: 60_000 },
      ),
    async act(page) {
      for (const key of SEARCH_KEYS) {
        const next = Date.now() + KEY_GAP_MS
        await page.keyboard.press(key)
        await page.waitForTimeout(Math.max(0, next - Date.now()))
      }
    },
  },
  {
    id: 'openSommelier',
    label: 'open sommelier',
    path: HOME,
    act: (page) => tap(page, page.getByRole('button', { name: en.sommelier.button })),
    done: (page) =>
      dialog(page, en.search.sommelierDialog)
        .getByRole('region', { name: en.sommelier.title })
        .waitFor({ timeout: 60_000 }),
  },
  {
    id: 'openMinicart',
    label: 'open minicart (a wine in the cart)',
    path: HOME,
    state: 'cart',
    act: (page) =>
      tap(page, page.getByRole('button', { name: startsWith(en.minicart.button) }).first()),
    done: (page) =>
      page.getByRole('link', { name: en.minicart.toCart }).first().waitFor({ timeout: 60_000 }),
  },
  {
    id: 'addToCart',
    label: 'add to cart on a wine page',
    path: WINE_PAGE,
    act: (page) =>
      tap(
        page,
        page
          .locator('[data-widget="wine-tabs"]')
          .getByRole('button', { name: en.wineTabs.add, exact: true }),
      ),
    done: (page) =>
      page
        .getByText(fill(en.wineTabs.added, { count: 1 }))
        .first()
        .waitFor({ timeout: 60_000 }),
  },
  {
    id: 'cartPlus',
    label: 'plus on a quantity (cart page)',
    path: CART,
    state: 'cart',
    // Plus steps by a case (1 → 6 → 12): done when the field shows more than before.
    async act(page) {
      const cart = page.locator('[data-widget="cart"]')
      const field = cart.getByLabel(startsWith(en.cart.quantityOf)).first()
      const before = Number(await field.inputValue())
      await tap(page, cart.getByRole('button', { name: startsWith(en.cart.plus) }).first())
      return { field, before }
    },
    done: async (page, { field, before }) =>
      page.waitForFunction(
        ([el, before]) => Number(el.value) > before,
        [await field.elementHandle(), before],
        { timeout: 60_000 },
      ),
  },
  {
    id: 'vintageTab',
    label: "a wine page's vintage tab",
    path: WINE_PAGE,
    // The second vintage (the first is selected when the page opens).
    act: (page) => tap(page, vintageTabs(page).nth(1)),
    done: (page) =>
      vintageTabs(page)
        .nth(1)
        .and(page.getByRole('tab', { selected: true }))
        .waitFor({ timeout: 60_000 }),
  },
  {
    id: 'checkoutTab',
    label: "the checkout's tab change (cart page, logged in)",
    path: CART,
    state: 'checkout',
    act: (page) =>
      tap(
        page,
        page
          .getByRole('tablist', { name: en.checkout.tabs })
          .getByRole('tab', { name: en.checkout.tabInvoice }),
      ),
    done: (page) =>
      page
        .getByRole('tablist', { name: en.checkout.tabs })
        .getByRole('tab', { name: en.checkout.tabInvoice, selected: true })
        .waitFor({ timeout: 60_000 }),
  },
  {
    id: 'sommelierEnter',
    label: "the sommelier's Enter (logged in)",
    path: HOME,
    state: 'loggedIn',
    type: 'keyboard',
    async setup(page) {
      await untrustedClick(page.getByRole('button', { name: en.sommelier.button }))
      const input = dialog(page, en.search.sommelierDialog).getByRole('textbox', {
        name: en.sommelier.inputLabel,
      })
      await input.waitFor({ timeout: 60_000 })
      await untrustedType(input, QUESTION)
      await input.evaluate((el) => el.focus())
    },
    act: (page) => page.keyboard.press('Enter'),
    done: (page) =>
      dialog(page, en.search.sommelierDialog)
        .getByText(QUESTION)
        .first()
        .waitFor({ timeout: 60_000 }),
  },
]

/**
 * BENCH_PROFILE=1: a CPU profile of each measured input (from the act to its `done`), printed as
 * the functions that took the most time themselves: where to look when an interaction is slow.
 */
const PROFILE = process.env.BENCH_PROFILE === '1'

async function startProfile(cdp) {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
}

const sourceMaps = new Map()

/** A script URL's file name (the key of its source map). */
const fileOf = (url) => new URL(url).pathname.split('/').pop()

/** `function (src/file.ts:line)` of a position in a built file of dist/, from its source map. */
function sourceOf(file, line, column) {
  if (!sourceMaps.has(file)) {
    const path = [join(root, 'dist', file), join(root, 'dist', 'chunks', file)]
      .map((p) => `${p}.map`)
      .find(existsSync)
    sourceMaps.set(
      file,
      path ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null,
    )
  }
  const at = sourceMaps.get(file)?.originalPositionFor({ line: line + 1, column })
  if (!at?.source) return null
  const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '')
  return `${at.name ?? '(anonymous)'} (${source}:${at.line})`
}

async function stopProfile(cdp, title) {
  const { profile } = await cdp.send('Profiler.stop')
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const byFunction = new Map()
  const byFile = new Map()
  // Our own functions (not a library's) with the time spent in them and what they called: which
  // component's render or which handler a tap's time belongs to.
  const ours = new Map()
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms)
  // A frame's name, mapped through the source maps once per profile node.
  const names = new Map()
  const name = (id) => {
    if (!names.has(id)) {
      const { functionName, url, lineNumber, columnNumber } = byId.get(id).callFrame
      const file = fileOf(url)
      names.set(id, sourceOf(file, lineNumber, columnNumber) ?? `${functionName} ${file}`)
    }
    return names.get(id)
  }
  // Stretches of script between idle moments and the browser's own work (about one task each),
  // with their own top lists: which task of the tap (its pointer events, its click, a render
  // after it) ran what.
  const stretches = []
  let stretch = null
  let clock = 0
  profile.samples.forEach((id, i) => {
    const { callFrame } = byId.get(id)
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    clock += ms
    // Idle, or the browser's own work (style, layout, paint: "(program)") ends a stretch.
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') {
      if (stretch && clock - stretch.end > 1) stretch = null
      return
    }
    // The page's own scripts only: Playwright's injected code and idle time are not the page's.
    if (!callFrame.url.startsWith('http')) return
    if (!stretch)
      stretches.push(
        (stretch = { start: clock, end: clock, ms: 0, ours: new Map(), own: new Map() }),
      )
    stretch.end = clock
    stretch.ms += ms
    add(byFunction, name(id), ms)
    add(stretch.own, name(id), ms)
    add(byFile, fileOf(callFrame.url), ms)
    const seen = new Set()
    for (let at = id; at !== undefined; at = parent.get(at)) {
      if (!byId.get(at).callFrame.url.startsWith('http')) continue
      const key = name(at)
      if (seen.has(key) || key.includes('node_modules') || !/\((src|widgets|mount)\//.test(key))
        continue
      seen.add(key)
      add(ours, key, ms)
      add(stretch.ours, key, ms)
    }
  })
  const first = stretches[0]?.start ?? 0
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${key}`)
  return [
    `[bench] profile ${title}, the page's scripts' own time by file:`,
    ...top(byFile, 6),
    '  by function:',
    ...top(byFunction, 12),
    '  our functions, with what they called:',
    ...top(ours, 20),
    '  stretches of script of 5 ms or more, between idle or rendering moments (ms from the first;',
    '  script ms), our top functions, then the functions that took the most time themselves:',
    ...stretches
      .filter((st) => st.ms >= 5)
      .flatMap((st) => [
        `  +${(st.start - first).toFixed(0).padStart(6)}  ${st.ms.toFixed(1).padStart(6)} ms`,
        ...top(st.ours, 4).map((line) => `    ${line}`),
        ...top(st.own, 4).map((line) => `    self ${line.trimStart()}`),
      ]),
  ].join('\n')
}

/**
 * BENCH_TRACE=1: a Chromium trace of each measured input (the act to its `done`, then 300 ms),
 * printed as the main thread's tasks of 1 ms or more from the first input event on: when, how
 * long, the events they dispatched and where their time went (script, microtasks, style, layout,
 * paint), and any style or layout a script forced, with its stack. It sees what a CPU profile
 * cannot: rendering work, and documents such as SVG images parsed on the main thread.
 */
const TRACE = process.env.BENCH_TRACE === '1'
/** With BENCH_TRACE: Chromium's selector statistics, the costliest CSS selectors to match. */
const SELECTORS = Boolean(process.env.BENCH_SELECTORS)
const TRACE_KINDS = ['FunctionCall', 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'Paint']

async function startTrace(cdp) {
  const events = []
  const collect = (e) => events.push(...e.value)
  cdp.on('Tracing.dataCollected', collect)
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.stack',
        ...(SELECTORS ? ['disabled-by-default-blink.debug'] : []),
      ],
    },
    transferMode: 'ReportEvents',
  })
  return async (title) => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.end')
    await complete
    cdp.off('Tracing.dataCollected', collect)
    return traceSummary(events, title)
  }
}

function traceSummary(events, title) {
  const thread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  if (!thread) return `[bench] trace ${title}: no renderer main thread`
  const main = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X')
  const first = main.find((e) => e.name === 'EventDispatch')
  if (!first) return `[bench] trace ${title}: no input event`
  const ms = (us) => (us / 1000).toFixed(1)
  const lines = [`[bench] trace ${title}, main-thread tasks from the first input event (ms):`]
  if (SELECTORS) {
    const stats = new Map()
    for (const e of events.filter((e) => e.name === 'SelectorStats' && e.ts >= first.ts)) {
      for (const s of e.args?.selector_stats?.selector_timings ?? []) {
        const key = s.selector
        const was = stats.get(key) ?? { us: 0, attempts: 0, matches: 0 }
        was.us += s['elapsed (us)'] ?? 0
        was.attempts += s.match_attempts ?? 0
        was.matches += s.match_count ?? 0
        stats.set(key, was)
      }
    }
    lines.push(`  selectors (${stats.size}), the costliest:`)
    for (const [sel, v] of [...stats].sort((a, b) => b[1].us - a[1].us).slice(0, 25))
      lines.push(
        `    ${(v.us / 1000).toFixed(2)} ms ${v.attempts} attempts ${v.matches} matches  ${sel.slice(0, 140)}`,
      )
  }
  // The page's requests, sent and finished, among its tasks: what a row waits for.
  const urls = new Map()
  const requests = events
    .filter((e) => ['ResourceSendRequest', 'ResourceFinish'].includes(e.name) && e.ts >= first.ts)
    .map((e) => {
      const { requestId, url } = e.args?.data ?? {}
      if (url) urls.set(requestId, new URL(url).pathname.split('/').slice(-2).join('/'))
      const sent = e.name === 'ResourceSendRequest'
      return { ts: e.ts, text: `${sent ? '→' : '←'} ${urls.get(requestId) ?? requestId}` }
    })
  const flushRequests = (until) => {
    while (requests.length > 0 && requests[0].ts <= until) {
      const r = requests.shift()
      lines.push(`  +${ms(r.ts - first.ts).padStart(7)}         ${r.text}`)
    }
  }
  for (const task of main.filter((e) => e.name === 'RunTask' && e.ts + e.dur >= first.ts)) {
    if (task.dur < 1000) continue
    flushRequests(task.ts)
    const inside = main.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur,
    )
    const sums = TRACE_KINDS.map((kind) => [
      kind,
      inside.filter((e) => e.name === kind).reduce((sum, e) => sum + e.dur, 0),
    ]).filter(([, dur]) => dur >= 500)
    const types = [
      ...new Set(inside.filter((e) => e.name === 'EventDispatch').map((e) => e.args?.data?.type)),
    ]
    lines.push(
      `  +${ms(task.ts - first.ts).padStart(7)} ${ms(task.dur).padStart(6)}  ${types.join(',')}${types.length ? '  ' : ''}${sums.map(([k, d]) => `${k} ${ms(d)}`).join(' | ')}`,
    )
    // Whose script ran in the task: the page's files, or the harness's injected ones (no file).
    const scripts = new Map()
    for (const call of inside.filter((e) => e.name === 'FunctionCall')) {
      const { url, functionName } = call.args?.data ?? {}
      const key = url ? url.split('/').pop() : `(injected) ${functionName || ''}`
      scripts.set(key, (scripts.get(key) ?? 0) + call.dur)
    }
    const byScript = [...scripts].filter(([, dur]) => dur >= 1000).sort((a, b) => b[1] - a[1])
    if (byScript.length > 0)
      lines.push(`      script: ${byScript.map(([k, d]) => `${k} ${ms(d)}`).join(', ')}`)
    // Each event's dispatch (its listeners, React's among them) of 1 ms or more, in order: where
    // a tap's time goes before and after its click handler.
    const dispatches = inside.filter((e) => e.name === 'EventDispatch' && e.dur >= 1000)
    if (dispatches.length > 0)
      lines.push(
        `      events: ${dispatches.map((e) => `${e.args?.data?.type} ${ms(e.dur)}`).join(', ')}`,
      )
    for (const forced of inside.filter((e) => ['UpdateLayoutTree', 'Layout'].includes(e.name))) {
      // How much each style or layout pass had to do: elements styled, objects laid out.
      const size =
        forced.name === 'Layout'
          ? `${forced.args?.beginData?.dirtyObjects} of ${forced.args?.beginData?.totalObjects} objects`
          : `${forced.args?.elementCount} elements`
      if (forced.dur >= 2000) lines.push(`      ${forced.name} ${ms(forced.dur)}: ${size}`)
      const stack = forced.args?.beginData?.stackTrace
      if (stack?.length && forced.dur >= 500)
        lines.push(
          `      forced ${forced.name} ${ms(forced.dur)} by ${stack
            .slice(0, 3)
            .map((f) => {
              const file = f.url.split('/').pop()
              const at = sourceOf(file, f.lineNumber - 1, f.columnNumber - 1) ?? file
              return `${f.functionName || '(anonymous)'} ${at}`
            })
            .join(' < ')}`,
        )
    }
  }
  flushRequests(Infinity)
  return lines.join('\n')
}

/** One load of `prefix + path` in a fresh context, one interaction, its INP and breakdown. */
async function measureOnce(browser, base, prefix, interaction, states, log) {
  const context = await browser.newContext(PHONE)
  try {
    // A shopper who already answered the cookie question: no consent overlay over the page.
    await context.addCookies([{ name: 'cookieconsent_status', value: 'deny', url: base }])
    await context.addInitScript({ content: `${states.webVitals}\n;(${instrument})(webVitals)` })
    if (interaction.state)
      await context.addInitScript(seedStore, { key: STORE_KEY, text: states[interaction.state] })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const requests = []
    page.on('request', (r) => requests.push({ at: Date.now(), url: r.url() }))
    await page.goto(base + prefix + interaction.path)
    await settle(page)
    if (interaction.setup) {
      await interaction.setup(page)
      await page.waitForLoadState('networkidle')
      await quiet(page)
    }
    const mark = await page.evaluate(() => performance.now())
    const startedAt = Date.now()
    if (PROFILE) await startProfile(cdp)
    const stopTrace = TRACE ? await startTrace(cdp) : null
    // What the act returns goes to its `done` (and `resultsMs`, a figure, to the results).
    const acted = (await interaction.act(page)) ?? {}
    if (interaction.done) await interaction.done(page, acted)
    if (PROFILE) log?.(await stopProfile(cdp, `${interaction.id} ${prefix || 'ours'}`))
    if (stopTrace) {
      await page.waitForTimeout(300)
      log?.(await stopTrace(`${interaction.id} ${prefix || 'ours'}`))
    }
    await page.waitForFunction(
      (mark) => window.__inp.reports.some((r) => r.interactionTime >= mark),
      mark,
      { timeout: 30_000 },
    )
    // Later inputs (the other keys) may still raise it: wait for quiet, then take the last report.
    await page.waitForLoadState('networkidle')
    await quiet(page)
    await page.waitForTimeout(500)
    const { reports, interactions } = await page.evaluate(() => window.__inp)
    const before = interactions.filter((i) => i.startTime < mark)
    if (before.length > 0)
      throw new Error(
        `${prefix}${interaction.path} (${interaction.id}): trusted input before the measure: ${before.map((i) => i.name).join(', ')}`,
      )
    const ids = new Set(interactions.map((i) => i.id))
    const expected = interaction.count ?? 1
    if (ids.size > expected)
      throw new Error(
        `${prefix}${interaction.path} (${interaction.id}): ${ids.size} interactions, ${expected} expected`,
      )
    const report = reports.at(-1)
    const type = interaction.type ?? 'pointer'
    if (!(report.value > 0) || report.interactionType !== type)
      throw new Error(
        `${prefix}${interaction.path} (${interaction.id}): INP ${report.value} (${report.interactionType}), a ${type} interaction expected`,
      )
    if (interaction.check) await interaction.check(page)
    const during = requests
      .filter((r) => r.at >= startedAt)
      .map((r) => new URL(r.url))
      .filter((u) => u.origin === base)
      .map((u) => u.pathname)
    // The raw entries' worst (durations ≥ 16 ms only): a cross-check of web-vitals' figure.
    const rawMs = Math.max(0, ...interactions.map((i) => i.duration))
    log?.(
      `[bench] inp ${interaction.id} ${prefix || 'ours'}: ${report.value} ms (raw ${rawMs}, ${ids.size} interaction(s))` +
        (acted.resultsMs === undefined
          ? ''
          : `, first results ${acted.resultsMs.toFixed(0)} ms (by the ${acted.resultsBy})`),
    )
    return { inpMs: report.value, rawMs, report, requests: during, resultsMs: acted.resultsMs }
  } catch (error) {
    // BENCH_INP_DEBUG=dir keeps a screenshot of the page a measure failed on.
    const dir = process.env.BENCH_INP_DEBUG
    if (dir)
      await context
        .pages()[0]
        ?.screenshot({ path: join(dir, `${interaction.id}${prefix.replace('/', '-')}.png`) })
        .catch(() => {})
    throw error
  } finally {
    await context.close()
  }
}

/** The saved store of a tab after `steps` in a fresh context on our build, as a string. */
async function savedStore(browser, base, steps) {
  const context = await browser.newContext(PHONE)
  try {
    await context.addCookies([{ name: 'cookieconsent_status', value: 'deny', url: base }])
    const page = await context.newPage()
    await steps(page)
    return await page.evaluate((key) => sessionStorage.getItem(key), STORE_KEY)
  } finally {
    await context.close()
  }
}

const cartLines = (page) =>
  page.waitForFunction(
    (key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}').cart?.lines?.length ?? 0) > 0,
    STORE_KEY,
    { timeout: 30_000 },
  )

async function addWine(page, base) {
  await page.goto(base + WINE_PAGE)
  await page
    .locator('[data-widget="wine-tabs"]')
    .getByRole('button', { name: en.wineTabs.add, exact: true })
    .click()
  await cartLines(page)
}

/**
 * The states the interactions start from, saved stores taken once on our build: a wine in the
 * cart (anonymous); then, logged in (the demo server keeps one logged-in user for every visitor
 * from then on), the same with a complete delivery contact. The anonymous measures run first.
 */
const anonymousStates = async (browser, base) => ({
  cart: await savedStore(browser, base, (page) => addWine(page, base)),
})

async function loggedInStates(browser, base) {
  const loggedIn = await savedStore(browser, base, async (page) => {
    await page.goto(base + LOGIN.page)
    const form = page.locator('[data-widget="login"]')
    await form.getByLabel(en.login.email).fill(LOGIN.email)
    await form.getByLabel(en.login.password, { exact: true }).fill(LOGIN.password)
    await form.getByRole('button', { name: en.login.submit, exact: true }).click()
    await page.waitForFunction(
      (key) => JSON.parse(sessionStorage.getItem(key) ?? '{}').session?.isLoggedIn,
      STORE_KEY,
      { timeout: 30_000 },
    )
    await addWine(page, base)
  })
  const checkout = JSON.parse(loggedIn)
  checkout.contacts.delivery = { ...checkout.contacts.delivery, ...DELIVERY }
  return { loggedIn, checkout: JSON.stringify(checkout) }
}

/** Every file a build's manifest names (chunks, their CSS and assets), as paths under `prefix`. */
function manifestFiles(dir, prefix) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'))
  const files = new Set()
  for (const chunk of Object.values(manifest))
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file)
  return [...files].map((file) => prefix + file)
}

/**
 * Every page once on each build, unthrottled, and every file of both builds fetched once (the
 * chunks a tap loads too): no measure pays the server's first compression of a file.
 */
async function warmUp(browser, base, paths, naiveDir) {
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    for (const path of paths)
      for (const prefix of ['', '/naive']) {
        await page.goto(base + prefix + path)
        await page.waitForLoadState('networkidle')
      }
    const files = [
      ...manifestFiles(join(root, 'dist'), '/widgets/'),
      ...(naiveDir ? manifestFiles(naiveDir, '/naive-widgets/') : []),
    ]
    for (const file of files)
      await context.request.get(base + file, { headers: { 'accept-encoding': 'br, gzip' } })
  } finally {
    await context.close()
  }
}

const VARIANTS = [
  ['ours', ''],
  ['naive', '/naive'],
]

const XVFB = '/usr/bin/Xvfb'

/**
 * A display for a headed Chromium: the one the shell has, or an Xvfb of our own. Headless
 * Chromium reports a frame's presentation only when the next frame is drawn, so an input whose
 * own paint is followed by work (a tab marked at once, its panel after the paint) was measured
 * up to the end of that work; a headed window reports each frame as a phone's browser does (a
 * page that changes a button's text on a tap and then works 240 ms: click 56–80 ms headed, 145
 * headless). `display` is null when there is neither: the measure then runs headless and says so.
 */
async function startDisplay(log) {
  if (process.env.DISPLAY) return { display: process.env.DISPLAY, stop: () => {} }
  if (!existsSync(XVFB)) {
    log(`[bench] no display and no ${XVFB} (apt-get install -y xvfb): INP measured headless`)
    return { display: null, stop: () => {} }
  }
  const xvfb = spawn(
    XVFB,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  )
  const number = await new Promise((resolve, reject) => {
    let text = ''
    xvfb.stdio[3].on('data', (chunk) => {
      text += chunk
      if (text.includes('\n')) resolve(text.trim())
    })
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it had a display`)))
  })
  return { display: `:${number}`, stop: () => xvfb.kill() }
}

/** The measures on a running prod server with the naive build under `/naive/…`. */
export async function measureInp({ base, runs, naiveDir, only = [], log = console.log }) {
  const screen = await startDisplay(log)
  const browser = await chromium
    .launch({
      executablePath: CHROMIUM,
      headless: screen.display === null,
      args: PROD_LAUNCH_ARGS,
      ...(screen.display && { env: { ...process.env, DISPLAY: screen.display } }),
    })
    .catch((error) => {
      screen.stop()
      throw error
    })
  const loadBefore = loadavg()[0]
  const vitals = webVitals()
  const chosen = INTERACTIONS.filter((i) => only.length === 0 || only.includes(i.id))
  const results = []
  try {
    await warmUp(browser, base, [...new Set(chosen.map((i) => i.path))], naiveDir)
    const states = { webVitals: vitals.source, ...(await anonymousStates(browser, base)) }
    // The logged-in interactions last: logging in changes the demo server's state for everyone.
    const ordered = [
      ...chosen.filter((i) => !['loggedIn', 'checkout'].includes(i.state)),
      ...chosen.filter((i) => ['loggedIn', 'checkout'].includes(i.state)),
    ]
    let loggedIn = false
    for (const interaction of ordered) {
      if (['loggedIn', 'checkout'].includes(interaction.state) && !loggedIn) {
        Object.assign(states, await loggedInStates(browser, base))
        loggedIn = true
      }
      const measured = { ours: [], naive: [] }
      for (let i = 0; i < runs; i++)
        for (const [variant, prefix] of VARIANTS)
          measured[variant].push(await measureOnce(browser, base, prefix, interaction, states, log))
      const summary = (list) => ({
        inpMs: median(list.map((m) => m.inpMs)),
        runs: list.map((m) => m.inpMs),
        ...(list[0].resultsMs !== undefined && {
          resultsMs: median(list.map((m) => m.resultsMs)),
        }),
        // The run at the median (or just above it): its breakdown and requests.
        median: [...list].sort((a, b) => a.inpMs - b.inpMs)[Math.floor(list.length / 2)],
      })
      results.push({
        id: interaction.id,
        label: interaction.label,
        path: interaction.path,
        ours: summary(measured.ours),
        naive: summary(measured.naive),
      })
      log(`[bench] inp ${interaction.id} ✓`)
    }
    return {
      date: new Date().toISOString(),
      chromium: browser.version(),
      headed: screen.display !== null,
      webVitals: vitals.version,
      runs,
      cpuSlowdown: CPU_SLOWDOWN,
      // The machine's load (1-minute average) before and after: timings depend on it.
      loadAverage: [loadBefore, loadavg()[0]].map((n) => Math.round(n * 10) / 10),
      results,
    }
  } finally {
    await browser.close()
    screen.stop()
  }
}

/** Build the API and the naive bundle, serve prod mode, measure. */
export async function runInp({ runs, only = [], log = console.log }) {
  const { server, naiveDir } = await startProdWithNaive(log)
  try {
    return await measureInp({ base: server.base, runs, naiveDir, only, log })
  } finally {
    server.stop()
  }
}

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-')

/** Each figure against the budget: { ok, target } for the table and the problems. */
function verdicts(result, budget = {}) {
  const rows = []
  const slack = budget.maxOverNaiveMs ?? 0
  for (const r of result.results) {
    const ours = r.ours.inpMs
    const naive = r.naive.inpMs
    const targets = []
    let ok = Number.isFinite(ours) && ours > 0
    if (budget.maxMs !== undefined) {
      targets.push(`≤ ${budget.maxMs}`)
      ok &&= ours <= budget.maxMs
    }
    if (budget.maxOverNaiveMs !== undefined) {
      targets.push(slack ? `≤ naive + ${slack}` : '≤ naive')
      ok &&= Number.isFinite(naive) && ours <= naive + slack
    }
    rows.push({ label: r.label, ours, naive, target: targets.join(', '), ok, unit: 'ms' })
    if (r.ours.resultsMs !== undefined) {
      const limit = budget.maxSearchResultsMs
      rows.push({
        label: 'tap on the search icon → first results painted',
        ours: r.ours.resultsMs,
        naive: r.naive.resultsMs,
        target: limit === undefined ? '' : `≤ ${limit}`,
        ok: Number.isFinite(r.ours.resultsMs) && (limit === undefined || r.ours.resultsMs <= limit),
      })
    }
  }
  return rows
}

/** The table: interaction | ours ms | naive ms | target | met. */
export function inpTable(result, budget) {
  return markdownTable(
    ['interaction', 'ours ms', 'naive ms', 'target', 'met'],
    verdicts(result, budget).map((v) => [
      v.label,
      fmt(v.ours),
      fmt(v.naive),
      v.target,
      v.ok ? '✓' : '✗',
    ]),
  )
}

/** Files of the library (JS) a load requested from the tap on. */
const codeFetched = (requests) =>
  requests
    .filter((path) => /^\/(naive-)?widgets\/.*\.js$/.test(path))
    .map((p) => p.split('/').pop())

/**
 * Where the median run's time went, from web-vitals' attribution (its Long Animation Frame
 * figures): input delay, processing, presentation; script time in the interaction's frames and
 * the longest script; the requests made from the tap on, and the library files among them.
 */
export function inpBreakdown(result) {
  const rows = []
  for (const r of result.results)
    for (const variant of ['ours', 'naive']) {
      const m = r[variant].median
      const a = m.report
      const script = a.longestScript
      const code = codeFetched(m.requests)
      rows.push([
        `${r.id} ${variant}`,
        fmt(a.value),
        fmt(a.inputDelay),
        fmt(a.processingDuration),
        fmt(a.presentationDelay),
        fmt(a.totalScriptDuration),
        script ? `${fmt(script.ms)} ${script.invoker} ${script.url.split('/').pop()}` : '-',
        `${m.requests.length} (${code.length} JS)`,
      ])
    }
  return markdownTable(
    [
      'interaction',
      'INP',
      'input delay',
      'processing',
      'presentation',
      'script',
      'longest script (ms, invoker, file)',
      'requests from the tap',
    ],
    rows,
  )
}

/** Every interaction over `budget` (bench/budget.json `inp`), as readable lines. */
export function inpProblems(result, budget = {}) {
  return verdicts(result, budget)
    .filter((v) => !v.ok)
    .map((v) => `inp ${v.label}: ours ${fmt(v.ours)} ms, naive ${fmt(v.naive)} ms vs ${v.target}`)
}
