/**
 * What the proxies cost and hold (`npm run bench:server`, which builds dist-server/main.js
 * first): the built file runs as it is deployed, in its own process, in front of fake upstreams
 * in another (bench/server-fakes.mjs), and autocannon sends the same load to the proxy and
 * straight to the fake upstream, in the same run, so each figure is "what the proxy adds":
 *
 *   - search: at 200 and 500 requests per second (fixed rate; the direct and the proxied load
 *     sent at the same time), the requests per second achieved and the p50 and p99 latency
 *     added; CPU time of the proxy per 1,000 requests;
 *   - rules: as fast as 10 connections go: requests per second and the p99 added;
 *   - sommelier: 500 streams opened at once on a fake model that streams for 20 s: every stream
 *     complete (status 200, every event, [DONE]), the proxy's resident memory at the peak.
 *
 * The search and rules rounds run BENCH_RUNS times (default 3): medians with the spread
 * (min–max). Limits: `server` in bench/budget.json (exit 1 when over).
 *
 *   npm run bench:server
 *   BENCH_RUNS=5 BENCH_SECONDS=10 node bench/server.mjs   (dist-server/main.js already built)
 *   BENCH_STREAMS=100 node bench/server.mjs               (fewer streams)
 *
 * Every request goes to 127.0.0.1 only; each round is bounded in time and count.
 */
import { spawn, execFileSync } from 'node:child_process'
import { openSync, readFileSync, mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, markdownTable, median } from './serve.mjs'

// autocannon is a CommonJS package: require also finds it through NODE_PATH when this checkout's
// node_modules cannot hold it (a shared install).
const autocannon = createRequire(import.meta.url)('autocannon')

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500)
const STREAM_MS = 20_000
const STREAM_EVENTS = 20
const budget = JSON.parse(readFileSync(join(root, 'bench/budget.json'), 'utf8')).server
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))

const SEARCH_BODY = JSON.stringify({
  requests: [
    {
      indexName: 'wines_fr',
      query: 'merlot',
      facets: ['g.title', 'c.color'],
      facetFilters: [['c.color:red-7b1e2b']],
      hitsPerPage: 24,
      page: 0,
    },
  ],
})
const SHIPPING = JSON.stringify({
  context: { cartAmount: 80, bottles: 6, free: false, countryCode: 'BE' },
})
const QUESTION = JSON.stringify({
  locale: 'en',
  messages: [{ role: 'user', content: 'What goes with lamb?' }],
})

/**
 * The requests come from SHOPPERS addresses in turn (X-Forwarded-For, TRUST_PROXY=1), so the
 * limits (600 a minute per address for search, 120 for rules) count as they would for many
 * shoppers and never refuse. The addresses are only header text: every request goes to
 * 127.0.0.1.
 */
const SHOPPERS = 2000
let counter = 0
const nextAddress = () => {
  const n = counter++ % SHOPPERS
  return `10.0.${n >> 8}.${n & 255}`
}

function startChild(file, env, stdout) {
  const child = spawn(process.execPath, [file], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', stdout, 'inherit'],
  })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[bench:server] ${file} exited (${code ?? signal})`)
      process.exit(1)
    }
  })
  return child
}
let stopping = false

async function waitFor(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer`)
}

/** User and system CPU time of a process so far, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS
}

function residentMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024
}

const percentile = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : NaN

/**
 * One autocannon round. Latencies are autocannon's own measure of each response (float ms, from
 * its 'response' event: its histogram keeps whole milliseconds only), 2xx answers only.
 */
async function load({ url, rate, connections, seconds, amount, body, headers, each, timeout }) {
  const times = []
  let other = 0
  const instance = autocannon({
    url,
    connections,
    ...(rate ? { overallRate: rate } : {}),
    ...(amount ? { amount } : { duration: seconds }),
    timeout: timeout ?? 10,
    requests: [
      {
        method: 'POST',
        body,
        headers,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, ...each?.() },
        }),
      },
    ],
  })
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms)
    else other++
  })
  const result = await instance
  times.sort((a, b) => a - b)
  return {
    rps: result.requests.total / (result.duration || seconds),
    total: result.requests.total,
    ok: times.length,
    other,
    errors: result.errors + result.timeouts,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  }
}

