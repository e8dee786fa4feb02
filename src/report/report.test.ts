// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isCutShort, isLoadFailure, isPageLeaving, watchPageLeave } from './page-leave'
import { ERROR_EVENT, reportError, type ErrorDetail } from './report'
import { HttpError, malformed } from '../http/http'
import { TimeoutError } from '../http/signals'
import { recordLeaveEvents } from './leave-events'

/** A bare window for the node environment: events, timers and nothing else. */
class FakeWindow extends EventTarget {
  navigation?: EventTarget
  setTimeout = (fn: () => void, ms?: number) => setTimeout(fn, ms)
}

/** What a fake window is to the module: only its events and timers are read. */
const asWindow = (w: FakeWindow) => w as unknown as Window & typeof globalThis

let win: FakeWindow
let events: ErrorDetail[]

beforeEach(() => {
  win = new FakeWindow()
  events = []
  win.addEventListener(ERROR_EVENT, (e) => events.push((e as CustomEvent<ErrorDetail>).detail))
  vi.stubGlobal('window', asWindow(win))
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const networkError = (message = 'NetworkError when attempting to fetch resource.') =>
  new TypeError(message)

/** The current-user check failing with a network error (as a departure stops it). */
const reportUserCheckFailure = () =>
  reportError({ area: 'session', message: 'The current-user check failed', error: networkError() })

describe('reportError', () => {
  it('logs the console line it always wrote and dispatches wine-widgets:error on window', () => {
    const error = new Error('Error fetching data')
    reportError({ widget: 'carousel', area: 'data', message: 'carousel: failed', error })
    expect(console.error).toHaveBeenCalledWith('[wine-widgets] carousel: failed', error)
    expect(events).toEqual([
      { widget: 'carousel', area: 'data', message: 'carousel: failed', error },
    ])
  })

  it("shares a provider's error without its client secret or billing details", () => {
    const stripeError = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      payment_intent: { id: 'pi_1', client_secret: 'pi_1_secret_abc' },
      payment_method: { billing_details: { name: 'Claire Dubois', email: 'claire@example.com' } },
    }
    reportError({ area: 'payment', message: 'The payment was not confirmed', error: stripeError })
    const shared = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    }
    expect(events.map((e) => e.error)).toEqual([shared])
    expect(console.error).toHaveBeenCalledWith(
      '[wine-widgets] The payment was not confirmed',
      shared,
    )
    expect(JSON.stringify(events)).not.toMatch(/secret|Claire|claire@/)
  })

  it('reports page-wide work with widget null, and a failure without error object', () => {
    reportError({ area: 'config', message: 'Config: "stripe" is missing.' })
    expect(console.error).toHaveBeenCalledWith('[wine-widgets] Config: "stripe" is missing.')
    expect(events).toEqual([
      { widget: null, area: 'config', message: 'Config: "stripe" is missing.', error: undefined },
    ])
  })

  it('logs with console.warn and other console details when asked, still announcing it', () => {
    reportError({ area: 'sommelier', message: 'skipped a chunk', logged: ['{bad'], level: 'warn' })
    expect(console.warn).toHaveBeenCalledWith('[wine-widgets] skipped a chunk', '{bad')
    expect(console.error).not.toHaveBeenCalled()
    expect(events).toHaveLength(1)
  })

  it('says nothing of a request aborted on purpose, leaving or not', () => {
    reportError({ area: 'data', message: 'x', error: new DOMException('stop', 'AbortError') })
    expect(console.error).not.toHaveBeenCalled()
    expect(events).toEqual([])
  })

  it('works without a window (server rendering, node)', () => {
    vi.stubGlobal('window', undefined)
    expect(() => reportError({ area: 'data', message: 'x', error: new Error('y') })).not.toThrow()
    expect(console.error).toHaveBeenCalledTimes(1)
  })
})

