// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../../mocks/node'
import { db } from '../../../mocks/db'
import { setFault } from '../../../mocks/faults'
import { PAIRINGS_START } from '../../../mocks/sommelier'
import { sommelierRequest } from '../../domain/sommelier-request'
import { SommelierError, readRetryAfter, streamChat } from './chat-stream'

const URL = '/api/sommelier'
const request = sommelierRequest('fr', [], 'Un steak ce soir')

/** An SSE answer whose bytes arrive in the given pieces. */
function sse(pieces: string[]) {
  const encoder = new TextEncoder()
  return new HttpResponse(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece))
        controller.close()
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  )
}

const delta = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`

async function failure(promise: Promise<unknown>): Promise<SommelierError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SommelierError)
  return error as SommelierError
}

/** Whether a promise has settled yet (without handling its outcome for the test). */
function watch(promise: Promise<unknown>): () => boolean {
  let settled = false
  promise.then(
    () => (settled = true),
    () => (settled = true),
  )
  return () => settled
}

/** On fake timers: real event-loop turns, no fake time passing, until `done()` holds. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await vi.advanceTimersByTimeAsync(0)
}

// The proxy answers logged-in shoppers only (401 otherwise), and so does its mock.
beforeEach(() => {
  db.sessionEmail = 'claire@example.com'
})

afterEach(() => {
  vi.useRealTimers()
})

describe('streamChat', () => {
  it('streams the mock answer piece by piece and resolves with the whole text', async () => {
    const onText = vi.fn<(text: string) => void>()
    const text = await streamChat({ url: URL, request, onText })
    expect(text.startsWith('Le bœuf grillé appelle un rouge structuré')).toBe(true)
    expect(text).toContain(PAIRINGS_START)
    expect(onText.mock.calls.length).toBeGreaterThan(5)
    const lengths = onText.mock.calls.map(([t]) => t.length)
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b))
    expect(onText).toHaveBeenLastCalledWith(text)
  })

  it('sends the locale and the lines only, as JSON: no prompt, model or settings', async () => {
    let body: unknown
    let type: string | null = null
    server.use(
      http.post(URL, async ({ request: r }) => {
        type = r.headers.get('content-type')
        body = await r.json()
        return sse([delta('ok'), 'data: [DONE]\n\n'])
      }),
    )
    await streamChat({ url: URL, request })
    expect(type).toBe('application/json')
    expect(body).toEqual({
      locale: 'fr',
      messages: [{ role: 'user', content: 'Un steak ce soir' }],
    })
  })

  it('logged out, the proxy answers 401: fails as http with the status', async () => {
    db.sessionEmail = null
    const error = await failure(streamChat({ url: URL, request }))
    expect([error.kind, error.status]).toEqual(['http', 401])
  })

  it('429 fails as rate-limited, with the Retry-After seconds', async () => {
    server.use(
      http.post(URL, () =>
        HttpResponse.json(
          { message: 'Too many requests' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    )
    const error = await failure(streamChat({ url: URL, request }))
    expect([error.kind, error.status, error.retryAfter]).toEqual(['rate-limited', 429, 42])
  })

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-03-14T12:00:00Z')
    expect(readRetryAfter('17', now)).toBe(17)
    expect(readRetryAfter('Sat, 14 Mar 2026 12:00:30 GMT', now)).toBe(30)
    expect(readRetryAfter(null, now)).toBeNull()
    expect(readRetryAfter('soon', now)).toBeNull()
  })

  it('reads events split anywhere across network reads', async () => {
    const whole = delta('Un ') + delta('Pinot ') + delta('Noir') + 'data: [DONE]\n\n'
    server.use(http.post(URL, () => sse(whole.match(/[\s\S]{1,7}/g)!)))
    expect(await streamChat({ url: URL, request })).toBe('Un Pinot Noir')
  })

  it('skips a malformed chunk in the middle', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    server.use(
      http.post(URL, () =>
        sse([delta('Un '), 'data: {oops\n\n', delta('Gamay'), 'data: [DONE]\n\n']),
      ),
    )
    expect(await streamChat({ url: URL, request })).toBe('Un Gamay')
    expect(warn).toHaveBeenCalled()
  })

  it('accepts an end with finish_reason "stop" even if [DONE] is missing', async () => {
    const stop = `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`
    server.use(http.post(URL, () => sse([delta('Fini'), stop])))
    expect(await streamChat({ url: URL, request })).toBe('Fini')
  })

  it('HTTP 500 fails as http with the status', async () => {
    setFault('sommelier', { kind: 'status', status: 500 })
    const error = await failure(streamChat({ url: URL, request }))
    expect(error.kind).toBe('http')
    expect(error.status).toBe(500)
  })

  it('a network error fails as network', async () => {
    setFault('sommelier', { kind: 'network' })
    expect((await failure(streamChat({ url: URL, request }))).kind).toBe('network')
  })

  it('an error chunk fails as model, after the text received so far', async () => {
    const onText = vi.fn()
    server.use(
      http.post(URL, () =>
        sse([delta('Un début'), 'data: {"error":{"message":"The server had an error"}}\n\n']),
      ),
    )
    expect((await failure(streamChat({ url: URL, request, onText }))).kind).toBe('model')
    expect(onText).toHaveBeenLastCalledWith('Un début')
  })

  it('a stream that breaks off without [DONE] fails as cut-off (the mock fault)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    setFault('sommelier', { kind: 'malformed' })
    const onText = vi.fn()
    expect((await failure(streamChat({ url: URL, request, onText }))).kind).toBe('cut-off')
    expect(onText).toHaveBeenLastCalledWith('Un instant')
  })

  it('finish_reason "length" (the model ran out of tokens) fails as model', async () => {
    const length = `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }] })}\n\n`
    server.use(http.post(URL, () => sse([delta('Un'), length, 'data: [DONE]\n\n'])))
    expect((await failure(streamChat({ url: URL, request }))).kind).toBe('model')
  })

  it('reads a proxy that answers one JSON completion', async () => {
    server.use(
      http.post(URL, () =>
        HttpResponse.json({
          choices: [{ index: 0, message: { role: 'assistant', content: 'Tout' } }],
        }),
      ),
    )
    expect(await streamChat({ url: URL, request })).toBe('Tout')
  })

  it('stops when aborted, with the AbortError', async () => {
    const controller = new AbortController()
    const promise = streamChat({
      url: URL,
      request,
      signal: controller.signal,
      onText: () => controller.abort(),
    })
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('an answer that never starts fails as network after the wait (no thinking forever)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    server.use(http.post(URL, () => new Promise<never>(() => {})))
    const promise = failure(streamChat({ url: URL, request, idleTimeoutMs: 60 }))
    const settled = watch(promise)
    await vi.advanceTimersByTimeAsync(59)
    expect(settled()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await promise).kind).toBe('network')
  })

  it('a stream that stops sending fails as cut-off, after the text received so far', async () => {
    // A fetch stand-in (the mock server's socket emulation does not survive an abort mid-body);
    // like a real fetch, aborting the request errors the body.
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) =>
      Promise.resolve(
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(delta('Un Pauillac')))
              init.signal?.addEventListener('abort', () => controller.error(init.signal?.reason))
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
      ),
    )
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const onText = vi.fn<(text: string) => void>()
    const promise = failure(streamChat({ url: URL, request, onText, idleTimeoutMs: 60 }))
    const settled = watch(promise)
    await until(() => onText.mock.calls.length > 0)
    // The wait starts again from the last piece: nothing ends before it is over.
    await vi.advanceTimersByTimeAsync(59)
    expect(settled()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await promise).kind).toBe('cut-off')
    expect(onText).toHaveBeenLastCalledWith('Un Pauillac')
  })

  it('a slow but steady stream is not cut off', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const encoder = new TextEncoder()
    let body: ReadableStreamDefaultController<Uint8Array> | undefined
    server.use(
      http.post(
        URL,
        () =>
          new HttpResponse(
            new ReadableStream<Uint8Array>({
              start(controller) {
                body = controller
              },
            }),
            { headers: { 'Content-Type': 'text/event-stream' } },
          ),
      ),
    )
    const onText = vi.fn<(text: string) => void>()
    const promise = streamChat({ url: URL, request, onText, idleTimeoutMs: 1000 })
    const settled = watch(promise)
    await until(() => body !== undefined)
    // Each piece comes 900 ms after the previous one, within the wait; the whole answer (3.6 s)
    // takes much longer than it.
    let text = ''
    for (const piece of ['Un ', 'Pau', 'il', 'lac']) {
      await vi.advanceTimersByTimeAsync(900)
      expect(settled()).toBe(false)
      body!.enqueue(encoder.encode(delta(piece)))
      text += piece
      await until(() => onText.mock.lastCall?.[0] === text)
    }
    body!.enqueue(encoder.encode('data: [DONE]\n\n'))
    body!.close()
    await expect(promise).resolves.toBe('Un Pauillac')
  })
})
