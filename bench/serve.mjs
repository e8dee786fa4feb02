/**
 * What the bench modules share: medians, markdown tables, a free port, and the demo server
 * (demo-pages/server.mjs, demo or prod mode) started as a child process.
 */
import { spawn } from 'node:child_process'
import { get as httpsGet } from 'node:https'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApi, buildNaive } from '../demo-pages/build-prod.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The median of the finite values (NaN when there are none). */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** Whether `url` answers 2xx; https is asked without checking the demo's self-signed certificate. */
function answers(url) {
  if (!url.startsWith('https:')) return fetch(url).then((r) => r.ok)
  return new Promise((resolve, reject) => {
    httpsGet(url, { rejectUnauthorized: false }, (res) => {
      res.resume()
      resolve(res.statusCode >= 200 && res.statusCode < 300)
    }).on('error', reject)
  })
}

/**
 * Start `node demo-pages/server.mjs [...args]` on a free port and wait until `probe` answers
 * (`--https` among the args: the base is https).
 * @returns {Promise<{ base: string, stop: () => void }>}
 */
export async function startDemoServer({ args = [], env = {}, probe = '/' } = {}) {
  const port = await freePort()
  const child = spawn(process.execPath, ['demo-pages/server.mjs', ...args], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `${args.includes('--https') ? 'https' : 'http'}://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`the demo server exited with ${child.exitCode}`)
    try {
      if (await answers(base + probe)) return { base, stop: () => child.kill('SIGTERM') }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGTERM')
  throw new Error('the demo server did not start within 10 s')
}

/**
 * The production-shaped demo (`npm run demo:prod`'s server, HTTPS with HTTP/2) with the naive
 * one-file build beside the library (`/naive/…`).
 */
const startProdServer = (naiveDir) =>
  startDemoServer({
    args: ['--prod', '--https'],
    env: { NAIVE_DIR: naiveDir },
    probe: '/bench/quotes',
  })

/** Chromium's flags for the prod server (Lighthouse and INP). */
export const PROD_LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The prod server is HTTPS with HTTP/2 (as a CDN serves production) on a self-signed
  // certificate made at its start.
  '--ignore-certificate-errors',
]

let naiveBuild = null

/**
 * The prod server with the naive build beside ours under `/naive/…`: `{ server, naiveDir }`. The
 * API and the naive build are built once per process, so a full `npm run bench` (Lighthouse,
 * then INP) builds them once.
 */
export async function startProdWithNaive(log) {
  naiveBuild ??= (async () => {
    const dir = process.env.BENCH_NAIVE_DIR ?? mkdtempSync(join(tmpdir(), 'wine-naive-'))
    await buildApi()
    await buildNaive(dir)
    log(`[bench] naive build in ${dir}`)
    return dir
  })()
  const naiveDir = await naiveBuild
  return { server: await startProdServer(naiveDir), naiveDir }
}

/** A markdown table: the first column left-aligned, the figures right-aligned. */
export function markdownTable(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells) =>
    '| ' +
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') +
    ' |'
  const rule = widths
    .map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':'))
    .join('|')
  return [line(head), `|${rule}|`, ...rows.map(line)].join('\n')
}
