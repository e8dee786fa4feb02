/**
 * What a visit costs the shop's server: the five-page visit (home, a grapes index, the
 * cart, home again, the giftbox) in one tab, counting the requests that reach the origin. Each
 * request is matched to its operation in contract/openapi.yaml and counted by the operation's tag:
 *
 * - account: the `session` and `account` calls (/cp/, /login/, /user/, the account /api/ calls),
 *   personal and `no-store`, so every one reaches the CMS (PHP, sessions);
 * - collections: the CMS collection reads (`cms`), which a CDN may keep briefly but each of which
 *   is a full `limit=1000` read when it does not;
 * - other: the rest of the site's calls (catalogue, checkout, proxies), shown, not counted.
 *
 * Counted for an anonymous visitor and for one who logged in on the login page first (the login
 * itself is not counted), against `origin` in bench/budget.json.
 *
 *   node bench/run.mjs origin     (this measurement alone; dist/ and dist-demo/ built)
 */
import { readFileSync } from 'node:fs'
import yaml from 'js-yaml'
import { markdownTable } from './serve.mjs'

/** The visit, in order: real demo paths (demo-pages/routes.json). */
export const VISIT = ['/en/', '/en/grapes', '/en/cart', '/en/', '/en/giftbox']
const LOGIN = { page: '/en/login', email: 'claire@example.com', password: 'droplets-420' }

/** Each contract path as a pattern with the tag of its operation(s). */
function contractOperations() {
  const contract = yaml.load(readFileSync(new URL('../contract/openapi.yaml', import.meta.url)))
  return Object.entries(contract.paths).map(([path, item]) => {
    const tags = Object.values(item).flatMap((op) => (op && op.tags) || [])
    const pattern = path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')
    return { path, tag: tags[0] ?? 'other', pattern: new RegExp(`^${pattern}$`) }
  })
}

const kindOf = (tag) =>
  tag === 'session' || tag === 'account' ? 'account' : tag === 'cms' ? 'collections' : 'other'

/** Resolves when every widget tag mounted or failed and the network has been quiet. */
async function settle(page) {
  await page.waitForFunction(
    () =>
      document.readyState !== 'loading' &&
      window.WineWidgets !== undefined &&
      [...document.querySelectorAll('[data-widget]')].every(
        (el) => el.hasAttribute('data-widget-mounted') || el.hasAttribute('data-widget-error'),
      ),
    null,
    { timeout: 20_000 },
  )
  await page.waitForLoadState('networkidle')
  // The index's sliders mount once it has drawn: let them ask too.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))),
  )
  await page.waitForLoadState('networkidle')
}

async function logIn(page, base) {
  await page.goto(base + LOGIN.page)
  await settle(page)
  const form = page.locator('[data-widget="login"]')
  await form.getByLabel('E-mail address').fill(LOGIN.email)
  await form.getByLabel('Password', { exact: true }).fill(LOGIN.password)
  await form.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.waitForFunction(
    () => JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}').session?.isLoggedIn,
    null,
    { timeout: 10_000 },
  )
}

/** One visit in a fresh tab: the origin requests of each page, by kind. */
async function visit(browser, base, operations, loggedIn, noVersion = false) {
  const context = await browser.newContext()
  // A site that sets no session version cookie: the demo then names none in the config block.
  if (noVersion) await context.addCookies([{ name: 'wine_demo_session', value: 'none', url: base }])
  const page = await context.newPage()
  if (loggedIn) await logIn(page, base)
  let current = null
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin !== base || !current) return
    const op = operations.find((o) => o.pattern.test(url.pathname))
    if (!op) return
    const kind = kindOf(op.tag)
    current[kind] += 1
    current.calls.push(`${request.method()} ${url.pathname}`)
  })
  const pages = []
  for (const path of VISIT) {
    current = { path, account: 0, collections: 0, other: 0, calls: [] }
    pages.push(current)
    await page.goto(base + path)
    await settle(page)
  }
  current = null
  await context.close()
  return pages
}

/**
 * The visitors: anonymous and logged in on a site with the session version cookie, and (quoted,
 * no limit) the same without it.
 */
const VISITORS = [
  ['anonymous', 'anonymous', false, false],
  ['loggedIn', 'logged in', true, false],
  ['anonymousNoVersion', 'anonymous, no version cookie', false, true],
  ['loggedInNoVersion', 'logged in, no version cookie', true, true],
]

/** The visit for every visitor: per page and in total (counted = account + collections). */
export async function measureOrigin(browser, base) {
  const operations = contractOperations()
  const result = {}
  for (const [who, , loggedIn, noVersion] of VISITORS) {
    const pages = await visit(browser, base, operations, loggedIn, noVersion)
    const total = (key) => pages.reduce((sum, p) => sum + p[key], 0)
    result[who] = {
      pages,
      account: total('account'),
      collections: total('collections'),
      other: total('other'),
      counted: total('account') + total('collections'),
    }
  }
  return result
}

/** The table: per visitor, each page's counts, the total and the target. */
export function originTable(origin, budget = {}) {
  const head = ['visitor', ...VISIT.map((p, i) => `${i + 1}. ${p}`), 'total', 'target']
  const rows = []
  for (const [who, label] of VISITORS) {
    const r = origin[who]
    if (!r) continue
    const target = budget[who]?.maxCounted
    rows.push([
      label,
      ...r.pages.map((p) => `${p.account + p.collections} (${p.account}+${p.collections})`),
      String(r.counted),
      target === undefined ? '-' : `≤ ${target}`,
    ])
  }
  return markdownTable(head, rows)
}

/** Every count over its limit in `budget` (bench/budget.json `origin`). */
export function originProblems(origin, budget = {}) {
  const problems = []
  for (const who of ['anonymous', 'loggedIn']) {
    const limit = budget[who]?.maxCounted
    const r = origin[who]
    if (limit !== undefined && r.counted > limit)
      problems.push(
        `origin (${who}): ${r.counted} requests > ${limit} (${r.pages.flatMap((p) => p.calls).join(', ')})`,
      )
  }
  return problems
}
