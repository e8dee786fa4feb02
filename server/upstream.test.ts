import { describe, expect, it } from 'vitest'
import { fetchWithDeadline, isTimeout } from './http'
import { fakeUpstream } from './test/serve'
import { nodeFetch } from './upstream'

const upstreamFetch = nodeFetch()

describe('nodeFetch: the standalone server’s way to its upstreams', () => {
  it('sends the method, headers and body; answers the status, headers and body', async () => {
    const upstream = await fakeUpstream(() =>
      Response.json({ result: { output: 6.5 } }, { status: 201, headers: { 'X-Trace': 'abc' } }),
    )
    const res = await upstreamFetch(
      new Request(`${upstream.url}/evaluate/shipping`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Access-Token': 'token-1' },
        body: '{"context":{}}',
      }),
    )
    expect([res.status, res.headers.get('x-trace'), await res.json()]).toEqual([
      201,
      'abc',
      { result: { output: 6.5 } },
    ])
    const [sent] = upstream.received
    expect([sent?.method, sent?.path, sent?.body]).toEqual([
      'POST',
      '/evaluate/shipping',
      '{"context":{}}',
    ])
    expect(sent?.headers.get('x-access-token')).toBe('token-1')
  })

  it('passes an event stream on as it comes; cancelling it closes the upstream’s answer', async () => {
    let cancelled: () => void = () => undefined
    const stopped = new Promise<void>((resolve) => (cancelled = resolve))
    const upstream = await fakeUpstream(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('data: one\n\n'))
            },
            cancel() {
              cancelled()
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    )
    const res = await upstreamFetch(new Request(upstream.url, { method: 'POST', body: '{}' }))
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    expect((await reader.read()).value).toBe('data: one\n\n')
    await reader.cancel()
    await stopped
  })

  it('an upstream that does not answer in time is a timeout (the handlers answer 504)', async () => {
    const upstream = await fakeUpstream(() => new Promise<Response>(() => undefined))
    const error = await fetchWithDeadline(upstreamFetch, upstream.url, {}, 100).catch(
      (e: unknown) => e,
    )
    expect(isTimeout(error)).toBe(true)
  })

  it('a caller who leaves aborts the call with their reason', async () => {
    const upstream = await fakeUpstream(() => new Promise<Response>(() => undefined))
    const leaving = new AbortController()
    const call = upstreamFetch(new Request(upstream.url, { signal: leaving.signal }))
    leaving.abort(new DOMException('gone', 'AbortError'))
    await expect(call).rejects.toMatchObject({ name: 'AbortError', message: 'gone' })
  })
})