describe('a failed call', () => {
  const SITE = '(an endpoint the site must provide, see docs/server-contract.md)'

  it.each([
    [
      'an error status',
      new HttpError({ method: 'POST', url: '/api/getbundle', status: 404, kind: 'status' }),
      'POST /api/getbundle answered 404',
      404,
    ],
    [
      'no answer',
      new HttpError({ method: 'GET', url: '/cp/auth/token', status: 0, kind: 'network' }),
      'GET /cp/auth/token answered network error',
      'network error',
    ],
    [
      'no answer in time',
      new HttpError(
        { method: 'POST', url: '/api/isVATValid', status: 0, kind: 'timeout' },
        { cause: new TimeoutError(15_000) },
      ),
      'POST /api/isVATValid answered timeout',
      'timeout',
    ],
    [
      'an answer without the documented shape',
      malformed('POST', '/api/getwinevariants', 'The answer is not a list'),
      'POST /api/getwinevariants answered malformed answer',
      'malformed answer',
    ],
  ])(
    '%s: one line naming the call and the site, the same fields in the event',
    (_, error, call, status) => {
      reportError({ widget: 'bundle', area: 'data', message: 'bundle: could not load B12', error })
      const message = `bundle: could not load B12 — ${call} ${SITE}`
      expect(console.error).toHaveBeenCalledTimes(1)
      expect(console.error).toHaveBeenCalledWith(`[wine-widgets] ${message}`)
      expect(events).toEqual([
        {
          widget: 'bundle',
          area: 'data',
          message,
          error,
          method: error.method,
          url: error.url,
          status,
        },
      ])
    },
  )
})

describe('a failure caused by a failed call', () => {
  it('names the call too (a stream that is no JSON call)', () => {
    const call = new HttpError({
      method: 'POST',
      url: '/api/sommelier',
      status: 503,
      kind: 'status',
    })
    const error = new Error('Sommelier http: HTTP 503', { cause: call })
    reportError({
      area: 'sommelier',
      message: 'Sommelier: the answer failed',
      error,
      level: 'warn',
    })
    const message =
      'Sommelier: the answer failed — POST /api/sommelier answered 503 (an endpoint the site must provide, see docs/server-contract.md)'
    expect(console.warn).toHaveBeenCalledWith(`[wine-widgets] ${message}`)
    expect(events).toEqual([
      {
        widget: null,
        area: 'sommelier',
        message,
        error,
        method: 'POST',
        url: '/api/sommelier',
        status: 503,
      },
    ])
  })
})

describe('leaving the page', () => {
  beforeEach(() => watchPageLeave(asWindow(win)))

  it.each([
    ['a fetch (Firefox)', networkError()],
    ['a fetch (WebKit)', networkError('Load failed')],
    ['a fetch (Chromium)', networkError('Failed to fetch')],
    ['a widget chunk (Firefox)', networkError('error loading dynamically imported module: /c.js')],
    ['a widget chunk (WebKit)', networkError('Importing a module script failed.')],
    ['a stylesheet', new Error('Unable to preload CSS for /widgets/assets/core.css')],
    ['the mock worker (WebKit)', networkError('Script /mockServiceWorker.js load failed')],
    [
      'an HTTP failure caused by a fetch',
      new Error('Error fetching data', { cause: networkError() }),
    ],
  ])('after pagehide, %s cut short is neither logged nor announced', (_what, error) => {
    win.dispatchEvent(new Event('pagehide'))
    expect(isPageLeaving(asWindow(win))).toBe(true)
    reportError({ area: 'mount', message: 'could not load', error })
    expect(console.error).not.toHaveBeenCalled()
    expect(events).toEqual([])
  })

  it('real failures keep their messages while leaving: an HTTP status, a crash', () => {
    win.dispatchEvent(new Event('beforeunload'))
    const status = new Error('Error fetching data')
    const crash = new TypeError("Cannot read properties of undefined (reading 'name')")
    reportError({ area: 'data', message: 'status', error: status })
    reportError({ widget: 'giftbox', area: 'widget', message: 'crash', error: crash })
    expect(events.map((e) => e.message)).toEqual(['status', 'crash'])
  })

  it('the same network failure on a page that stays is reported, once the current task is over', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    reportUserCheckFailure()
    expect(events).toEqual([])
    vi.runAllTimers()
    expect(events.map((e) => e.message)).toEqual(['The current-user check failed'])
    expect(console.error).toHaveBeenCalledTimes(1)
  })

  it('a load stopped before pagehide in the same task is not reported (Chromium, leaving from the address bar or reload)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // No navigate event: the browser stops the loads, their failure comes, then pagehide.
    reportUserCheckFailure()
    win.dispatchEvent(new Event('pagehide'))
    vi.runAllTimers()
    expect(events).toEqual([])
    expect(console.error).not.toHaveBeenCalled()
  })

  it('nor when that page is shown again from the back/forward cache before the check', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    reportUserCheckFailure()
    win.dispatchEvent(new Event('pagehide'))
    win.dispatchEvent(new Event('pageshow'))
    vi.runAllTimers()
    expect(events).toEqual([])
  })

  it('is over when the page is shown again (back/forward cache) or used again', () => {
    win.dispatchEvent(new Event('pagehide'))
    win.dispatchEvent(new Event('pageshow'))
    expect(isPageLeaving(asWindow(win))).toBe(false)
    win.dispatchEvent(new Event('beforeunload'))
    win.dispatchEvent(new Event('keydown'))
    expect(isPageLeaving(asWindow(win))).toBe(false)
  })
})

