import { once } from 'node:events'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLimiter, type Limiter, type LimitStore } from './limits'
import { siteSession } from './session'
import { createSommelierHandler } from './sommelier/handler'
import { startRedis, type RedisServer } from './test/redis'
import { fakeUpstream, post, serve } from './test/serve'

async function consumeTimes(limiter: Limiter, key: string, times: number) {
  const results = []
  for (let i = 0; i < times; i++) results.push(await limiter.consume(key))
  return results
}

describe('limits in memory', () => {
  it('allows the points of the window, then says how long to wait', async () => {
    const limiter = createLimiter({ name: 'memory', points: 10, duration: 60 })
    const results = await consumeTimes(limiter, 'claire', 11)
    expect(results.slice(0, 10)).toEqual(Array(10).fill({ allowed: true }))
    const last = results[10]!
    expect(last.allowed).toBe(false)
    if (!last.allowed) {
      expect(last.retryAfter).toBeGreaterThanOrEqual(1)
      expect(last.retryAfter).toBeLessThanOrEqual(60)
    }
    // Counted per key.
    expect(await limiter.consume('tom')).toEqual({ allowed: true })
  })
})

describe('limits in Redis, shared by several instances', () => {
  let redis: RedisServer | undefined
  const clients: Redis[] = []

  /** A client as server/main.ts makes it: no offline queue. */
  async function connect(): Promise<Redis> {
    if (!redis) throw new Error('redis-server did not start')
    const client = new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    // Connection errors are expected once the server is stopped below.
    client.on('error', () => undefined)
    clients.push(client)
    if (client.status !== 'ready') await once(client, 'ready')
    return client
  }

  const store = (client: Redis): LimitStore => ({ kind: 'redis', client, prefix: 'test' })

  beforeAll(async () => {
    redis = await startRedis()
  })

  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await redis?.stop()
  })

  it('two instances count against the same window', async () => {
    const rule = { name: 'shared', points: 10, duration: 60 }
    const a = createLimiter(rule, store(await connect()))
    const b = createLimiter(rule, store(await connect()))
    expect(await consumeTimes(a, 'claire', 5)).toEqual(Array(5).fill({ allowed: true }))
    expect(await consumeTimes(b, 'claire', 5)).toEqual(Array(5).fill({ allowed: true }))
    const eleventh = await a.consume('claire')
    expect(eleventh).toEqual({ allowed: false, retryAfter: expect.any(Number) })
    expect(await b.consume('claire')).toMatchObject({ allowed: false })
    const keys = await clients[0]!.keys('test:shared:*')
    expect(keys).toEqual(['test:shared:claire'])
  })

  it('the sommelier on two servers: the 11th question of a shopper is a 429 on either', async () => {
    const site = await fakeUpstream(() =>
      Response.json({ isLoggedIn: true, user: { email: 'claire@example.com' } }),
    )
    const model = await fakeUpstream(
      () => new Response('data: [DONE]\n\n', { headers: { 'Content-Type': 'text/event-stream' } }),
    )
    const instance = async () => {
      const client = await connect()
      const handler = createSommelierHandler({
        upstream: model.url,
        apiKey: 'sk-test',
        checkSession: siteSession({ site: site.url }),
        limits: {
          session: createLimiter(
            { name: 'sommelier-session', points: 10, duration: 60 },
            store(client),
          ),
          ip: createLimiter({ name: 'sommelier-ip', points: 100, duration: 60 }, store(client)),
        },
        log: () => undefined,
      })
      return `${(await serve(handler)).url}/api/sommelier`
    }
    const servers = [await instance(), await instance()]
    const ask = (url: string) =>
      post(url, { locale: 'en', messages: [{ role: 'user', content: 'Lamb' }] }, { cookie: 's=1' })
    for (let i = 0; i < 10; i++) {
      const res = await ask(servers[i % 2]!)
      expect(res.status).toBe(200)
      await res.text()
    }
    for (const url of servers) {
      const res = await ask(url)
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    }
    expect(model.received).toHaveLength(10)
  })

  it('when Redis goes away, each instance keeps limiting from its own memory', async () => {
    const client = await connect()
    const limiter = createLimiter({ name: 'insured', points: 3, duration: 60 }, store(client))
    expect(await limiter.consume('claire')).toEqual({ allowed: true })
    const closed = once(client, 'close')
    await redis?.stop()
    await closed
    expect(client.status).not.toBe('ready')
    expect(await consumeTimes(limiter, 'claire', 3)).toEqual(Array(3).fill({ allowed: true }))
    expect(await limiter.consume('claire')).toMatchObject({ allowed: false })
  })
})
