// @vitest-environment node
/**
 * The conformance kit (contract/check.ts, `npm run contract:check`) against two sites: a
 * deliberately lax one (a small HTTP server here that does everything the contract forbids),
 * where every check must fail by name, and `npm run demo:prod`'s API (demo-pages/server.mjs in
 * prod mode over the mocks' handlers, in process, as mocks/server-api.test.ts starts it), where
 * every check must pass.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { http, passthrough } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CHECKS, parseArguments, runKit, type Outcome } from '../contract/check'
import { createDemoServer } from '../demo-pages/server.mjs'
import { probingTheMockServer } from './contract-listener'
import { server as mswServer } from './node'
import { answer } from './server-api'

// The kit sends calls without a token and with reused keys on purpose.
probingTheMockServer('the conformance kit probes the site with wrong requests')

const CLAIRE = { email: 'claire@example.com', password: 'droplets-420' }

const user = { name: 'Claire', email: CLAIRE.email, odooID: 1001 }
/** The lax site's one customer balance, which its points call changes from the body. */
const lax = { balance: 420 }

/** Everything the contract forbids: no CSRF, identity from the body, no limits, no key binding. */
function laxAnswer(path: string, fields: Record<string, unknown>): unknown {
  switch (path) {
    case '/cp/auth/token':
      return 'always-the-same'
    case '/login/loginuser':
    case '/login/getcurrentuser':
      return { isLoggedIn: true, user, points: lax.balance }
    case '/user/getupdatedpoints':
      return { points: fields.userEmail === CLAIRE.email ? lax.balance : 5 }
    case '/user/getinvoices':
      return { invoices: fields.odooID === 1001 ? [] : [{ date: '2026-01-01' }] }
    case '/user/updateuserpoints':
      lax.balance += Number(fields.points)
      return {}
    case '/api/getwinevariants':
      return [
        {
          vintage: '2019',
          active: 1,
          variants: [{ id: 5, volume: '75cl', price: 12, qty_available: 3 }],
        },
      ]
    case '/api/createorderinodoo':
      return { orderCreated: true, orderNumber: 4201 }
    case '/api/createpaymentintent':
      return { client_secret: 'pi_1_secret_2' }
    default:
      return {}
  }
}

function laxSite(request: IncomingMessage, response: ServerResponse, body: string) {
  const path = new URL(request.url ?? '/', 'http://lax').pathname
  // The kit's JSON bodies; its form bodies are not read by this site.
  const fields = (body.startsWith('{') ? JSON.parse(body) : {}) as Record<string, unknown>
  const value = laxAnswer(path, fields)
  response.writeHead(200, {
    'Content-Type': typeof value === 'string' ? 'text/plain' : 'application/json',
    'Cache-Control': 'no-store',
    'Set-Cookie': 'sid=1; Path=/',
  })
  response.end(typeof value === 'string' ? value : JSON.stringify(value))
}

async function listen(handler: Parameters<typeof createServer>[1]) {
  const site = createServer(handler)
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  // Listening on a TCP port, address() is an AddressInfo (a string only for pipes).
  return { site, origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}` }
}

const laxServer = await listen((request, response) => {
  const parts: Buffer[] = []
  request.on('data', (part: Buffer) => parts.push(part))
  request.on('end', () => laxSite(request, response, Buffer.concat(parts).toString()))
})
const dist = mkdtempSync(join(tmpdir(), 'wt-kit-dist-'))
const demo = createDemoServer({ mode: 'prod', api: { answer }, dist })
let demoOrigin = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => demo.listen(0, '127.0.0.1', resolve))
  // As above: a TCP port.
  demoOrigin = `http://127.0.0.1:${(demo.address() as AddressInfo).port}`
})

// The test process's own MSW server intercepts outgoing requests: let those to the sites through.
beforeEach(() => {
  mswServer.use(
    http.all(`${laxServer.origin}/*`, () => passthrough()),
    http.all(`${demoOrigin}/*`, () => passthrough()),
  )
})

afterAll(async () => {
  await new Promise((resolve) => laxServer.site.close(resolve))
  await new Promise((resolve) => demo.close(resolve))
  rmSync(dist, { recursive: true, force: true })
})

const byName = (outcomes: Outcome[]) => Object.fromEntries(outcomes.map((o) => [o.name, o.status]))

/** The checks that do not depend on which operations were called. */
const RULES = [
  CHECKS.cache,
  CHECKS.cookie,
  CHECKS.rotation,
  CHECKS.pointsHint,
  CHECKS.invoicesHint,
  CHECKS.pointsFromOrder,
  CHECKS.idempotency,
  CHECKS.forgedPrice,
  CHECKS.ageConfirmed,
  ...[
    'GET /login/getcurrentuser',
    'POST /login/loginuser',
    'POST /login/isexistingemail',
    'POST /user/createuser',
    'POST /api/sendpasswordresetlink',
    'POST /api/resetpassword',
    'POST /user/updateuserpoints',
    'POST /user/getupdatedpoints',
    'POST /user/getinvoices',
    'POST /api/createorderinodoo',
    'POST /api/createpaymentintent',
    'POST /api/checkoutorder',
    'POST /api/sendorderconfirmation',
  ].map((operation) => CHECKS.csrf(operation)),
  ...['/login/loginuser', '/login/isexistingemail', '/api/sendpasswordresetlink'].map((path) =>
    CHECKS.rate(`POST ${path}`),
  ),
]

describe('npm run contract:check', () => {
  it('reads --site, --user and --product', () => {
    expect(
      parseArguments([
        '--site',
        'https://staging.example',
        '--user',
        'a@b.be:p:w',
        '--product',
        'W1',
      ]),
    ).toEqual({
      site: 'https://staging.example',
      user: { email: 'a@b.be', password: 'p:w' },
      product: 'W1',
    })
    expect(() => parseArguments(['--user', 'a@b.be:p'])).toThrow(/usage/)
  })

  it('names every check a lax site fails', async () => {
    const outcomes = byName(
      await runKit({ site: laxServer.origin, user: CLAIRE, product: 'W10001' }),
    )
    expect(Object.fromEntries(RULES.map((name) => [name, outcomes[name]]))).toEqual(
      Object.fromEntries(RULES.map((name) => [name, 'fail'])),
    )
    // Accepted, and what the e-mail links to cannot be seen from outside.
    expect(outcomes[CHECKS.resetUrl]).toBe('skip')
    // An integer order number and a bare token answer are not the contract's shapes.
    expect(outcomes[CHECKS.schema('POST /api/createorderinodoo')]).toBe('fail')
    expect(outcomes[CHECKS.schema('GET /login/logoutuser')]).toBe('fail')
  }, 30_000)

  it("passes against demo:prod's API", async () => {
    const outcomes = await runKit({
      site: demoOrigin,
      user: CLAIRE,
      product: 'W10001',
      versionCookie: 'private_content_version',
    })
    const failing = outcomes.filter((o) => o.status === 'fail')
    expect(failing.map((o) => `${o.name}: ${o.reason}`)).toEqual([])
    expect(byName(outcomes)[CHECKS.resetUrl]).toBe('skip')
  }, 30_000)
})
