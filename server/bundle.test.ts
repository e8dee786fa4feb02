/**
 * The deployable file itself (npm run build:server's dist-server/main.js), copied alone into an
 * empty folder and run with Node 22 as an operator would, its upstreams fake local servers: it
 * serves the three proxies, answers /healthz and /readyz, logs one JSON line per request with no
 * secret, drains on SIGTERM, logs a Redis outage in two lines, and two instances on one Redis
 * share the limits exactly.
 */
import { readdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startRedis, type RedisServer } from './test/redis'
import { buildAlone, startBundle, type Running } from './test/bundle'
import { fakeUpstream, post, type FakeUpstream } from './test/serve'

let file = ''
beforeAll(async () => {
  file = await buildAlone()
}, 60_000)

const redises: RedisServer[] = []
afterEach(async () => {
  await Promise.all(redises.splice(0).map((redis) => redis.stop()))
})

const SECRETS = {
  LLM_API_KEY: 'sk-test-model-key',
  RULES_TOKEN: 'rules-token-secret',
  ALGOLIA_SEARCH_KEY: 'search-only-key-secret',
}
const EMAIL = 'claire@example.com'
const COOKIE = { cookie: 'session=claire-cookie-value' }
const RESULTS = { results: [{ hits: [{ objectID: '1' }], nbHits: 1, page: 0 }] }
const SEARCH = { requests: [{ indexName: 'wines_fr', query: 'merlot', hitsPerPage: 24 }] }
const SHIPPING = { context: { cartAmount: 80, bottles: 6, free: false, countryCode: 'BE' } }
const QUESTION = { locale: 'en', messages: [{ role: 'user', content: 'Lamb tonight?' }] }
const EVENTS = ['data: {"choices":[{"delta":{"content":"A Syrah."}}]}\n\n', 'data: [DONE]\n\n']

const sse = (body: BodyInit) =>
  new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })

interface Upstreams {
  site: FakeUpstream
  model: FakeUpstream
  rules: FakeUpstream
  search: FakeUpstream
}

async function upstreams(model: () => Response = () => sse(EVENTS.join(''))): Promise<Upstreams> {
  return {
    site: await fakeUpstream(() => Response.json({ isLoggedIn: true, user: { email: EMAIL } })),
    model: await fakeUpstream(model),
    rules: await fakeUpstream(() =>
      Response.json({ result: { output: 6.5 }, performance: '0.3ms', trace: { secret: 1 } }),
    ),
    search: await fakeUpstream(() => Response.json(RESULTS)),
  }
}

const envFor = (up: Upstreams): Record<string, string> => ({
  ...SECRETS,
  SITE_URL: up.site.url,
  LLM_BASE_URL: `${up.model.url}/v1`,
  RULES_URL: `${up.rules.url}/api/projects/wine`,
  ALGOLIA_APP_ID: 'SHOPAPP',
  ALGOLIA_HOSTS: up.search.url,
})

const searchUrl = (base: string) => `${base}/algolia/1/indexes/*/queries`
const requestLines = (server: Running) => server.lines.filter((line) => line.msg === 'request')
const redisLines = (server: Running) =>
  server.lines.filter((line) => line.msg.startsWith('redis:')).map((line) => line.msg)

