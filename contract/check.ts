/**
 * The conformance kit: runs the contract (contract/openapi.yaml) against a live site and says,
 * check by check, what holds and what does not.
 *
 *   npm run contract:check -- --site https://staging.shop.example [--user email:password]
 *                             [--product W10001] [--version-cookie private_content_version]
 *
 * Answers are validated against the contract's schemas by the same Ajv check the unit run uses
 * (mocks/contract-check.ts); the server-side rules are probed from outside: the CSRF token on
 * every mutating call, the session cookie, identity from the session and never from the body,
 * points only from a paid order, Idempotency-Key bound to its body, a forged price refused, an
 * order without the buyer's age confirmation refused, the rate limits and `_reset_url`. Without `--user` the checks that need a customer are skipped;
 * without `--product` (a wine's odooCode) the forged-price check is. It never confirms a
 * payment (no card step runs, so nothing is charged, test mode or not), uses invented e-mail
 * addresses and order numbers, and takes back a points change a lax site made. It does exhaust
 * the rate limits of its own address last (the reset link's for an hour): run it from a
 * machine whose address the shop's own staff do not share.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { ContractCheck } from '../mocks/contract-check.ts'

export type Status = 'pass' | 'fail' | 'skip'

export interface Outcome {
  /** Stable, so a test or a CI log can name it. */
  name: string
  status: Status
  reason: string
}

export interface KitOptions {
  /** The site's origin, e.g. https://staging.shop.example */
  site: string
  user?: { email: string; password: string }
  /** A wine's odooCode the site sells, for the forged-price check. */
  product?: string
  /**
   * The site's session version cookie (`session.versionCookie` in its config block): readable by
   * scripts on purpose, so the session cookie's check leaves it out.
   */
  versionCookie?: string
  /** @default globalThis.fetch */
  fetch?: (request: Request) => Promise<Response>
}

interface RateLimit {
  limit: number
}
interface OperationFacts {
  'x-cache'?: { policy: string }
  'x-rate-limit'?: RateLimit[]
}
interface ContractFacts {
  paths: Record<string, Record<string, OperationFacts>>
}

const CONTRACT = readFileSync(join(import.meta.dirname, 'openapi.yaml'), 'utf8')
// The parsed YAML; `npm run lint:contract` checks its shape, these are the fields read here.
const facts = load(CONTRACT) as ContractFacts

/** The names of the checks, as they are printed. */
export const CHECKS = {
  reachable: 'site: GET /cp/auth/token answers',
  cache: 'cache: personal and POST answers are private, no-store',
  cookie: 'session cookie: HttpOnly, SameSite=Lax or Strict, Secure on https',
  rotation: 'csrf: the token changes on login and on logout',
  pointsHint: 'identity: a userEmail naming someone else reads no other balance',
  invoicesHint: 'identity: an odooID naming someone else opens no other invoices',
  pointsFromOrder: 'points: a document that is no paid order changes no balance',
  idempotency: 'idempotency: a reused Idempotency-Key with another body answers 422',
  forgedPrice: 'price: a forged price in cartlines is not what the order charges',
  ageConfirmed: 'age: an order without age_confirmed answers 422',
  resetUrl: 'reset link: _reset_url is not taken from the body',
  csrf: (operation: string) => `csrf: ${operation} without the token answers 419`,
  rate: (operation: string) => `rate limit: ${operation} answers 429 past its limit`,
  schema: (operation: string) => `schema: ${operation} answers as the contract says`,
} as const

type Body = { json: unknown } | { form: Record<string, string> } | null

const CONTACT = {
  name: 'Contract check',
  street: 'Rue du Test 1',
  zip: '1000',
  city: 'Bruxelles',
  country: 'Belgium',
  country_code: 'BE',
  email: 'nobody@example.invalid',
  phone: '+3220000000',
}

function cartLine(odooCode: string, odooId: number, price: number) {
  return {
    id: String(odooId),
    odooCode,
    odooId,
    name: 'Contract check',
    vintage: null,
    volume: '75cl',
    quantity: 1,
    price,
    type: 'product',
    wines: [],
    free_shipping: false,
    promotion: { type: 'none', points: 1, bogof: null },
  }
}

function orderForm(odooCode: string, odooId: number, price: number): Record<string, string> {
  return {
    locale: 'en',
    age_confirmed: 'true',
    contacts: JSON.stringify({
      invoice: CONTACT,
      delivery: CONTACT,
      vat: { number: '', valid: false, name: '' },
    }),
    cartlines: JSON.stringify([cartLine(odooCode, odooId, price)]),
  }
}

