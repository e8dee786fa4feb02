/**
 * One truth: every number contract/openapi.yaml states about the three proxies (caps, rates, body
 * sizes, the cache header) is what the proxies built by `createProxiesFromEnv` (server/config.ts,
 * the default limits) actually enforce. Each check reads the number from the contract and probes
 * the proxies with it, so changing a limit on one side only fails here.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { createProxiesFromEnv } from './config'

interface RateLimit {
  key: string
  limit: number
  windowSeconds: number
}
interface Schema {
  maximum?: number
  maxItems?: number
  maxLength?: number
  const?: string
  properties?: Record<string, Schema>
  items?: Schema
  $ref?: string
}
interface Operation {
  'x-server-must'?: string[]
  'x-rate-limit'?: RateLimit[]
  'x-max-body-bytes'?: number
  responses: Record<string, unknown>
}
interface Contract {
  paths: Record<string, { post?: Operation }>
  components: { schemas: Record<string, Schema>; headers: Record<string, { schema: Schema }> }
}

// The parsed YAML; `npm run lint:contract` checks its shape, these are the fields read here.
const contract = load(
  readFileSync(join(import.meta.dirname, '../contract/openapi.yaml'), 'utf8'),
) as Contract
const { schemas } = contract.components

function post(path: string): Operation {
  const operation = contract.paths[path]?.post
  if (!operation) throw new Error(`the contract has no POST ${path}`)
  return operation
}

/** A number the contract must state (the test fails, naming it, when it does not). */
function stated(value: number | undefined, what: string): number {
  if (value === undefined) throw new Error(`the contract states no ${what}`)
  return value
}

const SEARCH = '/1/indexes/*/queries'
const SHIPPING = '/api/rules/evaluate/shipping'
const LOYALTY = '/api/rules/evaluate/loyalty'
const SOMMELIER = '/api/sommelier'
const SITE = 'https://shop.test'

/** A schema, or the one its `$ref` names. */
const deref = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? schemas[schema.$ref.split('/').at(-1) ?? ''] : schema

const request = schemas.SearchRequest?.properties ?? {}
const chatMessages = schemas.ChatRequest?.properties?.messages

