import { describe, expect, it } from 'vitest'
import { MAX_LINE_LENGTH, MAX_LINES } from '../../src/domain/sommelier-request'
import { createLimiter } from '../limits'
import { siteSession } from '../session'
import { fakeUpstream, post, serve, type Received } from '../test/serve'
import { createSommelierHandler, type SommelierHandlerOptions } from './handler'
import { chatCompletionBody, systemPrompt } from './prompt'

const API_KEY = 'sk-test-key'
const CLAIRE = { cookie: 'laravel_session=claire-1' }

const event = (data: unknown) =>
  `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`
const delta = (content: string) =>
  event({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })
const ANSWER = [
  delta('Un Bordeaux '),
  delta('structuré.'),
  event({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
  event('[DONE]'),
]

/** The site: cookies `laravel_session=claire-…` and `…=tom-…` are logged in, others are not. */
async function fakeSite(status = 200) {
  return fakeUpstream(({ path, headers }) => {
    if (path !== '/login/getcurrentuser') return new Response('no', { status: 404 })
    if (status !== 200) return new Response('down', { status })
    const who = /laravel_session=(claire|tom)-/.exec(headers.get('cookie') ?? '')?.[1]
    return Response.json(
      who
        ? { isLoggedIn: true, user: { name: who, email: `${who}@example.com` }, points: 0 }
        : { isLoggedIn: false, user: null, points: 0 },
    )
  })
}

/** The model: answers every request with ANSWER's events, as one stream. */
async function fakeModel(answer: (r: Received) => Response | Promise<Response> = streamed) {
  return fakeUpstream(answer)
}

function streamed(): Response {
  return new Response(ANSWER.join(''), { headers: { 'Content-Type': 'text/event-stream' } })
}

async function proxy(overrides: Partial<SommelierHandlerOptions> = {}, siteStatus = 200) {
  const site = await fakeSite(siteStatus)
  const model = await fakeModel()
  const handler = createSommelierHandler({
    upstream: `${model.url}/v1`,
    apiKey: API_KEY,
    checkSession: siteSession({ site: site.url }),
    limits: {
      session: createLimiter({ name: 'session', points: 10, duration: 60 }),
      ip: createLimiter({ name: 'ip', points: 100, duration: 60 }),
    },
    log: () => undefined,
    ...overrides,
  })
  const { url } = await serve(handler)
  return { site, model, url: `${url}/api/sommelier` }
}

const question = (content = 'Un steak ce soir') => ({
  locale: 'fr',
  messages: [{ role: 'user', content }],
})

describe('sommelier proxy', () => {
  it('streams the model’s answer through unchanged, asked with the server’s own prompt and key', async () => {
    const { model, url } = await proxy()
    const lines = [
      { role: 'user', content: 'Du poisson' },
      { role: 'assistant', content: 'Un Chablis.' },
      { role: 'user', content: 'Et un dessert ?' },
    ] as const
    const res = await post(url, { locale: 'nl', messages: lines }, CLAIRE)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(await res.text()).toBe(ANSWER.join(''))

    expect(model.received).toHaveLength(1)
    const [sent] = model.received
    expect(sent!.method).toBe('POST')
    expect(sent!.path).toBe('/v1/chat/completions')
    expect(sent!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
    // Nothing of the shopper's request but its lines: no cookie reaches the model.
    expect(sent!.headers.get('cookie')).toBeNull()
    const body = JSON.parse(sent!.body)
    expect(body).toEqual(chatCompletionBody('nl', lines))
    expect(body.messages[0]).toEqual({ role: 'system', content: systemPrompt('nl') })
    expect(body).toMatchObject({ model: 'gpt-4o', temperature: 0, stream: true })
  })

  it('passes each event on as it comes (the answer streams, it is not gathered first)', async () => {
    let rest: (() => void) | undefined
    const model = await fakeModel(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              const encoder = new TextEncoder()
              controller.enqueue(encoder.encode(ANSWER[0]))
              // The rest only once the test has read the first event through the proxy.
              rest = () => {
                for (const part of ANSWER.slice(1)) controller.enqueue(encoder.encode(part))
                controller.close()
              }
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    )
    const { url } = await proxy({ upstream: model.url })
    const res = await post(url, question(), CLAIRE)
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    while (!text.includes('\n\n')) text += (await reader.read()).value ?? ''
    expect(text).toBe(ANSWER[0])
    rest!()
    for (let part = await reader.read(); !part.done; part = await reader.read()) text += part.value
    expect(text).toBe(ANSWER.join(''))
  })

  it('a shopper who leaves stops the model’s stream', async () => {
    let cancelled: () => void = () => undefined
    const stopped = new Promise<void>((resolve) => (cancelled = resolve))
    const model = await fakeModel(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(ANSWER[0]))
            },
            cancel() {
              cancelled()
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    )
    const { url } = await proxy({ upstream: model.url })
    const controller = new AbortController()
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...CLAIRE },
      body: JSON.stringify(question()),
      signal: controller.signal,
    })
    const reader = res.body!.getReader()
    await reader.read()
    controller.abort()
    await stopped
  })

  describe('logged out: 401, and nothing reaches the model', () => {
    it('without a cookie (the site is not even asked)', async () => {
      const { site, model, url } = await proxy()
      const res = await post(url, question())
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ message: expect.any(String) })
      expect(site.received).toHaveLength(0)
      expect(model.received).toHaveLength(0)
    })

    it('with a cookie the site does not know', async () => {
      const { site, model, url } = await proxy()
      const res = await post(url, question(), { cookie: 'laravel_session=expired' })
      expect(res.status).toBe(401)
      expect(site.received).toHaveLength(1)
      expect(site.received[0]!.headers.get('cookie')).toBe('laravel_session=expired')
      expect(model.received).toHaveLength(0)
    })

    it('when the site cannot say: 503, still nothing asked', async () => {
      const { model, url } = await proxy({}, 500)
      expect((await post(url, question(), CLAIRE)).status).toBe(503)
      expect(model.received).toHaveLength(0)
    })
  })

  it('asks the site again with its CSRF token when it wants one (419), as the widgets do', async () => {
    const site = await fakeUpstream(({ path, headers }) => {
      if (path === '/cp/auth/token') return new Response('tok-123\n')
      if (headers.get('x-csrf-token') !== 'tok-123')
        return Response.json({ message: 'CSRF token mismatch.' }, { status: 419 })
      return Response.json({ isLoggedIn: true, user: { email: 'claire@example.com' } })
    })
    const { model, url } = await proxy({ checkSession: siteSession({ site: site.url }) })
    expect((await post(url, question(), CLAIRE)).status).toBe(200)
    expect(site.received.map((r) => r.path)).toEqual([
      '/login/getcurrentuser',
      '/cp/auth/token',
      '/login/getcurrentuser',
    ])
    expect(site.received.every((r) => r.headers.get('cookie') === CLAIRE.cookie)).toBe(true)
    expect(model.received).toHaveLength(1)
  })

  const line = (role: string, content: string) => ({ role, content })
  it.each([
    ['a system line', { locale: 'fr', messages: [line('system', 'Ignore'), line('user', 'Hi')] }],
    ['a model', { ...question(), model: 'gpt-4o-mini' }],
    ['a temperature', { ...question(), temperature: 2 }],
    ['a token limit', { ...question(), max_tokens: 100000 }],
    ['stream settings', { ...question(), stream: false }],
    [
      'a line with one more key',
      { locale: 'fr', messages: [{ ...line('user', 'Hi'), name: 'x' }] },
    ],
    ['a tool line', { locale: 'fr', messages: [line('tool', 'Hi')] }],
    [
      `${MAX_LINES + 1} lines`,
      { locale: 'fr', messages: Array(MAX_LINES + 1).fill(line('user', 'Hi')) },
    ],
    [`a line of ${MAX_LINE_LENGTH + 1} characters`, question('x'.repeat(MAX_LINE_LENGTH + 1))],
    ['a blank line', question('   ')],
    ['no line', { locale: 'fr', messages: [] }],
    ['an answer last', { locale: 'fr', messages: [line('user', 'Hi'), line('assistant', 'Yo')] }],
    ['another locale', { ...question(), locale: 'de' }],
    ['no locale', { messages: question().messages }],
    [
      'the old request shape',
      {
        model: 'gpt-4o',
        temperature: 0,
        stream: true,
        messages: [line('system', 'x'), line('user', 'Hi')],
      },
    ],
    ['a list', [question()]],
  ])('refuses %s with a 400, and the model is not asked', async (_name, body) => {
    const { model, url } = await proxy()
    const res = await post(url, body, CLAIRE)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: expect.any(String) })
    expect(model.received).toHaveLength(0)
  })

  it('takes a request at the limits: 10 lines of 500 characters', async () => {
    const { model, url } = await proxy()
    const messages = Array.from({ length: MAX_LINES }, (_, i) =>
      line(i % 2 ? 'assistant' : 'user', `${i}`.padEnd(MAX_LINE_LENGTH, 'é')),
    ).reverse()
    expect((await post(url, { locale: 'en', messages }, CLAIRE)).status).toBe(200)
    expect(JSON.parse(model.received[0]!.body).messages.slice(1)).toEqual(messages)
  })

  it.each([
    ['not JSON', 'locale=fr', { 'Content-Type': 'application/json' }, 400],
    ['sent as a form', 'locale=fr', { 'Content-Type': 'application/x-www-form-urlencoded' }, 415],
    ['too large', JSON.stringify(question('x'.repeat(40_000))), {}, 413],
  ])('a body %s is refused (%s), the model not asked', async (_name, body, headers, status) => {
    const { model, url } = await proxy()
    expect((await post(url, body, { ...CLAIRE, ...headers })).status).toBe(status)
    expect(model.received).toHaveLength(0)
  })

  it('answers only POST on its own path', async () => {
    const { url } = await proxy()
    const get = await fetch(url, { headers: CLAIRE })
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    expect((await post(`${url}/v1/chat/completions`, question(), CLAIRE)).status).toBe(404)
  })

  it('the 11th question of a shopper within the minute: 429 with Retry-After; others still ask', async () => {
    const { model, url } = await proxy()
    for (let i = 0; i < 10; i++) {
      const res = await post(url, question(`Plat ${i}`), CLAIRE)
      expect(res.status).toBe(200)
      await res.text()
    }
    // Another login of the same shopper (another cookie) counts against the same limit.
    const eleventh = await post(url, question(), { cookie: 'laravel_session=claire-2' })
    expect(eleventh.status).toBe(429)
    const wait = Number(eleventh.headers.get('retry-after'))
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(60)
    expect(await eleventh.json()).toEqual({ message: expect.any(String) })
    expect(model.received).toHaveLength(10)

    const tom = await post(url, question(), { cookie: 'laravel_session=tom-1' })
    expect(tom.status).toBe(200)
    expect(model.received).toHaveLength(11)
  })

  it('limits an address before asking the site who it is', async () => {
    const { site, model, url } = await proxy({
      limits: { ip: createLimiter({ name: 'ip-3', points: 3, duration: 60 }) },
    })
    for (let i = 0; i < 3; i++) expect((await post(url, question(), CLAIRE)).status).toBe(200)
    const res = await post(url, question(), { cookie: 'laravel_session=tom-1' })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(site.received).toHaveLength(3)
    expect(model.received).toHaveLength(3)
  })

  describe('the model’s failures become the statuses the chat reads as "not available"', () => {
    it.each([
      [500, 502, null],
      [401, 502, null],
      [400, 502, null],
      [429, 503, '20'],
    ])('the model answers %i: %i', async (upstream, status, retryAfter) => {
      const model = await fakeModel(() =>
        Response.json(
          { error: { message: 'Incorrect API key provided: sk-test-***', type: 'invalid' } },
          { status: upstream, headers: upstream === 429 ? { 'Retry-After': '20' } : {} },
        ),
      )
      const { url } = await proxy({ upstream: model.url })
      const res = await post(url, question(), CLAIRE)
      expect(res.status).toBe(status)
      expect(res.headers.get('retry-after')).toBe(retryAfter)
      // The upstream's own words (which may name the account) stay on the server.
      expect(await res.text()).not.toContain('API key')
    })

    it('the model cannot be reached: 502', async () => {
      const closed = await serve(() => Promise.resolve(new Response('')))
      await new Promise<void>((resolve) => closed.server.close(() => resolve()))
      const { url } = await proxy({ upstream: closed.url })
      expect((await post(url, question(), CLAIRE)).status).toBe(502)
    })

    it('the model does not start answering in time: 504', async () => {
      const model = await fakeModel(() => new Promise<Response>(() => undefined))
      const { url } = await proxy({ upstream: model.url, upstreamTimeoutMs: 50 })
      expect((await post(url, question(), CLAIRE)).status).toBe(504)
    })

    it('a model that answers one JSON completion is passed on as JSON', async () => {
      const completion = {
        choices: [{ index: 0, message: { role: 'assistant', content: 'Tout' } }],
      }
      const model = await fakeModel(() => Response.json(completion))
      const { url } = await proxy({ upstream: model.url })
      const res = await post(url, question(), CLAIRE)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.json()).toEqual(completion)
    })
  })
})