const [fakesPort, proxyPort] = [await freePort(), await freePort()]
const fakes = startChild(
  join(root, 'bench/server-fakes.mjs'),
  { PORT: String(fakesPort), STREAM_MS: String(STREAM_MS), STREAM_EVENTS: String(STREAM_EVENTS) },
  'ignore',
)
const fake = `http://127.0.0.1:${fakesPort}`
// The proxy logs one JSON line per request, as in production: to a file, so that a full pipe
// never holds it up.
const logFile = join(mkdtempSync(join(tmpdir(), 'bench-server-')), 'proxy.log')
const proxy = startChild(
  join(root, 'dist-server/main.js'),
  {
    PORT: String(proxyPort),
    TRUST_PROXY: '1',
    SITE_URL: fake,
    LLM_BASE_URL: `${fake}/v1`,
    LLM_API_KEY: 'sk-bench',
    RULES_URL: `${fake}/api/projects/wine`,
    RULES_TOKEN: 'rules-bench',
    ALGOLIA_APP_ID: 'BENCH',
    ALGOLIA_SEARCH_KEY: 'search-bench',
    ALGOLIA_HOSTS: fake,
  },
  openSync(logFile, 'w'),
)
const origin = `http://127.0.0.1:${proxyPort}`
await waitFor(`${fake}/login/getcurrentuser`)
await waitFor(`${origin}/readyz`)
const startMB = residentMB(proxy.pid)
console.log(
  `[bench:server] proxy ${origin} (pid ${proxy.pid}), fakes ${fake}, ${RUNS} runs of ${SECONDS} s, Node ${process.version}`,
)

const search = {
  proxy: `${origin}/algolia/1/indexes/*/queries`,
  direct: `${fake}/1/indexes/*/queries`,
  headers: { 'Content-Type': 'text/plain' },
}
const rules = {
  proxy: `${origin}/api/rules/evaluate/shipping`,
  direct: `${fake}/api/projects/wine/evaluate/shipping`,
  headers: { 'Content-Type': 'application/json' },
}
const from = () => ({ 'X-Forwarded-For': nextAddress() })

// The streams first: their figure is then what 500 streams hold, not the garbage of the
// search rounds that the collector has not yet taken back (printed after them).
/** STREAMS streams at once; complete = 200 with every event and [DONE]. */
async function streams(url, headers, each) {
  let complete = 0
  const started = performance.now()
  const result = await autocannon({
    url,
    connections: STREAMS,
    amount: STREAMS,
    timeout: STREAM_MS / 1000 + 20,
    requests: [
      {
        method: 'POST',
        body: QUESTION,
        headers,
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...each?.() } }),
        onResponse: (status, body) => {
          const events = body.split('\n\n').filter((event) => event.startsWith('data: '))
          if (
            status === 200 &&
            events.length === STREAM_EVENTS + 1 &&
            body.endsWith('data: [DONE]\n\n')
          )
            complete++
        },
      },
    ],
  })
  return {
    complete,
    errors: result.errors + result.timeouts,
    seconds: (performance.now() - started) / 1000,
  }
}

const json = { 'Content-Type': 'application/json' }
const directStreams = await streams(`${fake}/v1/chat/completions`, json)
const restingMB = residentMB(proxy.pid)
let peakMB = restingMB
const sampler = setInterval(() => {
  peakMB = Math.max(peakMB, residentMB(proxy.pid))
}, 100)
let shopper = 0
const proxiedStreams = await streams(`${origin}/api/sommelier`, json, () => ({
  ...from(),
  Cookie: `s=shopper${shopper++}`,
}))
clearInterval(sampler)
peakMB = Math.max(peakMB, residentMB(proxy.pid))

// Warm-up (JIT, connection pools): not counted.
await load({
  url: search.proxy,
  rate: 200,
  connections: 20,
  seconds: 2,
  body: SEARCH_BODY,
  headers: search.headers,
  each: from,
})
await load({
  url: rules.proxy,
  connections: 10,
  seconds: 1,
  body: SHIPPING,
  headers: rules.headers,
  each: from,
})

const rounds = []
for (let run = 1; run <= RUNS; run++) {
  const round = { run }
  for (const rate of [200, 500]) {
    const connections = rate / 10
    const common = {
      rate,
      connections,
      seconds: SECONDS,
      body: SEARCH_BODY,
      headers: search.headers,
    }
    // Both at once, in the same seconds: on a shared machine whatever else runs then slows
    // both alike, and the difference is what the proxy adds.
    const cpuBefore = cpuMs(proxy.pid)
    const [direct, proxied] = await Promise.all([
      load({ ...common, url: search.direct }),
      load({ ...common, url: search.proxy, each: from }),
    ])
    const cpu = cpuMs(proxy.pid) - cpuBefore
    round[`search${rate}`] = { direct, proxied, cpuPer1000: (cpu / proxied.total) * 1000 }
  }
  const common = { connections: 10, seconds: SECONDS, body: SHIPPING, headers: rules.headers }
  round.rules = {
    direct: await load({ ...common, url: rules.direct }),
    proxied: await load({ ...common, url: rules.proxy, each: from }),
  }
  rounds.push(round)
  console.log(`[bench:server] run ${run}/${RUNS} done`)
}

