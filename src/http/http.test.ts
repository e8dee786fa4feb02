import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import { HttpError, getJson, postForm, postJson } from './http'
import { accountRequest } from './csrf'

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

  it('sends form data where the spec says form data', async () => {
    server.use(
      http.post('/api/form', async ({ request }) => {
        const form = await request.formData()
        return HttpResponse.json({ vat: form.get('vat') })
      }),
    )
    await expect(postForm('/api/form', { vat: 'BE0123' })).resolves.toEqual({ vat: 'BE0123' })
  })

  it.each([
    ['HTTP 500', () => new HttpResponse(null, { status: 500 }), 500],
    ['HTTP 503', () => new HttpResponse('down', { status: 503 }), 503],
    ['a network error', () => HttpResponse.error(), 0],
    ['malformed JSON', () => new HttpResponse('{"half":', { status: 200 }), 200],
  ])('turns %s into "Error fetching data" carrying the status', async (_l, reply, status) => {
    server.use(http.get('/api/broken', reply))
    const error = await getJson('/api/broken').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe('Error fetching data')
    expect((error as HttpError).status).toBe(status)
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
