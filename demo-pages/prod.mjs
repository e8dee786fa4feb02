/**
 * The demo site served as production would serve it (`node demo-pages/server.mjs --prod`,
 * `npm run demo:prod`): the same pages as `npm run demo` (site.mjs), but
 * - pages load the library alone (no mock code, no service worker) with the production config
 *   block: no `stripe` or `maps` and no fakes, so payment says it is unavailable and addresses are
 *   typed by hand (`npm run demo` has the whole checkout); the GA4 demo cookie works as in demo
 *   mode (site.mjs);
 * - the site's API is answered here, server-side, by the same MSW handler list
 *   (`mocks/server-api.ts`, built to `dist-prod/api.js` by build-prod.mjs), hosted search through
 *   the site's own proxy path `/algolia` (config `algolia.hosts`);
 * - files are compressed (brotli, else gzip); hashed chunks and assets are cached for a year
 *   (`immutable`), the entry and the pages briefly;
 * - with `naiveDir` (`NAIVE_DIR=/tmp/naive`), a one-file build of the same library (bench/run.mjs
 *   builds it) is served under `/naive-widgets/`, and every page under `/naive/…` loads it
 *   (`/naive/fr/`).
 * Plain Node ESM without dependencies (runs on Node 20 and 22).
 */
import { readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import {
  BANK_PAGE,
  STATIC,
  TYPES,
  findRoute,
  notFoundPage,
  renderRoute,
  send,
  sendFile,
  demoOptions,
  within,
} from './site.mjs'

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..')

/** Where `demo-pages/build-prod.mjs` writes the server-side mock API (`mocks/server-api.ts`). */
export const PROD_API = join(root, 'dist-prod', 'api.js')

/** Worth compressing (text); images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg)/
/** Smaller bodies gain nothing from compression (a packet either way). */
const MIN_COMPRESS_BYTES = 512
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** The entry, the reserve stylesheet and the manifest: their names never change, so short. */
export const SHORT_CACHE = 'public, max-age=300'
/** Pages: the CMS would cache them briefly too; the ETag makes a revalidation cheap. */
export const PAGE_CACHE = 'public, max-age=60'
/** Build outputs named `[name]-[hash]` (vite.config.ts: `chunks/`, `assets/`). */
const HASHED = /^(chunks|assets)\/(.+\/)?[^/]+-[\w-]{6,}\.\w+(\.map)?$/

/**
 * How hard each body is compressed. A file is compressed once and kept (as a build step or a CDN
 * would): the highest levels. An API answer is compressed as it goes out, at the level production
 * servers use for what they generate (nginx's brotli module defaults to 6, Cloudflare uses 4 or
 * 5): brotli's 11 took 35 ms for a 16 KB search answer here, on the path of every search the bench
 * times, for 9% fewer bytes than 5 (0.7 ms).
 */
export const COMPRESSION = {
  kept: { br: 11, gzip: 9 },
  onTheFly: { br: 5, gzip: 6 },
}

const compressors = {
  br: (body, levels) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: levels.br,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body, levels) => promisify(gzip)(body, { level: levels.gzip }),
}

/** The encoding to answer with: brotli when the client takes it, else gzip, else none. */
function pickEncoding(req) {
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name.trim().toLowerCase())
  if (accepted.includes('br')) return 'br'
  if (accepted.includes('gzip')) return 'gzip'
  return null
}

/** Compressed static files, by path, modification time and encoding (files do not change often). */
const compressed = new Map()

/**
 * Send a body as production would: compressed when it is text and the client accepts it, with an
 * ETag (a repeat with If-None-Match gets 304) and the given Cache-Control. `vary` lists request
 * headers the body depends on besides Accept-Encoding (pages: Cookie, for the analytics cookie).
 */
async function sendBody(req, res, status, body, type, { cache, etag, key, vary = [], extra = {} }) {
  const headers = { 'Content-Type': type, 'Cache-Control': cache, ...extra }
  const varies = [...vary, ...(COMPRESSIBLE.test(type) ? ['Accept-Encoding'] : [])]
  if (varies.length > 0) headers.Vary = varies.join(', ')
  if (etag) {
    headers.ETag = etag
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers)
      return res.end()
    }
  }
  let data = typeof body === 'string' ? Buffer.from(body) : body
  const encoding = COMPRESSIBLE.test(type) && data.length >= MIN_COMPRESS_BYTES && pickEncoding(req)
  if (encoding) {
    const cacheKey = key && `${key} ${encoding}`
    let packed = cacheKey ? compressed.get(cacheKey) : undefined
    if (!packed) {
      packed = await compressors[encoding](data, cacheKey ? COMPRESSION.kept : COMPRESSION.onTheFly)
      if (cacheKey) compressed.set(cacheKey, packed)
    }
    data = packed
    headers['Content-Encoding'] = encoding
  }
  headers['Content-Length'] = data.length
  res.writeHead(status, headers)
  res.end(req.method === 'HEAD' ? undefined : data)
}

async function fileInfo(file) {
  try {
    const info = await stat(file)
    return info.isFile() ? info : null
  } catch {
    return null
  }
}

/** A file compressed and cached by its name (hashed: a year; otherwise briefly). */
async function sendStatic(req, res, file, rest) {
  const info = await fileInfo(file)
  if (!info) return false
  const body = await readFile(file)
  await sendBody(req, res, 200, body, TYPES[extname(file)] ?? 'application/octet-stream', {
    cache: HASHED.test(rest) ? IMMUTABLE : SHORT_CACHE,
    etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    key: `${file} ${info.mtimeMs}`,
  })
  return true
}

