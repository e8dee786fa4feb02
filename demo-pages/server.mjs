/**
 * The demo site: static pages laid out like the real CMS site, loading the built library exactly as
 * production would (`/widgets/*` → dist/). Plain Node ESM without dependencies (runs on Node 20
 * and 22). The pages themselves come from `site.mjs`, which the Vite dev server (`npm run dev`)
 * shares.
 *
 *   node demo-pages/server.mjs            → http://127.0.0.1:5173/
 *   PORT=4173 node demo-pages/server.mjs
 *   PORT=0 node demo-pages/server.mjs     → a free port, named in the "[demo] serving" line
 *   node demo-pages/server.mjs --prod     (npm run demo:prod; needs dist-prod/api.js)
 *   node demo-pages/server.mjs --prod --https
 *                                         → https://127.0.0.1:5173/ over HTTP/2 (as a CDN serves
 *                                           production), with a self-signed certificate made at
 *                                           start by openssl: the browser must be told to accept it
 *
 * Two modes:
 * - demo (default, `npm run demo`, the editors' preview; site.mjs `handle`): every page loads
 *   `/demo/demo.js` (dist-demo/), which starts MSW in the browser (mocks, faults, fake Stripe and
 *   Places), then the library. Files are sent uncompressed with `Cache-Control: no-cache`.
 * - prod (`--prod`, `npm run demo:prod`; prod.mjs): served as production would serve it, the
 *   library alone, the site's API answered server-side by the MSW handlers, compressed and cached
 *   files. `NAIVE_DIR=/tmp/naive` also serves the bench's one-file build under `/naive/…`.
 */
import { createServer } from 'node:http'
import { createSecureServer } from 'node:http2'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { STATIC, handle, send } from './site.mjs'
import { PROD_API, createProdHandler } from './prod.mjs'

export { COMPRESSION, IMMUTABLE, PAGE_CACHE, PROD_API, SHORT_CACHE } from './prod.mjs'

const HOST = '127.0.0.1'

/**
 * The demo site's request handler.
 * @param {object} [options]
 * @param {'demo' | 'prod'} [options.mode] demo (MSW in the browser) or prod (prod.mjs)
 * @param {{ answer(request: Request): Promise<Response | undefined> }} [options.api] prod: the mock
 *   API (`mocks/server-api.ts`); without it every API call is a 404
 * @param {string} [options.dist] the library build (default `dist/`)
 * @param {string} [options.naiveDir] prod: the one-file build served under `/naive-widgets/`
 */
export function createHandler({ mode = 'demo', api, dist, naiveDir } = {}) {
  if (mode === 'prod') return createProdHandler({ api, dist, naiveDir })
  const statics = dist
    ? STATIC.map(([prefix, dir]) => [prefix, prefix === '/widgets/' ? dist : dir])
    : STATIC
  return (req, res) => handle(req, res, { statics })
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made now by openssl in a temporary
 * folder: nothing secret is kept in the repository, and it is valid for a day.
 */
export function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'wine-demo-tls-'))
  const key = join(dir, 'key.pem')
  const cert = join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
      ...['-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert],
      ...['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
    ],
    { stdio: 'ignore' },
  )
  return { key: readFileSync(key), cert: readFileSync(cert) }
}

/**
 * An HTTP server around createHandler (not listening yet); with `tls` (a key and certificate),
 * HTTPS with HTTP/2, HTTP/1.1 still answered for clients that do not speak it.
 */
export function createDemoServer({ tls, ...options } = {}) {
  const handler = createHandler(options)
  const listener = (req, res) => {
    handler(req, res).catch((error) => {
      console.error(`[demo] ${req.method} ${req.url}:`, error)
      if (!res.headersSent) send(res, 500, 'Internal server error', 'text/plain; charset=utf-8')
      else res.destroy()
    })
  }
  return tls ? createSecureServer({ ...tls, allowHTTP1: true }, listener) : createServer(listener)
}

async function main() {
  const port = Number(process.env.PORT ?? 5173)
  const prod = process.argv.includes('--prod')
  let api
  if (prod) {
    if (!existsSync(PROD_API)) {
      console.error(
        `[demo] ${PROD_API} is missing: run npm run demo:prod (or node demo-pages/build-prod.mjs)`,
      )
      process.exit(1)
    }
    api = await import(pathToFileURL(PROD_API).href)
  }
  const naiveDir = prod && process.env.NAIVE_DIR ? resolve(process.env.NAIVE_DIR) : undefined
  const https = process.argv.includes('--https')
  const server = createDemoServer({
    mode: prod ? 'prod' : 'demo',
    api,
    naiveDir,
    tls: https ? selfSignedCertificate() : undefined,
  })

  server.on('error', (error) => {
    console.error(`[demo] could not listen on ${HOST}:${port}: ${error.message}`)
    process.exit(1)
  })

  server.listen(port, HOST, () => {
    for (const [prefix, dir] of STATIC.slice(0, prod ? 1 : 2)) {
      if (!existsSync(dir))
        console.warn(
          `[demo] ${dir} is missing (${prefix}*): run npm run build && npm run build:demo`,
        )
    }
    const what = prod ? 'the demo site as production serves it' : 'the demo site'
    // The port it really listens on: PORT=0 asks the system for a free one.
    const scheme = https ? 'https' : 'http'
    console.log(`[demo] serving ${what} on ${scheme}://${HOST}:${server.address().port}/`)
  })

  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      server.close(() => process.exit(0))
      // An HTTP/2 server has no closeAllConnections: its sessions end with the process.
      if (server.closeAllConnections) server.closeAllConnections()
      else setTimeout(() => process.exit(0), 500).unref()
    })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
