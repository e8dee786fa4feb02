import { describe, expect, it } from 'vitest'
import { createLimiter } from '../limits'
import { fakeUpstream, post, serve, type Received } from '../test/serve'
import { createRulesHandler, type RulesHandlerOptions } from './handler'

const TOKEN = 'rules-access-token'
const SHIPPING = { cartAmount: 96.5, bottles: 6, free: false, countryCode: 'BE' }
const LOYALTY = { date: '2026-03-14', wineCode: 'W-0042', vintage: '2019', volume: '75cl' }

const evaluated = ({ path }: Received) =>
  Response.json({
    result: { output: path.endsWith('/shipping') ? 9.95 : { type: 'points', points: 2 } },
    performance: '0.4ms',
    trace: { secret: 'node internals' },
  })

async function proxy(
  answer: (r: Received) => Response | Promise<Response> = evaluated,
  overrides: Partial<RulesHandlerOptions> = {},
) {
  const rules = await fakeUpstream(answer)
  const handler = createRulesHandler({
    upstream: `${rules.url}/api/projects/wine-shop/`,
    accessToken: TOKEN,
    log: () => undefined,
    ...overrides,
  })
  const { url } = await serve(handler)
  return { rules, url: `${url}/api/rules` }
}

describe('rules proxy', () => {
  it.each([
    ['shipping', SHIPPING, 9.95],
    ['loyalty', LOYALTY, { type: 'points', points: 2 }],
  ] as const)(
    'evaluates %s with the token added server-side, and answers its result',
    async (decision, context, output) => {
      const { rules, url } = await proxy()
      const res = await post(`${url}/evaluate/${decision}`, { context })
      expect(res.status).toBe(200)
      // The result and its timing only: the trace stays on the server.
      expect(await res.json()).toEqual({ result: { output }, performance: '0.4ms' })
      expect(rules.received).toHaveLength(1)
      const [sent] = rules.received
      expect(sent!.path).toBe(`/api/projects/wine-shop/evaluate/${decision}`)
      expect(sent!.headers.get('x-access-token')).toBe(TOKEN)
      expect(JSON.parse(sent!.body)).toEqual({ context })
    },
  )

  it('names each decision by its document in the rules project when told to', async () => {
    const { rules, url } = await proxy(evaluated, {
      documents: { shipping: 'checkout/shipping fee.json' },
    })
    expect((await post(`${url}/evaluate/shipping`, { context: SHIPPING })).status).toBe(200)
    expect(rules.received[0]!.path).toBe(
      '/api/projects/wine-shop/evaluate/checkout/shipping%20fee.json',
    )
  })

  it.each([
    '/evaluate/pricing',
    '/evaluate/discounts',
    '/evaluate/shipping/extra',
    '/evaluate/',
    '/evaluate/..%2Fshipping',
    '/projects/wine-shop/evaluate/shipping',
    '',
  ])('an unknown decision or path (%s) is a 404, and nothing reaches the service', async (path) => {
    const { rules, url } = await proxy()
    const res = await post(`${url}${path}`, { context: SHIPPING })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: expect.any(String) })
    expect(rules.received).toHaveLength(0)
  })

  it.each([
    ['shipping without a country', 'shipping', { ...SHIPPING, countryCode: undefined }],
    ['shipping with one more field', 'shipping', { ...SHIPPING, discount: 100 }],
    ['shipping with a negative amount', 'shipping', { ...SHIPPING, cartAmount: -5 }],
    ['shipping with bottles as text', 'shipping', { ...SHIPPING, bottles: '6' }],
    ['shipping with a country name', 'shipping', { ...SHIPPING, countryCode: 'Belgium' }],
    ['loyalty with another date format', 'loyalty', { ...LOYALTY, date: '14/03/2026' }],
    ['loyalty without a wine', 'loyalty', { ...LOYALTY, wineCode: '' }],
    ['loyalty with the vintage as a number', 'loyalty', { ...LOYALTY, vintage: 2019 }],
    ['the shipping context for loyalty', 'loyalty', SHIPPING],
  ])('a context that does not fit (%s) is a 400', async (_name, decision, context) => {
    const { rules, url } = await proxy()
    const res = await post(`${url}/evaluate/${decision}`, { context })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: expect.any(String) })
    expect(rules.received).toHaveLength(0)
  })

  it.each([
    ['one more key beside the context', { context: SHIPPING, trace: true }],
    ['no context', {}],
    ['not JSON', '{"context":'],
  ])('a body with %s is a 400', async (_name, body) => {
    const { rules, url } = await proxy()
    expect((await post(`${url}/evaluate/shipping`, body)).status).toBe(400)
    expect(rules.received).toHaveLength(0)
  })

  it('answers only POST', async () => {
    const { rules, url } = await proxy()
    const res = await fetch(`${url}/evaluate/shipping`)
    expect(res.status).toBe(405)
    expect(rules.received).toHaveLength(0)
  })

  it.each([
    [
      'a 401 (a wrong token)',
      () => Response.json({ message: 'Invalid X-Access-Token Header' }, { status: 401 }),
    ],
    [
      'a 400 NodeError',
      () => Response.json({ message: 'x', data: { type: 'NodeError' } }, { status: 400 }),
    ],
    ['a 500', () => new Response('boom', { status: 500 })],
    ['no result', () => Response.json({ performance: '1ms' })],
    ['no JSON', () => new Response('<html>')],
  ])('the service answering %s is a 502, its words kept here', async (_name, answer) => {
    const { url } = await proxy(answer)
    const res = await post(`${url}/evaluate/shipping`, { context: SHIPPING })
    expect(res.status).toBe(502)
    expect(await res.text()).not.toContain('X-Access-Token')
  })

  it('a service that does not answer in time is a 504', async () => {
    const { url } = await proxy(() => new Promise<Response>(() => undefined), {
      upstreamTimeoutMs: 50,
    })
    expect((await post(`${url}/evaluate/loyalty`, { context: LOYALTY })).status).toBe(504)
  })

  it('limits an address when given a limiter: 429 with Retry-After', async () => {
    const { rules, url } = await proxy(evaluated, {
      limiter: createLimiter({ name: 'rules', points: 2, duration: 60 }),
    })
    for (let i = 0; i < 2; i++)
      expect((await post(`${url}/evaluate/shipping`, { context: SHIPPING })).status).toBe(200)
    const res = await post(`${url}/evaluate/shipping`, { context: SHIPPING })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(rules.received).toHaveLength(2)
  })
})