function confirmationForm(orderId: string): Record<string, string> {
  return {
    cartlines: '[]',
    shipping: '0',
    total: '0',
    invoice: JSON.stringify(CONTACT),
    delivery: JSON.stringify(CONTACT),
    redeemedPoints: '0',
    redeemedPointsAmount: '0',
    locale: 'en',
    orderId,
  }
}

/** The calls that change something or read the account: each must refuse a missing token. */
const MUTATING: [method: 'GET' | 'POST', path: string, body: Body][] = [
  ['GET', '/login/getcurrentuser', null],
  ['POST', '/login/loginuser', { json: { email: 'nobody@example.invalid', password: 'x' } }],
  ['POST', '/login/isexistingemail', { json: { email: 'nobody@example.invalid' } }],
  [
    'POST',
    '/user/createuser',
    { json: { email: 'contract-check@example.invalid', name: 'Contract check', password: 'x' } },
  ],
  [
    'POST',
    '/api/sendpasswordresetlink',
    {
      json: {
        email: 'nobody@example.invalid',
        _reset_url: 'https://shop.example/en/reset-password',
        locale: 'en',
      },
    },
  ],
  [
    'POST',
    '/api/resetpassword',
    {
      json: {
        locale: 'en',
        email: 'nobody@example.invalid',
        token: 'none',
        password: 'x',
        password_confirmation: 'x',
      },
    },
  ],
  [
    'POST',
    '/user/updateuserpoints',
    { json: { userEmail: 'nobody@example.invalid', date: '01/01/2026', document: 'X', points: 1 } },
  ],
  ['POST', '/user/getupdatedpoints', { json: { userEmail: 'nobody@example.invalid' } }],
  ['POST', '/user/getinvoices', { json: { odooID: 1, locale: 'en' } }],
  ['POST', '/api/createorderinodoo', { form: orderForm('CHECK', 1, 0.01) }],
  [
    'POST',
    '/api/createpaymentintent',
    {
      json: {
        card: 'card',
        amount_total: 1,
        name: 'CHECK',
        orderId: 'CHECK',
        customer_name: 'Contract check',
        customer_email: 'nobody@example.invalid',
      },
    },
  ],
  ['POST', '/api/checkoutorder', { json: { orderId: 'CHECK' } }],
  ['POST', '/api/sendorderconfirmation', { form: confirmationForm('CHECK') }],
  ['GET', '/login/logoutuser', null],
]

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`

/** What every call of the run shares: cookies, the contract's check, what was seen. */
class Browser {
  private readonly cookies = new Map<string, string>()
  /** Every Set-Cookie line the site sent. */
  readonly setCookies: string[] = []
  /** Per operation exercised: what its answers broke of the contract. */
  readonly schemaProblems = new Map<string, string[]>()
  /** Operations whose no-store answer lacked `private, no-store`, with what they sent. */
  readonly cacheProblems = new Map<string, string>()
  private readonly check = new ContractCheck(CONTRACT)

  private readonly origin: string
  private readonly fetcher: (request: Request) => Promise<Response>

  // Plain fields, not parameter properties: Node runs this file by stripping its types.
  constructor(origin: string, fetcher: (request: Request) => Promise<Response>) {
    this.origin = origin
    this.fetcher = fetcher
  }

  async send(
    method: 'GET' | 'POST',
    path: string,
    body: Body,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const sent = new Headers({ Accept: 'application/json', ...headers })
    if (this.cookies.size > 0)
      sent.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    let payload: BodyInit | undefined
    if (body && 'json' in body) {
      sent.set('Content-Type', 'application/json')
      payload = JSON.stringify(body.json)
    } else if (body) {
      const form = new FormData()
      for (const [name, value] of Object.entries(body.form)) form.append(name, value)
      payload = form
    }
    const request = new Request(new URL(path, this.origin), {
      method,
      headers: sent,
      body: payload,
    })
    const response = await this.fetcher(request)
    for (const line of response.headers.getSetCookie()) {
      this.setCookies.push(line)
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      if (value === '' || /;\s*max-age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const route = this.check.route(method, new URL(request.url))
    if (route) {
      const problems = await this.check.checkResponse(route, response.clone())
      const known = this.schemaProblems.get(route.key) ?? []
      this.schemaProblems.set(route.key, [
        ...known,
        ...problems.map((p) => `${response.status}: ${p}`),
      ])
      const policy = facts.paths[path]?.[method.toLowerCase()]?.['x-cache']?.policy
      const cache = response.headers.get('Cache-Control') ?? ''
      if (policy === 'no-store' && !(/\bprivate\b/.test(cache) && /\bno-store\b/.test(cache)))
        this.cacheProblems.set(route.key, cache || 'no Cache-Control')
    }
    return response
  }

  async token(): Promise<string> {
    return (await (await this.send('GET', '/cp/auth/token', null)).text()).trim()
  }

  /** A call with the current token, as the widgets send it. */
  async withToken(method: 'GET' | 'POST', path: string, body: Body, headers = {}) {
    return this.send(method, path, body, { ...headers, 'X-CSRF-TOKEN': await this.token() })
  }

  async json(response: Response): Promise<unknown> {
    try {
      return (await response.json()) as unknown
    } catch {
      return null
    }
  }
}

type Verdict = string | null | { skip: string }

/** Runs every check against the site; never throws (a check that fails to run fails). */
export async function runKit(options: KitOptions): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  const browser = new Browser(options.site, options.fetch ?? ((r) => fetch(r)))
  const check = async (name: string, run: () => Verdict | Promise<Verdict>) => {
    try {
      const verdict = await run()
      if (verdict === null) outcomes.push({ name, status: 'pass', reason: '' })
      else if (typeof verdict === 'string') outcomes.push({ name, status: 'fail', reason: verdict })
      else outcomes.push({ name, status: 'skip', reason: verdict.skip })
    } catch (error) {
      outcomes.push({ name, status: 'fail', reason: `could not run: ${String(error)}` })
    }
  }
  const { user, product } = options
  const needsUser = { skip: 'needs --user email:password' }

  let before: string
  try {
    before = await browser.token()
  } catch (error) {
    return [{ name: CHECKS.reachable, status: 'fail', reason: String(error) }]
  }
  let loggedIn = false
  let me: { points: number; odooID: number; email: string } | null = null
  if (user) {
    const login = await browser.withToken('POST', '/login/loginuser', { json: user })
    const answer = await browser.json(login)
    loggedIn = isRecord(answer) && answer.isLoggedIn === true
    const current = await browser.json(
      await browser.withToken('GET', '/login/getcurrentuser', null),
    )
    if (isRecord(current) && isRecord(current.user) && typeof current.points === 'number')
      me = {
        points: current.points,
        odooID: Number(current.user.odooID),
        email: String(current.user.email),
      }
  }
  const afterLogin = await browser.token()
  const balance = async () => {
    const answer = await browser.json(
      await browser.withToken('POST', '/user/getupdatedpoints', {
        json: { userEmail: me?.email ?? '' },
      }),
    )
    return isRecord(answer) ? Number(answer.points) : NaN
  }

  for (const [method, path, body] of MUTATING) {
    if (path === '/login/logoutuser') continue
    await check(CHECKS.csrf(`${method} ${path}`), async () => {
      const answer = await browser.send(method, path, body)
      return answer.status === 419 ? null : `answered ${answer.status}`
    })
  }

  await check(CHECKS.pointsHint, async () => {
    if (!me) return needsUser
    const other = await browser.withToken('POST', '/user/getupdatedpoints', {
      json: { userEmail: `someone-else-${unique()}@example.invalid` },
    })
    if (other.status === 403 || other.status === 404) return null
    const answer = await browser.json(other)
    if (other.ok && isRecord(answer) && Number(answer.points) === me.points) return null
    return `answered ${other.status} ${JSON.stringify(answer)}, not 403 or the session's balance ${me.points}`
  })

  await check(CHECKS.invoicesHint, async () => {
    if (!me) return needsUser
    const read = async (odooID: number) =>
      browser.withToken('POST', '/user/getinvoices', { json: { odooID, locale: 'en' } })
    const own = JSON.stringify(await browser.json(await read(me.odooID)))
    const other = await read(me.odooID + 1)
    if (other.status === 403) return null
    const answer = JSON.stringify(await browser.json(other))
    return other.ok && answer === own
      ? null
      : `odooID ${me.odooID + 1} answered ${other.status} with other invoices than the session's`
  })

  await check(CHECKS.pointsFromOrder, async () => {
    if (!me) return needsUser
    const start = await balance()
    const document = `CHECK-${unique()}`
    const { email } = me
    const update = (points: number) =>
      browser.withToken(
        'POST',
        '/user/updateuserpoints',
        { json: { userEmail: email, date: '01/01/2026', document, points } },
        { 'Idempotency-Key': `contract-check-${unique()}` },
      )
    const answer = await update(7)
    const after = await balance()
    if (after !== start) await update(start - after) // give back what a lax site added
    if (answer.ok || after !== start)
      return `document ${document} answered ${answer.status}, balance ${start} -> ${after}`
    return null
  })

  await check(CHECKS.idempotency, async () => {
    if (!loggedIn) return needsUser
    const key = { 'Idempotency-Key': `contract-check-${unique()}` }
    const checkout = (orderId: string) =>
      browser.withToken('POST', '/api/checkoutorder', { json: { orderId } }, key)
    const first = await checkout(`CHECK-${unique()}`)
    const second = await checkout(`CHECK-${unique()}`)
    return second.status === 422
      ? null
      : `the same key with another orderId answered ${second.status} (first ${first.status})`
  })

  /** The variant the forged-price check found on sale, for the age check. */
  let onSale: { odooCode: string; id: number; price: number } | null = null
  await check(CHECKS.forgedPrice, async () => {
    if (!loggedIn) return needsUser
    if (!product) return { skip: 'needs --product <odooCode of a wine on sale>' }
    const vintages = await browser.json(
      await browser.send('POST', '/api/getwinevariants', {
        json: { odooCode: product, locale: 'en', name: '' },
      }),
    )
    const variant = listOf(vintages)
      .flatMap((v) => (isRecord(v) ? listOf(v.variants) : []))
      .find((v) => isRecord(v) && Number(v.price) > 1 && Number(v.qty_available) > 0)
    if (!isRecord(variant)) return `no variant of ${product} on sale (getwinevariants)`
    onSale = { odooCode: product, id: Number(variant.id), price: Number(variant.price) }
    const created = await browser.json(
      await browser.withToken(
        'POST',
        '/api/createorderinodoo',
        { form: orderForm(product, Number(variant.id), 0.01) },
        { 'Idempotency-Key': `contract-check-${unique()}` },
      ),
    )
    if (!isRecord(created) || typeof created.orderNumber !== 'string')
      return `the order was not created: ${JSON.stringify(created)}`
    // The forged total, 1 cent: a site that recomputed the line refuses to charge it (409).
    const intent = await browser.withToken(
      'POST',
      '/api/createpaymentintent',
      {
        json: {
          card: 'card',
          amount_total: 1,
          name: created.orderNumber,
          orderId: created.orderNumber,
          customer_name: 'Contract check',
          customer_email: me?.email ?? '',
        },
      },
      { 'Idempotency-Key': `contract-check-${unique()}` },
    )
    return intent.status === 409
      ? null
      : `an intent of 1 cent for order ${created.orderNumber} (price forged to 0.01) answered ${intent.status}`
  })

  await check(CHECKS.ageConfirmed, async () => {
    if (!loggedIn) return needsUser
    // A variant on sale, so that the missing confirmation is the only thing wrong; never paid.
    if (!onSale) return { skip: 'needs --product <odooCode of a wine on sale>' }
    const withoutAge = Object.fromEntries(
      Object.entries(orderForm(onSale.odooCode, onSale.id, onSale.price)).filter(
        ([name]) => name !== 'age_confirmed',
      ),
    )
    const answer = await browser.withToken(
      'POST',
      '/api/createorderinodoo',
      { form: withoutAge },
      { 'Idempotency-Key': `contract-check-${unique()}` },
    )
    return answer.status === 422
      ? null
      : `an order without age_confirmed answered ${answer.status}: ${JSON.stringify(await browser.json(answer))}`
  })

  await check(CHECKS.resetUrl, async () => {
    const answer = await browser.withToken('POST', '/api/sendpasswordresetlink', {
      json: {
        email: `contract-check-${unique()}@example.invalid`,
        _reset_url: 'https://attacker.example/en/reset-password',
        locale: 'en',
      },
    })
    if (answer.status === 422 || answer.status === 400) return null
    return answer.ok
      ? { skip: 'accepted; whether the e-mail links to the shop is not visible from outside' }
      : `answered ${answer.status}`
  })

  if (loggedIn) {
    await browser.withToken('GET', '/login/logoutuser', null)
  }
  const afterLogout = await browser.token()
  await check(CHECKS.rotation, () => {
    if (!user) return needsUser
    if (!loggedIn) return `could not log in as ${user.email}`
    if (before === afterLogin) return 'the token did not change on login'
    return afterLogout === afterLogin ? 'the token did not change on logout' : null
  })

  await check(CHECKS.cookie, () => {
    if (browser.setCookies.length === 0) return 'no Set-Cookie in any answer'
    const https = new URL(options.site).protocol === 'https:'
    const isVersion = (line: string) =>
      options.versionCookie !== undefined && line.startsWith(`${options.versionCookie}=`)
    const bad = browser.setCookies.filter(
      (line) =>
        !isVersion(line) &&
        (!/;\s*httponly/i.test(line) ||
          !/;\s*samesite=(lax|strict)/i.test(line) ||
          (https && !/;\s*secure/i.test(line))),
    )
    return bad.length === 0 ? null : `cookies lacking attributes: ${bad.join(' | ')}`
  })

  // Last: these use up the limits of this address.
  const run = unique()
  const limited: [string, (n: number) => Body][] = [
    ['/login/loginuser', () => ({ json: { email: `rate-${run}@example.invalid`, password: 'x' } })],
    ['/login/isexistingemail', () => ({ json: { email: `rate-${run}@example.invalid` } })],
    [
      '/api/sendpasswordresetlink',
      () => ({
        json: {
          email: `rate-${run}@example.invalid`,
          _reset_url: `${options.site.replace(/\/+$/, '')}/en/reset-password`,
          locale: 'en',
        },
      }),
    ],
  ]
  for (const [path, body] of limited)
    await check(CHECKS.rate(`POST ${path}`), async () => {
      // The tightest counter: the others count the same calls.
      const limits = (facts.paths[path]?.post?.['x-rate-limit'] ?? []).map((r) => r.limit)
      const limit = limits.length > 0 ? Math.min(...limits) : 0
      for (let n = 0; n <= limit; n++) {
        const answer = await browser.withToken('POST', path, body(n))
        if (answer.status === 429)
          return Number(answer.headers.get('Retry-After')) > 0 ? null : '429 without Retry-After'
      }
      return `${limit + 1} calls answered none 429`
    })

  await check(CHECKS.cache, () =>
    browser.cacheProblems.size === 0
      ? null
      : [...browser.cacheProblems].map(([op, sent]) => `${op}: ${sent}`).join('; '),
  )
  for (const [operation, problems] of browser.schemaProblems)
    await check(CHECKS.schema(operation), () =>
      problems.length === 0 ? null : [...new Set(problems)].join('; '),
    )
  return outcomes
}