describe('leaving the page, where the Navigation API exists', () => {
  const navigate = (init: Record<string, unknown>) =>
    Object.assign(new Event('navigate', { cancelable: true }), init)

  beforeEach(() => {
    win.navigation = new EventTarget()
    watchPageLeave(asWindow(win))
  })

  it('starts with a navigation to another document, not with a hash change', () => {
    win.navigation!.dispatchEvent(
      navigate({ hashChange: true, destination: { sameDocument: true } }),
    )
    expect(isPageLeaving(asWindow(win))).toBe(false)
    win.navigation!.dispatchEvent(navigate({ destination: { sameDocument: false } }))
    expect(isPageLeaving(asWindow(win))).toBe(true)
  })

  it('is over when another listener cancelled that navigation', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    win.navigation!.addEventListener('navigate', (e) => e.preventDefault())
    win.navigation!.dispatchEvent(navigate({ destination: { sameDocument: false } }))
    // Decided after the other listeners ran (a timer of 0), not by this test's clock.
    vi.runAllTimers()
    expect(isPageLeaving(asWindow(win))).toBe(false)
  })

  it('does not listen to beforeunload (Firefox keeps such pages out of its back/forward cache)', () => {
    win.dispatchEvent(new Event('beforeunload'))
    expect(isPageLeaving(asWindow(win))).toBe(false)
  })
})

describe('isCutShort and isLoadFailure', () => {
  it('an abort is cut short at any time; a network error only while leaving', () => {
    watchPageLeave(asWindow(win))
    expect(isCutShort(new DOMException('x', 'AbortError'), asWindow(win))).toBe(true)
    expect(isCutShort(networkError(), asWindow(win))).toBe(false)
    expect(isLoadFailure(networkError())).toBe(true)
    expect(isLoadFailure(new Error('Error fetching data'))).toBe(false)
    expect(isLoadFailure('a string')).toBe(false)
  })
})

describe('a departure before the page-leave watch has loaded (the entry records, the page base watches)', () => {
  it.each([
    ['with the Navigation API (a navigate event)', true],
    ['without it (WebKit: beforeunload)', false],
  ])('%s: the stopped loads after it are not reported', (_, withNavigation) => {
    if (withNavigation) win.navigation = new EventTarget()
    const recorder = recordLeaveEvents(asWindow(win))
    if (withNavigation) win.navigation!.dispatchEvent(new Event('navigate'))
    else win.dispatchEvent(new Event('beforeunload'))
    // The page base arrives now, with the watch: it replays what the entry recorded.
    watchPageLeave(asWindow(win), recorder.events)
    recorder.stop()
    expect(isPageLeaving(asWindow(win))).toBe(true)
    reportUserCheckFailure()
    expect(events).toEqual([])
    expect(console.error).not.toHaveBeenCalled()
  })

  it('replays in order: a pointerdown after the departure says the page is still here', () => {
    const recorder = recordLeaveEvents(asWindow(win))
    win.dispatchEvent(new Event('beforeunload'))
    win.dispatchEvent(new Event('pointerdown'))
    watchPageLeave(asWindow(win), recorder.events)
    recorder.stop()
    expect(isPageLeaving(asWindow(win))).toBe(false)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    reportUserCheckFailure()
    vi.runAllTimers()
    expect(events).toHaveLength(1)
  })

  it('stops recording once the watch has the events', () => {
    const recorder = recordLeaveEvents(asWindow(win))
    recorder.stop()
    win.dispatchEvent(new Event('beforeunload'))
    expect(recorder.events).toEqual([])
  })
})