describe('the deployable file', () => {
  it('starts alone in an empty folder with Node 22 and serves the three proxies', async () => {
    expect(await readdir(dirname(file))).toEqual(['main.js'])
    const up = await upstreams()
    const server = await startBundle(file, envFor(up))
    expect(server.url).not.toBe('')
    expect(server.lines[0]).toMatchObject({ level: 'info', msg: 'listening', limits: 'memory' })
    expect(String(server.lines[0]?.node)).toMatch(/^v22\./)

    const health = await fetch(`${server.url}/healthz`)
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }])
    const ready = await fetch(`${server.url}/readyz`)
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }])

    const search = await post(searchUrl(server.url), SEARCH, { 'Content-Type': 'text/plain' })
    expect([search.status, await search.json()]).toEqual([200, RESULTS])
    expect(up.search.received.map((r) => [r.path, r.headers.get('x-algolia-api-key')])).toEqual([
      ['/1/indexes/*/queries', SECRETS.ALGOLIA_SEARCH_KEY],
    ])

    const rules = await post(`${server.url}/api/rules/evaluate/shipping`, SHIPPING)
    expect([rules.status, await rules.json()]).toEqual([
      200,
      { result: { output: 6.5 }, performance: '0.3ms' },
    ])
    expect(up.rules.received.map((r) => r.path)).toEqual(['/api/projects/wine/evaluate/shipping'])

    const answer = await post(`${server.url}/api/sommelier`, QUESTION, COOKIE)
    expect([answer.status, await answer.text()]).toEqual([200, EVENTS.join('')])
    expect(up.model.received.map((r) => r.path)).toEqual(['/v1/chat/completions'])

    // A forged request: another index, another decision, no session. None reaches an upstream.
    const forged = [
      await post(searchUrl(server.url), { requests: [{ indexName: 'users', query: '' }] }),
      await post(`${server.url}/api/rules/evaluate/refund`, SHIPPING),
      await post(`${server.url}/api/sommelier`, QUESTION),
    ]
    expect(forged.map((res) => res.status)).toEqual([403, 404, 401])
    expect(up.search.received).toHaveLength(1)
    expect(up.rules.received).toHaveLength(1)
    expect(up.model.received).toHaveLength(1)
    expect(server.other).toEqual([])
  })

  it('/readyz says what is missing (503), /healthz still answers', async () => {
    const nothing = await freePort()
    const server = await startBundle(file, {
      ALGOLIA_APP_ID: 'SHOPAPP',
      ALGOLIA_SEARCH_KEY: SECRETS.ALGOLIA_SEARCH_KEY,
      REDIS_URL: `redis://127.0.0.1:${nothing}`,
    })
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({
      status: 'not ready',
      reasons: [
        'not serving sommelier (SITE_URL, LLM_BASE_URL, LLM_API_KEY)',
        'not serving rules (RULES_URL, RULES_TOKEN)',
        expect.stringMatching(/^redis: not connected \((connecting|reconnecting|connect)\)$/),
      ],
    })
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    // Not proxied: a POST to them is no search, no rules call.
    expect((await fetch(`${server.url}/healthz`, { method: 'POST' })).status).toBe(405)
  })

  it('a wrong setting stops the start with a message naming it (exit 78)', async () => {
    const server = await startBundle(file, {
      PORT: 'http',
      ALGOLIA_HOSTS: 'search.staging.example',
      REDIS_URL: 'http://user:hunter2@redis.example',
    })
    expect(await server.exited).toBe(78)
    expect(server.lines).toEqual([
      {
        time: expect.any(String),
        level: 'error',
        msg:
          'bad configuration: ALGOLIA_HOSTS is not a comma-separated list of http(s) URLs; ' +
          'REDIS_URL is not a redis:// or rediss:// URL; ' +
          'PORT is a port number from 0 to 65535, not "http"',
        errors: [
          'ALGOLIA_HOSTS is not a comma-separated list of http(s) URLs',
          'REDIS_URL is not a redis:// or rediss:// URL',
          'PORT is a port number from 0 to 65535, not "http"',
        ],
      },
    ])
  })
})