/** `--site <origin> [--user email:password] [--product odooCode] [--version-cookie name]` */
export function parseArguments(args: readonly string[]): KitOptions {
  const value = (flag: string) => {
    const at = args.indexOf(flag)
    return at >= 0 ? args[at + 1] : undefined
  }
  const site = value('--site')
  if (!site)
    throw new Error(
      'usage: npm run contract:check -- --site <origin> [--user email:password] [--product odooCode] [--version-cookie name]',
    )
  const user = value('--user')
  const colon = user?.indexOf(':') ?? -1
  if (user !== undefined && colon < 1) throw new Error('--user is email:password')
  const product = value('--product')
  const versionCookie = value('--version-cookie')
  return {
    site,
    ...(versionCookie && { versionCookie }),
    ...(user && { user: { email: user.slice(0, colon), password: user.slice(colon + 1) } }),
    ...(product && { product }),
  }
}

async function main() {
  let options: KitOptions
  try {
    options = parseArguments(process.argv.slice(2))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exitCode = 2
    return
  }
  console.log(`Contract check of ${options.site}\n`)
  const outcomes = await runKit(options)
  for (const { name, status, reason } of outcomes)
    console.log(`${status.toUpperCase().padEnd(4)}  ${name}${reason ? `\n      ${reason}` : ''}`)
  const failed = outcomes.filter((o) => o.status === 'fail').length
  const skipped = outcomes.filter((o) => o.status === 'skip').length
  console.log(
    `\n${outcomes.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped`,
  )
  process.exitCode = failed > 0 ? 1 : 0
}

if (process.argv[1] === import.meta.filename) await main()
