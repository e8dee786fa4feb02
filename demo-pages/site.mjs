/**
 * The demo site's pages and files, shared by the static demo server (`server.mjs`, serving the
 * built library from dist/) and the Vite dev server (`npm run dev`, vite.config.ts, serving the
 * sources with hot reload). Plain Node ESM without dependencies (runs on Node 20 and 22).
 *
 * Pages are composed from layout.html + pages/<page>.html, as listed in routes.json. One page is
 * not part of the shop: `/demo/bank` (bank.html + dist-demo/bank.js), the demo bank that the fake
 * Stripe.js sends Bancontact payments to.
 *
 * A page loads the library in one of three ways (`variant`): `demo` through the MSW bootstrap
 * `/demo/demo.js` (`npm run demo`, `npm run dev`), `prod` the entry alone with the production
 * config block (`npm run demo:prod`, prod.mjs), `naive` the bench's one-file build (prod.mjs).
 *
 * GA4 analytics (docs/analytics.md) are off in the config block (every variant) unless the
 * visitor's browser carries the cookie `wine_demo_analytics=ga4` (the analytics e2e sets it; in a
 * console: `document.cookie = 'wine_demo_analytics=ga4; path=/'`, then reload). The block names
 * the session version cookie (`private_content_version`, set by the mock back office) unless the
 * browser carries `wine_demo_session=none`.
 */
import { readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { demoWorkerSource } from './mock-worker.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const root = resolve(here, '..')

/** URL prefix → directory it is served from. */
export const STATIC = [
  ['/widgets/', join(root, 'dist')],
  ['/demo/', join(root, 'dist-demo')],
  ['/assets/', join(here, 'assets')],
]
export const BANK_PAGE = join(here, 'bank.html')

export const TYPES = {
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
  '<div data-widget="search"></div>' +
  // The sommelier button's image per locale: demo artwork, one SVG per locale.
  '<div data-widget="sommelier" data-image="/assets/sommelier/button-{locale}.svg"></div>' +
  '<div data-widget="user-menu"></div><div data-widget="minicart"></div>'
const SITE_WIDGETS = '<div data-widget="consent"></div>'

/** The config block of each mode (docs/embedding.md, "The config block"). */
const CONFIG = {
  demo: {
    demo: true,
    algolia: { appId: 'DEMOAPP', searchKey: 'demo-search-only-key' },
    stripe: { publishableKey: 'pk_test_demo' },
    maps: { apiKey: 'demo-maps-key' },
    rules: { url: '/api/rules' },
    sommelier: { url: '/api/sommelier' },
    session: { versionCookie: 'private_content_version' },
  },
  // What a production page carries; search goes through the site's own proxy (server/search,
  // mounted by mocks/server-api.ts), which adds the search key: the page's is a placeholder the
  // search client needs and the proxy drops. No stripe or maps: prod mode has no fake Stripe.js
  // or Places (prod.mjs).
  prod: {
    algolia: {
      appId: 'DEMOAPP',
      searchKey: 'added-by-the-search-proxy',
      hosts: [{ url: '/algolia' }],
    },
    rules: { url: '/api/rules' },
    sommelier: { url: '/api/sommelier' },
    session: { versionCookie: 'private_content_version' },
  },
}

/**
 * The config block's JSON for a page variant, with GA4 analytics when asked for, as layout.html
 * indents it (inside a script tag: `<` escaped).
 */
function pageConfig(variant, { analytics = false, sessionVersion = true } = {}) {
  const { session, ...rest } = CONFIG[variant === 'demo' ? 'demo' : 'prod']
  const config = {
    ...rest,
    ...(sessionVersion ? { session } : {}),
    ...(analytics ? { analytics: { ga4: true } } : {}),
  }
  return JSON.stringify(config, null, 2).replace(/</g, '\\u003c').replace(/\n/g, '\n      ')
}

/**
 * How a page loads the library: `demo` through the MSW bootstrap, `prod` the entry alone, `naive`
 * the one-file build (its stylesheets, from its manifest, linked in the head as a naive site would).
 */
function libraryTags(variant, naiveCss = []) {
  if (variant === 'demo')
    return {
      widgets: '/widgets',
      styles: '',
      library:
        '<script type="module" src="/demo/demo.js" data-widgets-src="/widgets/wine-widgets.js"></script>',
    }
  const base = variant === 'naive' ? '/naive-widgets' : '/widgets'
  return {
    widgets: base,
    styles: (variant === 'naive' ? naiveCss : [])
      .map((href) => `\n    <link rel="stylesheet" href="${base}/${escapeHtml(href)}" />`)
      .join(''),
    library: `<script type="module" src="${base}/wine-widgets.js"></script>`,
  }
}

const escapeHtml = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  )

/** `/en/privacy/` and `/en/privacy` are the same page; `/en` is `/en/`. */
export function findRoute(pathname) {
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

/**
 * The widgets a route's page carries as written (its page file, and the site's header and banner
 * tags unless `"siteWidgets": false`), not those a script adds: e2e tests pick from them a page
 * for each widget, so a new widget's demo page needs no list of its own.
 * @param {{ page: string, siteWidgets?: boolean }} route
 * @returns {string[]}
 */
export function routeWidgets(route) {
  const content = readFileSync(join(here, 'pages', `${route.page}.html`), 'utf8')
  const site = route.siteWidgets === false ? '' : HEADER_WIDGETS + SITE_WIDGETS
  return [...new Set([...(content + site).matchAll(/data-widget="([\w-]+)"/g)].map((m) => m[1]))]
}

/**
 * A route's page.
 * @param {object} [options]
 * @param {'demo' | 'prod' | 'naive'} [options.variant] how the page loads the library (default demo)
 * @param {string[]} [options.naiveCss] naive: the one-file build's stylesheets
 * @param {boolean} [options.analytics] GA4 analytics on in the config block
 * @param {boolean} [options.sessionVersion] the session version cookie named in it (default on)
 */
export async function renderRoute(
  route,
  { variant = 'demo', naiveCss = [], analytics = false, sessionVersion = true } = {},
) {
  const content = await readFile(join(here, 'pages', `${route.page}.html`), 'utf8')
  const t = chrome[route.locale] ?? chrome.en
  const scripts = (route.scripts ?? [])
    .map((src) => `    <script type="module" src="${escapeHtml(src)}"></script>`)
    .join('\n')
  return fill({
    ...libraryTags(variant, naiveCss),
    config: pageConfig(variant, { analytics, sessionVersion }),
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

/** The 404 page (`variant`, `analytics` and `sessionVersion` as for renderRoute). */
export function notFoundPage(
  pathname,
  { variant = 'demo', analytics = false, sessionVersion = true } = {},
) {
  const t = chrome.en
  return fill({
    ...libraryTags(variant),
    config: pageConfig(variant, { analytics, sessionVersion }),
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

/** Whether a request's cookies ask for the demo's GA4 analytics (`wine_demo_analytics=ga4`). */
export function wantsAnalytics(cookieHeader) {
  return /(?:^|;\s*)wine_demo_analytics=ga4(?:;|$)/.test(cookieHeader ?? '')
}

/**
 * The config block's options a request's cookies choose: GA4 analytics, and the session version
 * cookie unless the browser carries `wine_demo_session=none` (a site that sets none: every page
 * asks who is logged in; the session e2e tries both).
 */
export function demoOptions(cookieHeader) {
  return {
    analytics: wantsAnalytics(cookieHeader),
    sessionVersion: !/(?:^|;\s*)wine_demo_session=none(?:;|$)/.test(cookieHeader ?? ''),
  }
}

function fill(values) {
  // One pass, so text inserted for one placeholder is never scanned for another.
  return layout.replace(/\{\{(\w+)\}\}/g, (_, key) => values[key] ?? '')
}

/** Resolve a URL path under a directory; null when it escapes it. */
export function within(dir, rest) {
  const file = resolve(dir, '.' + sep + rest)
  return file === dir || file.startsWith(dir + sep) ? file : null
}

export function send(res, status, body, type, extra = {}) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache',
    ...extra,
  })
  res.end(body)
}

export async function sendFile(req, res, file, extra = {}) {
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

/**
 * Answers one request of the demo site in demo mode (MSW in the browser; prod mode: prod.mjs).
 * `transformHtml(pathname, html)` may rewrite a page before it is sent (the dev server points its
 * scripts at the sources and adds hot reload); `statics` replaces STATIC (another library build).
 */
export async function handle(
  req,
  res,
  { transformHtml = async (_path, html) => html, statics = STATIC } = {},
) {
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
    // (A HEAD answer gets the headers only: Node leaves the body out.)
    return send(res, 200, await demoWorkerSource(), TYPES['.js'], { 'Service-Worker-Allowed': '/' })
  }
  if (pathname === '/demo/bank' || pathname === '/demo/bank/') {
    const html = await readFile(BANK_PAGE, 'utf8')
    return send(res, 200, await transformHtml(pathname, html), TYPES['.html'])
  }
  for (const [prefix, dir] of statics) {
    if (!pathname.startsWith(prefix)) continue
    const file = within(dir, pathname.slice(prefix.length))
    if (file && (await sendFile(req, res, file))) return
    return send(res, 404, `Not found: ${pathname}`, 'text/plain; charset=utf-8')
  }
  const route = findRoute(pathname)
  const options = demoOptions(req.headers.cookie)
  if (route) {
    const html = await renderRoute(route, options)
    return send(res, 200, await transformHtml(pathname, html), TYPES['.html'])
  }
  const notFound = notFoundPage(pathname, options)
  return send(res, 404, await transformHtml(pathname, notFound), TYPES['.html'])
}
