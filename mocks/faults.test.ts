// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getJson, HttpError } from '../src/http/http'
import { accountRequest } from '../src/http/csrf'
import { CLAIRE } from '../fixtures/users'
import { callsOf, db } from './db'
import {
  activeFaults,
  clearFaults,
  CALL_NAMES,
  isFault,
  loadFaults,
  releaseHeld,
  setFault,
  type CallName,
} from './faults'
import { createKeyedOrder, paidOrderS04201 } from './test-setups/orders'
import { probingTheMockServer } from './contract-listener'

// The subject here is the mock server: the requests are incomplete or wrong on purpose, to see
// how it answers. Its answers are still checked against the contract.
probingTheMockServer('the tests call the mock server directly')

const bundle = () =>
  fetch('/api/getbundle', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ odooCode: 'BUN-001', locale: 'fr' }),
  })

/**
 * On fake timers: let the request reach the mock server (real event-loop turns, no fake time
 * passes), so its fault's timer, if any, is set before the test moves the clock.
 */
async function untilCalled(call: CallName, count = 1): Promise<void> {
  while (callsOf(call).length < count) await vi.advanceTimersByTimeAsync(0)
}

afterEach(() => {
  vi.useRealTimers()
})

describe('faults', () => {
  it.each([500, 503, 419, 422, 429] as const)('status %i answers that status', async (status) => {
    setFault('getbundle', { kind: 'status', status })
    const res = await bundle()
    expect(res.status).toBe(status)
  })

  it('network makes fetch reject', async () => {
    setFault('getbundle', { kind: 'network' })
    await expect(bundle()).rejects.toThrow(TypeError)
  })

  it('malformed answers 200 with a body that is not JSON', async () => {
    setFault('collections', { kind: 'malformed' })
    const res = await fetch('/api/collections/quotes/entries?limit=1000&filter[site]=fr')
    expect(res.status).toBe(200)
    await expect(res.json()).rejects.toThrow(SyntaxError)
  })

  it('malformed breaks the sommelier stream off without [DONE]', async () => {
    setFault('sommelier', { kind: 'malformed' })
    const res = await fetch('/api/sommelier', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ locale: 'en', messages: [{ role: 'user', content: 'fish' }] }),
    })
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    const text = await res.text()
    expect(text).not.toContain('[DONE]')
    const last = text.trim().split('\n\n').at(-1)!
    expect(() => JSON.parse(last.slice('data: '.length))).toThrow(SyntaxError)
  })

  it('the app’s http wrapper turns these faults into "Error fetching data" with the status', async () => {
    const url = '/api/collections/quotes/entries?filter[site]=fr'
    setFault('collections', { kind: 'status', status: 503 }, { times: 1 })
    await expect(getJson(url)).rejects.toMatchObject({
      message: 'Error fetching data',
      status: 503,
    })
    setFault('collections', { kind: 'network' }, { times: 1 })
    await expect(getJson(url)).rejects.toMatchObject({ status: 0 })
    setFault('collections', { kind: 'malformed' }, { times: 1 })
    await expect(getJson(url)).rejects.toBeInstanceOf(HttpError)
    await expect(getJson(url)).resolves.toMatchObject({ data: expect.any(Array) })
  })

  it('delay answers normally after the delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    setFault('getbundle', { kind: 'delay', ms: 150 })
    let answered = false
    const res = bundle().then((r) => ((answered = true), r))
    await untilCalled('getbundle')
    await vi.advanceTimersByTimeAsync(149)
    expect(answered).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await res).status).toBe(200)
  })

  it('held waits until the test releases it, then answers normally; the next call is held again', async () => {
    setFault('getbundle', { kind: 'held' }, { times: 2 })
    let answered = false
    const first = bundle().then((res) => ((answered = true), res))
    await vi.waitFor(() => expect(callsOf('getbundle')).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 0))
    expect(answered).toBe(false)
    releaseHeld('getbundle')
    expect((await first).status).toBe(200)
    expect(callsOf('getbundle')[0]).not.toHaveProperty('fault')
    const second = bundle()
    await vi.waitFor(() => expect(callsOf('getbundle')).toHaveLength(2))
    clearFaults() // clearing releases what is held
    expect((await second).status).toBe(200)
  })

  it('stepped leaves an answer that is not a stream as it is, and is no fault in the log', async () => {
    expect(isFault({ kind: 'stepped' })).toBe(true)
    setFault('getbundle', { kind: 'stepped' })
    expect((await bundle()).status).toBe(200)
    expect(callsOf('getbundle')[0]).not.toHaveProperty('fault')
  })

  it('hang never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    setFault('getbundle', { kind: 'hang' })
    const controller = new AbortController()
    let answered = false
    const pending = fetch('/api/getbundle', {
      method: 'POST',
      body: JSON.stringify({ odooCode: 'BUN-001', locale: 'fr' }),
      headers: { 'Content-Type': 'application/json' },
      signal: controller.signal,
    }).then(() => (answered = true))
    await untilCalled('getbundle')
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000) // a day later: still no answer
    expect(answered).toBe(false)
    controller.abort()
    await expect(pending).rejects.toThrow()
  })

  describe('lost: the server applies the call, the client gets a network error', () => {
    /** Claire's redemption, from her session, with the CSRF token. */
    async function updatePoints(headers: Record<string, string> = {}): Promise<Response> {
      db.sessionEmail = CLAIRE.email
      const token = await (await fetch('/cp/auth/token')).text()
      return fetch('/user/updateuserpoints', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': token, ...headers },
        body: JSON.stringify({
          userEmail: CLAIRE.email,
          date: '22-11-2026',
          document: 'S04201',
          points: -100,
        }),
      })
    }
    const balance = () => db.users.find((u) => u.email === CLAIRE.email)!.points

    it('applies the effect, then fails; a retry with the same key gets the stored answer', async () => {
      await paidOrderS04201()
      setFault('updateuserpoints', { kind: 'lost' }, { times: 1 })
      const key = { 'Idempotency-Key': 'points-S04201-redeem' }
      await expect(updatePoints(key)).rejects.toThrow(TypeError)
      expect(balance()).toBe(320)
      expect(db.pointUpdates).toHaveLength(1)

      const retry = await updatePoints(key)
      expect(retry.status).toBe(200)
      expect(await retry.json()).toEqual({ updated: true, points: 320 })
      expect(balance()).toBe(320)
      expect(db.pointUpdates).toHaveLength(1)
      expect(
        callsOf('updateuserpoints').map((c) => [c.idempotencyKey, c.fault, c.replayed]),
      ).toEqual([
        ['points-S04201-redeem', 'lost', undefined],
        ['points-S04201-redeem', undefined, true],
      ])
    })

    it('without a key, a retry runs again; the order books its redemption once', async () => {
      await paidOrderS04201()
      setFault('updateuserpoints', { kind: 'lost' }, { times: 1 })
      await expect(updatePoints()).rejects.toThrow(TypeError)
      expect((await updatePoints()).status).toBe(200)
      expect(callsOf('updateuserpoints').map((c) => [c.fault, c.replayed])).toEqual([
        ['lost', undefined],
        [undefined, undefined],
      ])
      expect(balance()).toBe(320)
      expect(db.pointUpdates).toHaveLength(1)
    })

    it('creates the order it loses the answer of', async () => {
      setFault('createorderinodoo', { kind: 'lost' })
      const create = () => createKeyedOrder('fr')
      await expect(create()).rejects.toThrow(TypeError)
      await expect(create()).rejects.toThrow(TypeError)
      expect(db.orders.map((o) => o.orderNumber)).toEqual(['S04201'])
      clearFaults()
      expect(await (await create()).json()).toEqual({ orderCreated: true, orderNumber: 'S04201' })
    })

    it('is a valid fault, also from the e2e init scripts', async () => {
      expect(isFault({ kind: 'lost' })).toBe(true)
      loadFaults('{"getbundle":{"kind":"lost","times":1}}')
      expect(activeFaults()).toMatchObject({ getbundle: { kind: 'lost' } })
      await expect(bundle()).rejects.toThrow(TypeError)
      expect(db.calls.at(-1)).toMatchObject({ call: 'getbundle', fault: 'lost' })
      expect((await bundle()).status).toBe(200)
    })
  })

  it('times limits the number of failing calls', async () => {
    setFault('getbundle', { kind: 'status', status: 500 }, { times: 2 })
    expect((await bundle()).status).toBe(500)
    expect((await bundle()).status).toBe(500)
    expect((await bundle()).status).toBe(200)
    expect(activeFaults()).toEqual({})
  })

  it('a 419 once is retried by the app with a fresh token', async () => {
    setFault('getcurrentuser', { kind: 'status', status: 419 }, { times: 1 })
    await expect(accountRequest('/login/getcurrentuser')).resolves.toMatchObject({
      isLoggedIn: false,
    })
    expect(db.calls.map((c) => [c.call, c.fault])).toEqual([
      ['csrf', undefined],
      ['getcurrentuser', 'status'],
      ['csrf', undefined],
      ['getcurrentuser', undefined],
    ])
  })

  it('only touches the named call', async () => {
    setFault('getwinevariants', { kind: 'status', status: 500 })
    expect((await bundle()).status).toBe(200)
  })

  it('clearFaults removes one or all faults', async () => {
    setFault('getbundle', { kind: 'status', status: 500 })
    setFault('csrf', { kind: 'network' })
    clearFaults('getbundle')
    expect(Object.keys(activeFaults())).toEqual(['csrf'])
    clearFaults()
    expect(activeFaults()).toEqual({})
    expect((await bundle()).status).toBe(200)
  })

  it('rejects unknown calls and invalid faults', () => {
    expect(() => setFault('nope' as CallName, { kind: 'network' })).toThrow(/Unknown mock call/)
    // @ts-expect-error 418 is not a supported fault status
    expect(() => setFault('csrf', { kind: 'status', status: 418 })).toThrow(/Invalid fault/)
  })

  it('reads faults from the sessionStorage JSON the e2e init scripts write', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    loadFaults(
      '{"getbundle":{"kind":"status","status":500,"times":1},"unknown":{"kind":"network"}}',
    )
    expect(warn).toHaveBeenCalledWith('[wine-mocks] ignored fault for "unknown"')
    expect((await bundle()).status).toBe(500)
    expect((await bundle()).status).toBe(200)
  })

  const requests: Record<CallName, [string, RequestInit?]> = {
    csrf: ['/cp/auth/token'],
    getcurrentuser: ['/login/getcurrentuser'],
    logoutuser: ['/login/logoutuser'],
    loginuser: ['/login/loginuser', { method: 'POST' }],
    isexistingemail: ['/login/isexistingemail', { method: 'POST' }],
    createuser: ['/user/createuser', { method: 'POST' }],
    sendpasswordresetlink: ['/api/sendpasswordresetlink', { method: 'POST' }],
    resetpassword: ['/api/resetpassword', { method: 'POST' }],
    updateuserpoints: ['/user/updateuserpoints', { method: 'POST' }],
    getupdatedpoints: ['/user/getupdatedpoints', { method: 'POST' }],
    getinvoices: ['/user/getinvoices', { method: 'POST' }],
    getwinevariants: ['/api/getwinevariants', { method: 'POST' }],
    getbundle: ['/api/getbundle', { method: 'POST' }],
    isVATValid: ['/api/isVATValid', { method: 'POST' }],
    createorderinodoo: ['/api/createorderinodoo', { method: 'POST' }],
    checkoutorder: ['/api/checkoutorder', { method: 'POST' }],
    sendorderconfirmation: ['/api/sendorderconfirmation', { method: 'POST' }],
    createpaymentintent: ['/api/createpaymentintent', { method: 'POST' }],
    collections: ['/api/collections/regions/entries'],
    rules: ['/api/rules/evaluate/shipping', { method: 'POST' }],
    sommelier: ['/api/sommelier', { method: 'POST' }],
    search: ['https://app-dsn.algolia.net/1/indexes/*/queries', { method: 'POST' }],
  }

  it.each(CALL_NAMES)('can make the %s call fail', async (call) => {
    setFault(call, { kind: 'status', status: 503 })
    const [url, init] = requests[call]
    expect((await fetch(url, init)).status).toBe(503)
    expect(db.calls.at(-1)).toMatchObject({ call, fault: 'status' })
  })
})
