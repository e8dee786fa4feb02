/**
 * The demo site: static pages laid out like the real CMS site, loading the built library exactly as
 * production would (`/widgets/*` → dist/) plus the demo-only MSW bootstrap (`/demo/*` →
 * dist-demo/). Plain Node ESM without dependencies (runs on Node 20 and 22).
 *
 *   node demo-pages/server.mjs            → http://127.0.0.1:5173/
 *   PORT=4173 node demo-pages/server.mjs
 *
 * Pages are composed from layout.html + pages/<page>.html, as listed in routes.json.
 */
import { createServer } from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const root = resolve(here, '..')
const HOST = '127.0.0.1'
const PORT = Number(process.env.PORT ?? 5173)

/** URL prefix → directory it is served from. */
const STATIC = [
  ['/widgets/', join(root, 'dist')],
  ['/demo/', join(root, 'dist-demo')],
  ['/assets/', join(here, 'assets')],
]
const WORKER = join(root, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js')

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

const LANGUAGE_NAMES = { en: 'English', fr: 'Français', nl: 'Nederlands' }

const { chrome, routes } = JSON.parse(readFileSync(join(here, 'routes.json'), 'utf8'))
const layout = readFileSync(join(here, 'layout.html'), 'utf8')
/**
 * The widget tags every page of the real site carries (header and consent banner); pages with
 * `"siteWidgets": false` in routes.json (the catalogue, the benchmark pages) leave them out.
 */
const HEADER_WIDGETS =
  '<div data-widget="search"></div><div data-widget="sommelier"></div>' +
  '<div data-widget="user-menu"></div><div data-widget="minicart"></div>'
const SITE_WIDGETS = '<div data-widget="consent"></div>'

const escapeHtml = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  )

/** `/en/privacy/` and `/en/privacy` are the same page; `/en` is `/en/`. */
function findRoute(pathname) {
  const candidates = new Set([pathname, pathname.replace(/\/+$/, '') || '/', pathname + '/'])
  return routes.find((r) => candidates.has(r.path))
}

const LOCALE_PREFIX = /^\/(en|fr|nl)\//

/** The same page in another locale (`/en/giftbox` → `/fr/giftbox`), else that locale's home. */
function counterpart(route, locale) {
  const home = `/${locale}/`
  if (!LOCALE_PREFIX.test(route.path)) return home
  const path = route.path.replace(LOCALE_PREFIX, home)
  return routes.some((r) => r.path === path) ? path : home
}

function link(href, text, current, attrs = '') {
  const aria = current ? ' aria-current="page"' : ''
  return `<li><a href="${escapeHtml(href)}"${aria}${attrs}>${escapeHtml(text)}</a></li>`
}

function footer(route) {
  const t = chrome[route.locale] ?? chrome.en
  const pages = routes
    .filter((r) => r.locale === route.locale && r.nav !== false && r.path !== '/')
    .map((r) => link(r.path, r.label ?? r.title, r === route))
  const languages = Object.keys(LANGUAGE_NAMES).map((l) => {
    const target = counterpart(route, l)
    return link(target, LANGUAGE_NAMES[l], target === route.path, ` hreflang="${l}" lang="${l}"`)
  })
  const tools = [link('/', t.catalogue, route.path === '/')]
  const nav = (label, items) =>
    `      <nav aria-label="${escapeHtml(label)}">\n        <h2>${escapeHtml(label)}</h2>\n` +
    `        <ul>\n          ${items.join('\n          ')}\n        </ul>\n      </nav>`
  return [nav(t.pages, pages), nav(t.languages, languages), nav(t.tools, tools)].join('\n')
}

async function renderRoute(route) {
  const content = await readFile(join(here, 'pages', `${route.page}.html`), 'utf8')
  const t = chrome[route.locale] ?? chrome.en
  const scripts = (route.scripts ?? [])
    .map((src) => `    <script type="module" src="${escapeHtml(src)}"></script>`)
    .join('\n')
  return fill({
    lang: route.locale,
    title: escapeHtml(route.title),
    skip: escapeHtml(t.skip),
    home: route.path === '/' ? '/' : `/${route.locale}/`,
    content: content.trimEnd(),
    footer: footer(route),
    headerWidgets: route.siteWidgets === false ? '' : HEADER_WIDGETS,
    siteWidgets: route.siteWidgets === false ? '' : SITE_WIDGETS,
    scripts,
  })
}

function notFoundPage(pathname) {
  const t = chrome.en
  return fill({
    lang: 'en',
    title: escapeHtml(t.notFound),
    skip: escapeHtml(t.skip),
    home: '/',
    content:
      `      <h1>${escapeHtml(t.notFound)}</h1>\n` +
      `      <p>${escapeHtml(t.notFoundText)} (<code>${escapeHtml(pathname)}</code>)</p>\n` +
      `      <p><a href="/">${escapeHtml(t.backHome)}</a></p>`,
    footer: footer({ path: '/404', locale: 'en' }),
    siteWidgets: '',
    scripts: '',
  })
}

function fill(values) {
  // One pass, so text inserted for one placeholder is never scanned for another.
  return layout.replace(/\{\{(\w+)\}\}/g, (_, key) => values[key] ?? '')
}

/** Resolve a URL path under a directory; null when it escapes it. */
function within(dir, rest) {
  const file = resolve(dir, '.' + sep + rest)
  return file === dir || file.startsWith(dir + sep) ? file : null
}

function send(res, status, body, type, extra = {}) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache',
    ...extra,
  })
  res.end(body)
}

async function sendFile(req, res, file, extra = {}) {
  let info
  try {
    info = await stat(file)
  } catch {
    info = null
  }
  if (!info?.isFile()) return false
  const body = req.method === 'HEAD' ? '' : await readFile(file)
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
    ...extra,
  })
  res.end(body)
  return true
}

async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'Method not allowed', 'text/plain; charset=utf-8', { Allow: 'GET, HEAD' })
  }
  let pathname
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
  } catch {
    return send(res, 400, 'Bad request', 'text/plain; charset=utf-8')
  }
  if (pathname === '/mockServiceWorker.js') {
    // The worker may control the whole origin.
    if (await sendFile(req, res, WORKER, { 'Service-Worker-Allowed': '/' })) return
  }
  for (const [prefix, dir] of STATIC) {
    if (!pathname.startsWith(prefix)) continue
    const file = within(dir, pathname.slice(prefix.length))
    if (file && (await sendFile(req, res, file))) return
    return send(res, 404, `Not found: ${pathname}`, 'text/plain; charset=utf-8')
  }
  const route = findRoute(pathname)
  if (route) return send(res, 200, await renderRoute(route), TYPES['.html'])
  return send(res, 404, notFoundPage(pathname), TYPES['.html'])
}

const server = createServer((req, res) => {
  handle(req, res).catch((error) => {
    console.error(`[demo] ${req.method} ${req.url}:`, error)
    if (!res.headersSent) send(res, 500, 'Internal server error', 'text/plain; charset=utf-8')
    else res.destroy()
  })
})

server.on('error', (error) => {
  console.error(`[demo] could not listen on ${HOST}:${PORT}: ${error.message}`)
  process.exit(1)
})

server.listen(PORT, HOST, () => {
  for (const [prefix, dir] of STATIC.slice(0, 2)) {
    if (!existsSync(dir))
      console.warn(`[demo] ${dir} is missing (${prefix}*): run npm run build && npm run build:demo`)
  }
  console.log(`[demo] serving the demo site on http://${HOST}:${PORT}/`)
})

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.close(() => process.exit(0))
    server.closeAllConnections()
  })