const afterRoundsMB = residentMB(proxy.pid)
const highWaterMB =
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${proxy.pid}/status`, 'utf8'))[1]) / 1024

stopping = true
proxy.kill('SIGTERM')
fakes.kill('SIGTERM')
const logged = readFileSync(logFile, 'utf8')
  .split('\n')
  .filter((line) => line.includes('"msg":"request"')).length

// The table: medians over the runs, with the spread (min–max).
const f = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a')
const spread = (values, digits = 2) => {
  const finite = values.filter(Number.isFinite)
  return `${f(median(finite), digits)} (${f(Math.min(...finite), digits)}–${f(Math.max(...finite), digits)})`
}
const of = (pick) => rounds.map(pick)
const rows = []
for (const rate of [200, 500]) {
  const key = `search${rate}`
  rows.push([
    `search @ ${rate} rps`,
    spread(
      of((r) => r[key].direct.rps),
      0,
    ),
    spread(
      of((r) => r[key].proxied.rps),
      0,
    ),
    spread(of((r) => r[key].direct.p50)),
    spread(of((r) => r[key].proxied.p50 - r[key].direct.p50)),
    spread(of((r) => r[key].direct.p99)),
    spread(of((r) => r[key].proxied.p99 - r[key].direct.p99)),
    spread(
      of((r) => r[key].cpuPer1000),
      0,
    ),
  ])
}
rows.push([
  'rules, 10 connections',
  spread(
    of((r) => r.rules.direct.rps),
    0,
  ),
  spread(
    of((r) => r.rules.proxied.rps),
    0,
  ),
  spread(of((r) => r.rules.direct.p50)),
  spread(of((r) => r.rules.proxied.p50 - r.rules.direct.p50)),
  spread(of((r) => r.rules.direct.p99)),
  spread(of((r) => r.rules.proxied.p99 - r.rules.direct.p99)),
  '',
])
console.log(
  `\nMedians of ${RUNS} runs (min–max); latencies in ms, "added" = through the proxy − straight to the fake.\n`,
)
console.log(
  markdownTable(
    [
      'load',
      'direct rps',
      'proxy rps',
      'direct p50',
      'p50 added',
      'direct p99',
      'p99 added',
      'proxy CPU ms / 1,000',
    ],
    rows,
  ),
)
console.log(
  `\n${markdownTable(
    [
      'sommelier streams at once',
      'complete',
      'errors',
      'seconds',
      'proxy RSS at start MB',
      'before the streams MB',
      'peak MB',
    ],
    [
      [
        `direct: ${STREAMS}`,
        String(directStreams.complete),
        String(directStreams.errors),
        f(directStreams.seconds, 1),
        '',
        '',
        '',
      ],
      [
        `proxy: ${STREAMS}`,
        String(proxiedStreams.complete),
        String(proxiedStreams.errors),
        f(proxiedStreams.seconds, 1),
        f(startMB, 0),
        f(restingMB, 0),
        f(peakMB, 0),
      ],
    ],
  )}`,
)
console.log(
  `\nproxy RSS after the search and rules rounds: ${f(afterRoundsMB, 0)} MB; highest over the run: ${f(highWaterMB, 0)} MB`,
)
const refused = rounds.flatMap((r) =>
  [r.search200, r.search500].map((s) => s.proxied.other + s.proxied.errors),
)
console.log(
  `\nproxy answers other than 2xx or failed during the search rounds: ${refused.reduce((a, b) => a + b, 0)}; request log lines: ${logged}`,
)

const problems = []
const p99Added500 = median(of((r) => r.search500.proxied.p99 - r.search500.direct.p99))
if (p99Added500 > budget.maxSearchP99AddedMsAt500)
  problems.push(
    `search p99 added at 500 rps: ${f(p99Added500)} ms > ${budget.maxSearchP99AddedMsAt500}`,
  )
const achieved500 = median(of((r) => r.search500.proxied.rps))
if (achieved500 < 500 * 0.95)
  problems.push(`search at 500 rps achieved only ${f(achieved500, 0)} rps`)
if (refused.some((n) => n > 0))
  problems.push('some search requests through the proxy failed or were refused')
if (STREAMS >= budget.streams && proxiedStreams.complete !== STREAMS)
  problems.push(`streams complete: ${proxiedStreams.complete} of ${STREAMS}`)
if (STREAMS < budget.streams)
  problems.push(`only ${STREAMS} streams: the budget is for ${budget.streams}`)
if (peakMB > budget.maxStreamsPeakRssMB)
  problems.push(
    `proxy resident memory at the peak: ${f(peakMB, 0)} MB > ${budget.maxStreamsPeakRssMB}`,
  )
if (problems.length) {
  console.log(`\nOVER BUDGET (bench/budget.json server):\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log('\nWithin bench/budget.json server.')
process.exit(0)