/** A Fetch Request for the mock API, the body read in full (API bodies are small). */
async function toRequest(req, origin) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2's pseudo-headers (`:path`, `:authority`…) are not headers a Request can carry.
    if (value === undefined || name.startsWith(':')) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  // As the site's reverse proxy: the client's address, never one the client named (the mock
  // back office's rate limits count per address, mocks/rate-limits.ts).
  if (req.socket?.remoteAddress) headers.set('x-forwarded-for', req.socket.remoteAddress)
  let body = null
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const parts = []
    for await (const part of req) parts.push(part)
    body = Buffer.concat(parts)
  }
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body })
}

/**
 * Send the mock API's answer: JSON compressed like any text; a stream (the sommelier's
 * `text/event-stream`) passed through as it comes; a network error (`HttpResponse.error()`) as a
 * dropped connection.
 */
async function sendApiResponse(req, res, response) {
  if (response.type === 'error') return res.destroy()
  const type = response.headers.get('content-type') ?? 'application/octet-stream'
  const extra = {}
  response.headers.forEach((value, name) => {
    if (!['content-type', 'content-length', 'content-encoding', 'cache-control'].includes(name))
      extra[name] = value
  })
  const cache = response.headers.get('cache-control') ?? 'no-store'
  if (type.startsWith('text/event-stream') || !response.body) {
    res.writeHead(response.status, { 'Content-Type': type, 'Cache-Control': cache, ...extra })
    if (!response.body || req.method === 'HEAD') return res.end()
    try {
      for await (const chunk of response.body) res.write(chunk)
    } catch (error) {
      // The handler's stream broke off: so does the connection, as a real proxy's would.
      console.error('[demo] the mock stream failed:', error)
      return res.destroy()
    }
    return res.end()
  }
  const body = Buffer.from(await response.arrayBuffer())
  await sendBody(req, res, response.status, body, type, { cache, extra })
}

/** The naive build's stylesheets (every widget's CSS, eager), from its manifest. */
function naiveStylesheets(naiveDir) {
  try {
    const manifest = JSON.parse(readFileSync(join(naiveDir, '.vite', 'manifest.json'), 'utf8'))
    return Object.values(manifest)
      .filter((chunk) => chunk.isEntry)
      .flatMap((chunk) => chunk.css ?? [])
  } catch {
    return []
  }
}

/**
 * The prod-mode request handler (see the top of this file).
 * @param {object} [options]
 * @param {{ answer(request: Request): Promise<Response | undefined> }} [options.api] the mock API
 *   (`mocks/server-api.ts`); without it every API call is a 404
 * @param {string} [options.dist] the library build (default `dist/`)
 * @param {string} [options.naiveDir] the one-file build served under `/naive-widgets/`
 */
export function createProdHandler({ api, dist, naiveDir } = {}) {
  /** URL prefix → directory it is served from: site.mjs's, another dist, the naive build. */
  const statics = [
    ...STATIC.map(([prefix, dir]) => [prefix, prefix === '/widgets/' && dist ? dist : dir]),
    ...(naiveDir ? [['/naive-widgets/', naiveDir]] : []),
  ]
  const naiveCss = naiveDir ? naiveStylesheets(naiveDir) : []

  return async function handle(req, res) {
    let pathname
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    } catch {
      return send(res, 400, 'Bad request', 'text/plain; charset=utf-8')
    }
    const isRead = req.method === 'GET' || req.method === 'HEAD'
    if (isRead && (pathname === '/demo/bank' || pathname === '/demo/bank/')) {
      if (await sendFile(req, res, BANK_PAGE)) return
    }
    for (const [prefix, dir] of isRead ? statics : []) {
      if (!pathname.startsWith(prefix)) continue
      const rest = pathname.slice(prefix.length)
      const file = within(dir, rest)
      if (file && (await sendStatic(req, res, file, rest))) return
      return send(res, 404, `Not found: ${pathname}`, 'text/plain; charset=utf-8')
    }
    if (api) {
      // HTTP/2 names the host in `:authority`; an encrypted socket means https.
      const host = req.headers.host ?? req.headers[':authority'] ?? '127.0.0.1'
      const origin = `${req.socket?.encrypted ? 'https' : 'http'}://${host}`
      const response = await api.answer(await toRequest(req, origin))
      if (response) return sendApiResponse(req, res, response)
    }
    if (!isRead) return send(res, 404, `Not found: ${req.method} ${pathname}`, 'text/plain')
    const naive = Boolean(naiveDir) && /^\/naive(\/|$)/.test(pathname)
    const variant = naive ? 'naive' : 'prod'
    const options = demoOptions(req.headers.cookie)
    const route = findRoute(naive ? pathname.slice('/naive'.length) || '/' : pathname)
    const page = route
      ? await renderRoute(route, { variant, naiveCss, ...options })
      : notFoundPage(pathname, { variant: 'prod', ...options })
    return sendBody(req, res, route ? 200 : 404, page, TYPES['.html'], {
      cache: route ? PAGE_CACHE : 'no-cache',
      // The config block follows the demo's cookies: a shared cache keys on them.
      vary: ['Cookie'],
    })
  }
}