/** The site, the model, the rules service and the search service, all answering at once. */
async function upstreams(request: Request): Promise<Response> {
  const url = new URL(request.url)
  if (url.pathname === '/login/getcurrentuser') {
    const who = /session=([\w-]+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? ''
    return Response.json({ isLoggedIn: true, user: { email: `${who}@example.com` }, points: 0 })
  }
  if (url.hostname === 'llm.test')
    return new Response('data: [DONE]\n\n', { headers: { 'Content-Type': 'text/event-stream' } })
  if (url.hostname === 'rules.test') return Response.json({ result: { output: 0 } })
  return Response.json({ results: [] })
}

const ENV = {
  SITE_URL: SITE,
  LLM_BASE_URL: 'https://llm.test/v1',
  LLM_API_KEY: 'sk-test',
  RULES_URL: 'https://rules.test/api/projects/p',
  RULES_TOKEN: 'rules-token',
  ALGOLIA_APP_ID: 'SHOPAPP',
  ALGOLIA_SEARCH_KEY: 'search-only-key',
}

/** Fresh proxies (fresh counts) with the defaults of server/config.ts. */
function proxies() {
  const { handle, skipped } = createProxiesFromEnv(ENV, { fetch: upstreams, log: () => {} })
  expect(skipped).toEqual([])
  return async (path: string, body: string, init: { ip?: string; cookie?: string } = {}) => {
    const answer = await handle(
      new Request(`${SITE}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(init.cookie && { Cookie: `session=${init.cookie}` }),
        },
        body,
      }),
      { ip: init.ip ?? '203.0.113.7' },
    )
    if (!answer) throw new Error(`no proxy answers ${path}`)
    return answer
  }
}

const searchBody = (fields: Record<string, unknown>, count = 1) =>
  JSON.stringify({
    requests: Array.from({ length: count }, () => ({ indexName: 'wines_fr', ...fields })),
  })
const searchPath = `/algolia${SEARCH}`
const shipping = JSON.stringify({
  context: { cartAmount: 42, bottles: 6, free: false, countryCode: 'BE' },
})
const loyalty = JSON.stringify({
  context: { date: '2026-12-03', wineCode: 'W10001', vintage: '2019', volume: '75cl' },
})
const chat = (messages: { role: string; content: string }[]) =>
  JSON.stringify({ locale: 'fr', messages })
const question = { role: 'user', content: 'Un vin pour un poulet rôti ?' }

describe('the contract states the numbers the proxies enforce', () => {
  describe('search caps (SearchRequest, SearchQueries)', () => {
    for (const field of ['hitsPerPage', 'page', 'maxValuesPerFacet'] as const)
      it(`${field}: the contract maximum`, async () => {
        const max = stated(request[field]?.maximum, `${field} maximum`)
        const send = proxies()
        expect((await send(searchPath, searchBody({ [field]: max }))).status).toBe(200)
        expect((await send(searchPath, searchBody({ [field]: max + 1 }))).status).toBe(400)
      })

    it('query: the contract maxLength', async () => {
      const max = stated(request.query?.maxLength, 'query maxLength')
      const send = proxies()
      expect((await send(searchPath, searchBody({ query: 'a'.repeat(max) }))).status).toBe(200)
      const longer = searchBody({ query: 'a'.repeat(max + 1) })
      expect((await send(searchPath, longer)).status).toBe(400)
    })

    it('requests a call: the contract maxItems', async () => {
      const max = stated(schemas.SearchQueries?.properties?.requests?.maxItems, 'requests maxItems')
      const send = proxies()
      expect((await send(searchPath, searchBody({}, max))).status).toBe(200)
      expect((await send(searchPath, searchBody({}, max + 1))).status).toBe(400)
    })

    it('the server-must text says the same caps as the schema', () => {
      const text = (post(SEARCH)['x-server-must'] ?? []).join(' ')
      expect(/`hitsPerPage` at most (\d+)/.exec(text)?.[1]).toBe(
        String(request.hitsPerPage?.maximum),
      )
      expect(/at most (\d+) requests a call/.exec(text)?.[1]).toBe(
        String(schemas.SearchQueries?.properties?.requests?.maxItems),
      )
    })
  })

  describe('sommelier caps (ChatRequest)', () => {
    it('messages: the contract maxItems, each at most the contract maxLength', async () => {
      const lines = stated(chatMessages?.maxItems, 'messages maxItems')
      const length = stated(
        deref(chatMessages?.items)?.properties?.content?.maxLength,
        'message maxLength',
      )
      const send = proxies()
      const turns = (n: number) => [...Array.from({ length: n - 1 }, () => question), question]
      const cookie = 'claire'
      expect((await send(SOMMELIER, chat(turns(lines)), { cookie })).status).toBe(200)
      expect((await send(SOMMELIER, chat(turns(lines + 1)), { cookie })).status).toBe(400)
      const long = { role: 'user', content: 'a'.repeat(length) }
      expect((await send(SOMMELIER, chat([long]), { cookie })).status).toBe(200)
      const longer = { role: 'user', content: 'a'.repeat(length + 1) }
      expect((await send(SOMMELIER, chat([longer]), { cookie })).status).toBe(400)
    })
  })

  describe('rate limits (x-rate-limit)', () => {
    const limitOf = (path: string, key: string): number => {
      const rules = post(path)['x-rate-limit'] ?? []
      const rule = Array.isArray(rules) ? rules.find((r) => r.key === key) : undefined
      expect(rule?.windowSeconds, `${path}: the window of the limit per ${key}`).toBe(60)
      return stated(rule?.limit, `rate limit per ${key} of ${path}`)
    }

    /** `limit` answers pass, the next one is 429 with Retry-After. */
    async function holds(limit: number, call: (n: number) => Promise<Response>) {
      for (let n = 0; n < limit; n++) expect((await call(n)).status, `call ${n + 1}`).not.toBe(429)
      const refused = await call(limit)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    }

    it('search: per client address', async () => {
      const send = proxies()
      await holds(limitOf(SEARCH, 'client address'), () => send(searchPath, searchBody({})))
    })

    for (const [path, body] of [
      [SHIPPING, shipping],
      [LOYALTY, loyalty],
    ] as const)
      it(`${path}: per client address`, async () => {
        const send = proxies()
        await holds(limitOf(path, 'client address'), () => send(path, body))
      })

    it('sommelier: per customer', async () => {
      const send = proxies()
      await holds(limitOf(SOMMELIER, 'customer'), () =>
        send(SOMMELIER, chat([question]), { cookie: 'claire' }),
      )
    })

    it('sommelier: per client address, whoever is logged in', async () => {
      const send = proxies()
      await holds(limitOf(SOMMELIER, 'client address'), (n) =>
        send(SOMMELIER, chat([question]), { cookie: `shopper-${n}` }),
      )
    })
  })

  describe('body sizes (x-max-body-bytes, 413)', () => {
    for (const [path, target, body] of [
      [SEARCH, searchPath, searchBody({})],
      [SHIPPING, SHIPPING, shipping],
      [SOMMELIER, SOMMELIER, chat([question])],
    ] as const)
      it(`${path}: the contract's size passes, one byte more is 413`, async () => {
        const max = stated(post(path)['x-max-body-bytes'], `x-max-body-bytes of ${path}`)
        expect(Object.keys(post(path).responses)).toContain('413')
        const send = proxies()
        // JSON allows trailing white space: the same body, padded to the size.
        const padded = (size: number) =>
          body + ' '.repeat(size - new TextEncoder().encode(body).length)
        const init = { cookie: 'claire' }
        expect((await send(target, padded(max), init)).status).toBe(200)
        expect((await send(target, padded(max + 1), init)).status).toBe(413)
      })
  })

  describe('the cache header (components.headers.NoStore)', () => {
    const noStore = contract.components.headers.NoStore?.schema.const
    const calls = [
      ['search', searchPath, searchBody({})],
      ['search refused', searchPath, searchBody({ hitsPerPage: -1 })],
      ['shipping', SHIPPING, shipping],
      ['rules refused', SHIPPING, '{}'],
      ['sommelier', SOMMELIER, chat([question])],
      ['sommelier refused', SOMMELIER, chat([])],
    ] as const
    for (const [name, path, body] of calls)
      it(`${name}: Cache-Control is the contract's private, no-store`, async () => {
        expect(noStore).toBe('private, no-store')
        const answer = await proxies()(path, body, { cookie: 'claire' })
        expect(answer.headers.get('Cache-Control')).toBe(noStore)
      })
  })
})
