// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { afterEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import {
  DEFAULT_TIMEOUT_MS,
  HttpError,
  getJson,
  malformed,
  postForm,
  postJson,
  request,
} from './http'
import { accountRequest } from './csrf'
import { TimeoutError } from './signals'

afterEach(() => {
  vi.useRealTimers()
})

/** An answer that never comes. */
const never = () => new Promise<never>(() => {})

/**
 * Headers at once, then a body that never ends (a fetch stand-in: the mock server's socket
 * emulation does not survive an abort in the middle of a body). Like a real fetch, aborting the
 * request errors the body.
 */
function stallBody(): void {
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) =>
    Promise.resolve(
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"half":'))
            init.signal?.addEventListener('abort', () => controller.error(init.signal?.reason))
          },
        }),
        { headers: { 'Content-Type': 'application/json' } },
      ),
    ),
  )
}

describe('http', () => {
  it('sends JSON and reads JSON', async () => {
    server.use(
      http.post('/api/echo', async ({ request }) => {
        expect(request.headers.get('content-type')).toBe('application/json')
        return HttpResponse.json({ got: await request.json() })
      }),
    )
    await expect(postJson('/api/echo', { a: 1 })).resolves.toEqual({ got: { a: 1 } })
  })

  it('sends form data where the endpoint takes form data', async () => {
    server.use(
      http.post('/api/form', async ({ request }) => {
        const form = await request.formData()
        return HttpResponse.json({ vat: form.get('vat') })
      }),
    )
    await expect(postForm('/api/form', { vat: 'BE0123' })).resolves.toEqual({ vat: 'BE0123' })
  })

  it.each([
    ['HTTP 500', () => new HttpResponse(null, { status: 500 }), 500, 500],
    ['HTTP 503', () => new HttpResponse('down', { status: 503 }), 503, 503],
    ['a network error', () => HttpResponse.error(), 0, 'network error'],
    [
      'malformed JSON',
      () => new HttpResponse('{"half":', { status: 200 }),
      200,
      'malformed answer',
    ],
  ])(
    'turns %s into "Error fetching data" carrying the call and its answer',
    async (_l, reply, status, answered) => {
      server.use(http.get('/api/broken', reply))
      const error = await getJson('/api/broken').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(HttpError)
      expect(error).toMatchObject({
        message: 'Error fetching data',
        method: 'GET',
        url: '/api/broken',
        status,
        answered,
      })
    },
  )

  it('names the method the call used', async () => {
    server.use(http.post('/api/broken', () => new HttpResponse(null, { status: 404 })))
    const error = await postJson('/api/broken', {}).catch((e: unknown) => e)
    expect(error).toMatchObject({ method: 'POST', url: '/api/broken', answered: 404 })
  })
})

describe('timeouts (no call waits forever)', () => {
  it.each([
    ['a server that never answers', () => server.use(http.get('/api/hang', never))],
    ['an answer whose body never ends', stallBody],
  ])('%s ends as "Error fetching data" with status 0', async (_l, arrange) => {
    arrange()
    const started = Date.now()
    const error = await request('/api/hang', { timeoutMs: 60 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ message: 'Error fetching data', status: 0, answered: 'timeout' })
    expect((error as HttpError).cause).toBeInstanceOf(TimeoutError)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it(`gives every call a default timeout (${DEFAULT_TIMEOUT_MS / 1000} s)`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    server.use(http.get('/api/hang', never))
    const settled = vi.fn()
    const call = getJson('/api/hang').catch((e: unknown) => e)
    void call.then(settled)
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 100)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(200)
    expect(await call).toMatchObject({ status: 0 })
  })

  it("passes the caller's own cancellation on as is (not an HttpError)", async () => {
    server.use(http.get('/api/hang', never))
    const controller = new AbortController()
    const call = request('/api/hang', { signal: controller.signal }).catch((e: unknown) => e)
    controller.abort(new DOMException('left the page', 'AbortError'))
    const error = await call
    expect(error).not.toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ name: 'AbortError' })
  })

  it('account calls take the timeout they are given', async () => {
    server.use(
      http.get('/cp/auth/token', () => new HttpResponse('t')),
      http.post('/user/slow', never),
    )
    const error = await accountRequest('/user/slow', { body: { json: {} }, timeoutMs: 60 }).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ status: 0 })
  })
})

describe('account calls (CSRF)', () => {
  it('fetches the token once, sends it as X-CSRF-TOKEN, and retries once on 419', async () => {
    let tokenCalls = 0
    let current = 'token-1'
    const seen: (string | null)[] = []
    server.use(
      http.get('/cp/auth/token', () => {
        tokenCalls++
        return new HttpResponse(current, { headers: { 'Content-Type': 'text/html' } })
      }),
      http.post('/user/thing', ({ request }) => {
        const t = request.headers.get('X-CSRF-TOKEN')
        seen.push(t)
        return t === current
          ? HttpResponse.json({ ok: true })
          : new HttpResponse(null, { status: 419 })
      }),
    )
    await accountRequest('/user/thing', { body: { json: {} } })
    await accountRequest('/user/thing', { body: { json: {} } })
    expect(tokenCalls).toBe(1)
    current = 'token-2' // the session rotated the token: the next call meets a 419 once
    await expect(accountRequest('/user/thing', { body: { json: {} } })).resolves.toEqual({
      ok: true,
    })
    expect(tokenCalls).toBe(2)
    expect(seen).toEqual(['token-1', 'token-1', 'token-1', 'token-2'])
  })

  it('gives up after one retry', async () => {
    server.use(
      http.get('/cp/auth/token', () => new HttpResponse('t')),
      http.post('/user/thing', () => new HttpResponse(null, { status: 419 })),
    )
    const error = await accountRequest('/user/thing', { body: { json: {} } }).catch(
      (e: unknown) => e,
    )
    expect((error as HttpError).status).toBe(419)
  })
})

describe('malformed', () => {
  it('fails like a failed call: an HttpError of status 200 with the reason as its cause', () => {
    const error = malformed('POST', '/api/getbundle', 'The answer has no bundle')
    expect(error).toBeInstanceOf(HttpError)
    expect(error.message).toBe('Error fetching data')
    expect(error.status).toBe(200)
    expect(error.url).toBe('/api/getbundle')
    expect(error.method).toBe('POST')
    expect(error.answered).toBe('malformed answer')
    expect(error.cause).toEqual(new Error('The answer has no bundle'))
  })
})