describe('logs', () => {
  it('one JSON line per request, with the request id sent back, and no secret', async () => {
    const up = await upstreams()
    const server = await startBundle(file, envFor(up))
    const search = await post(
      `${searchUrl(server.url)}?x-algolia-api-key=browser-key-123`,
      SEARCH,
      { 'Content-Type': 'text/plain', 'X-Request-Id': 'lb-7f3a', ...COOKIE },
    )
    expect(search.headers.get('x-request-id')).toBe('lb-7f3a')
    await search.text()
    const health = await fetch(`${server.url}/healthz`)
    const healthId = health.headers.get('x-request-id')
    expect(healthId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    for (let i = 0; i < 11; i++)
      await (await post(`${server.url}/api/sommelier`, QUESTION, COOKIE)).text()
    await server.line((line) => line.msg === 'request' && line.status === 429)

    const lines = requestLines(server)
    expect(lines).toHaveLength(13)
    const common = {
      time: expect.any(String),
      level: 'info',
      msg: 'request',
      ms: expect.any(Number),
    }
    expect(lines[0]).toEqual({
      ...common,
      id: 'lb-7f3a',
      method: 'POST',
      path: '/algolia/1/indexes/*/queries',
      status: 200,
      upstreamMs: expect.any(Number),
      limit: 'allowed',
    })
    expect(lines[0]!.upstreamMs).toBeGreaterThan(0)
    expect(lines[1]).toEqual({
      ...common,
      id: healthId,
      method: 'GET',
      path: '/healthz',
      status: 200,
      upstreamMs: 0,
      limit: 'none',
    })
    expect(lines.slice(2, 12).map((line) => [line.status, line.limit])).toEqual(
      Array(10).fill([200, 'allowed']),
    )
    expect(lines[12]).toMatchObject({
      status: 429,
      limit: 'refused',
      refusedBy: 'sommelier-session',
    })

    const written = JSON.stringify(server.lines)
    for (const secret of [
      ...Object.values(SECRETS),
      'browser-key-123',
      'claire-cookie-value',
      EMAIL,
      'merlot',
      'Lamb tonight',
    ])
      expect(written).not.toContain(secret)
    expect(server.other).toEqual([])
  })
})

describe('graceful stop (SIGTERM)', () => {
  /** A model whose stream sends its first event at once and the rest when the test says. */
  function heldModel() {
    let finish = () => {}
    const model = () =>
      sse(
        new ReadableStream<Uint8Array>({
          start(controller) {
            const encoder = new TextEncoder()
            controller.enqueue(encoder.encode(EVENTS[0]))
            finish = () => {
              controller.enqueue(encoder.encode(EVENTS[1]))
              controller.close()
            }
          },
        }),
      )
    return { model, finish: () => finish() }
  }

  async function openStream(server: Running) {
    const res = await post(`${server.url}/api/sommelier`, QUESTION, COOKIE)
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    while (!text.includes('\n\n')) text += (await reader.read()).value ?? ''
    const rest = async () => {
      for (let part = await reader.read(); !part.done; part = await reader.read())
        text += part.value
      return text
    }
    return { status: res.status, first: text, rest }
  }

  it('refuses new requests (503, Retry-After), lets open streams finish, then exits 0', async () => {
    const held = heldModel()
    const server = await startBundle(file, envFor(await upstreams(held.model)))
    const stream = await openStream(server)
    expect([stream.status, stream.first]).toEqual([200, EVENTS[0]])

    server.signal('SIGTERM')
    await server.line((line) => line.msg === 'SIGTERM: draining')
    const refused = await post(searchUrl(server.url), SEARCH)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(await refused.json()).toEqual({ message: 'The server is restarting: try again.' })
    const ready = await fetch(`${server.url}/readyz`)
    expect([ready.status, await ready.json()]).toEqual([
      503,
      { status: 'not ready', reasons: ['draining: the server is stopping'] },
    ])

    held.finish()
    expect(await stream.rest()).toBe(EVENTS.join(''))
    expect(await server.exited).toBe(0)
    expect(server.lines.at(-1)).toMatchObject({ msg: 'stopped', cut: 0 })
  })

  it('cuts what is still open at the deadline (DRAIN_TIMEOUT_MS), then exits 0', async () => {
    const held = heldModel()
    const server = await startBundle(file, {
      ...envFor(await upstreams(held.model)),
      DRAIN_TIMEOUT_MS: '300',
    })
    const stream = await openStream(server)
    const started = performance.now()
    server.signal('SIGTERM')
    await expect(stream.rest()).rejects.toThrow()
    expect(await server.exited).toBe(0)
    expect(performance.now() - started).toBeLessThan(3000)
    expect(server.lines.at(-1)).toMatchObject({ msg: 'stopped', cut: 1 })
    expect(requestLines(server).at(-1)).toMatchObject({
      path: '/api/sommelier',
      status: 200,
      aborted: true,
    })
  })
})

describe('with Redis', () => {
  it('an outage is one line when lost and one when back; the shop keeps answering', async () => {
    const redis = await startRedis()
    redises.push(redis)
    const server = await startBundle(file, { ...envFor(await upstreams()), REDIS_URL: redis.url })
    await server.line((line) => line.msg === 'redis: connected')
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)

    await redis.stop()
    await server.line((line) => line.msg === 'redis: lost')
    // ioredis tries again every 50, 100, 150… ms: a dozen attempts in this time.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(redisLines(server)).toEqual(['redis: connected', 'redis: lost'])
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(503)
    expect(((await ready.json()) as { reasons: string[] }).reasons).toEqual([
      expect.stringMatching(/^redis: not connected/),
    ])
    // Limits count in memory meanwhile: the search still answers.
    const search = await post(searchUrl(server.url), SEARCH)
    expect(search.status).toBe(200)

    redises.push(await startRedis(redis.port))
    await server.line((line) => line.msg === 'redis: back', 8000)
    expect(redisLines(server)).toEqual(['redis: connected', 'redis: lost', 'redis: back'])
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    expect(server.other).toEqual([])
  }, 20_000)

  it('two instances share the limits exactly: 120 rules calls across both, the 121st refused', async () => {
    const redis = await startRedis()
    redises.push(redis)
    const up = await upstreams()
    const env = { ...envFor(up), REDIS_URL: redis.url, TRUST_PROXY: '1' }
    const a = await startBundle(file, env)
    const b = await startBundle(file, env)
    await Promise.all([a, b].map((s) => s.line((line) => line.msg === 'redis: connected')))
    const ask = (server: Running, address: string) =>
      post(`${server.url}/api/rules/evaluate/shipping`, SHIPPING, {
        'X-Forwarded-For': address,
      }).then(async (res) => {
        await res.text()
        return res.status
      })

    // Each order from its own address (its own count): the 121st is refused on either instance.
    const orders: [string, (i: number) => Running][] = [
      ['203.0.113.1', (i) => (i % 2 ? b : a)],
      ['203.0.113.2', (i) => (i < 90 ? a : b)],
      // A fixed irregular order: the bits of a constant.
      ['203.0.113.3', (i) => ((0x9e3779b9 >>> (i % 32)) & 1 ? a : b)],
    ]
    for (const [address, pick] of orders) {
      const statuses: number[] = []
      for (let i = 0; i < 120; i++) statuses.push(await ask(pick(i), address))
      expect(statuses).toEqual(Array(120).fill(200))
      expect([await ask(a, address), await ask(b, address)]).toEqual([429, 429])
    }
    // All at once, half on each: still exactly 120.
    const burst = await Promise.all(
      Array.from({ length: 121 }, (_, i) => ask(i % 2 ? b : a, '203.0.113.4')),
    )
    expect(burst.filter((status) => status === 200)).toHaveLength(120)
    expect(burst.filter((status) => status === 429)).toHaveLength(1)
    expect(up.rules.received).toHaveLength(480)
  }, 30_000)
})
