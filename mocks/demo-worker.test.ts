import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { demoWorker, demoWorkerSource, MSW_WORKER } from '../demo-pages/mock-worker.mjs'
import { CLAIM_MESSAGE } from './worker-control'

const msw = readFileSync(MSW_WORKER, 'utf8')

/**
 * A worker script run in a service worker's global as far as MSW's worker uses it: its events,
 * its clients (the tab's pages, none of which is a navigation's), Cache Storage and its
 * registration, whose `unregister` is watched.
 */
function runWorker(source: string) {
  const target = new EventTarget()
  const pages = new Map<
    string,
    { id: string; frameType: string; visibilityState: string; postMessage: () => void }
  >()
  const store = new Map<string, Response>()
  const unregister = vi.fn(() => Promise.resolve(true))
  const claim = vi.fn(() => Promise.resolve())
  const global = {
    registration: { scope: 'http://localhost/', unregister },
    clients: {
      get: (id: string) => Promise.resolve(pages.get(id)),
      matchAll: () => Promise.resolve([...pages.values()]),
      claim,
    },
    skipWaiting: () => Promise.resolve(),
    caches: {
      open: () =>
        Promise.resolve({
          match: (key: string) => Promise.resolve(store.get(key)?.clone()),
          put: (key: string, response: Response) => Promise.resolve(void store.set(key, response)),
        }),
      delete: () => {
        store.clear()
        return Promise.resolve(true)
      },
    },
    addEventListener: target.addEventListener.bind(target),
    console,
    crypto,
    fetch: () => new Promise(() => {}),
    Headers,
    MessageChannel,
    Request,
    Response,
  }
  Object.assign(global, { self: global })
  runInNewContext(source, global)

  /** A page says something to the worker (MSW's page side: MOCK_ACTIVATE, CLIENT_CLOSE…). */
  const say = async (id: string, data: string) => {
    let work: Promise<unknown> = Promise.resolve()
    const event = Object.assign(new Event('message'), {
      data,
      source: { id },
      waitUntil: (p: Promise<unknown>) => (work = p),
    })
    target.dispatchEvent(event)
    await work
  }
  return {
    unregister,
    claim,
    say,
    /** A page of the tab that turned mocking on. */
    async openPage(id: string) {
      pages.set(id, {
        id,
        frameType: 'top-level',
        visibilityState: 'visible',
        postMessage: () => {},
      })
      await say(id, 'MOCK_ACTIVATE')
    },
    /** The page goes (MSW's page side says CLIENT_CLOSE on pagehide) and is no client any more. */
    async leavePage(id: string) {
      await say(id, 'CLIENT_CLOSE')
      pages.delete(id)
    },
    /** A request of the given mode: whether the worker answers it (else: the network does). */
    answers(mode: RequestMode, clientId: string) {
      const respondWith = vi.fn()
      // A Request of that mode (a page cannot construct a navigation's).
      const request = new Proxy(new Request('http://localhost/en/cart'), {
        get(real, key) {
          if (key === 'mode') return mode
          const value: unknown = Reflect.get(real, key, real)
          return typeof value === 'function' ? value.bind(real) : value
        },
      })
      target.dispatchEvent(Object.assign(new Event('fetch'), { request, clientId, respondWith }))
      return respondWith.mock.calls.length > 0
    },
  }
}

describe("the demo's mock service worker (MSW's, with the demo's three changes)", () => {
  it("answers a page's own requests but leaves navigations to the network", async () => {
    for (const [source, navigations] of [
      [msw, true],
      [await demoWorkerSource(), false],
    ] as const) {
      const worker = runWorker(source)
      await worker.openPage('page-a')
      expect(worker.answers('cors', 'page-a')).toBe(true)
      // A navigation has no client yet (its clientId is empty): MSW would ask page-a, the page
      // that may be the one being left.
      expect(worker.answers('navigate', '')).toBe(navigations)
    }
  })

  it('stays registered when the last page it knows goes (MSW unregisters itself)', async () => {
    for (const [source, unregisters] of [
      [msw, 1],
      [await demoWorkerSource(), 0],
    ] as const) {
      const worker = runWorker(source)
      await worker.openPage('page-a')
      // In a navigation the next page is not a client yet when this one says goodbye.
      await worker.leavePage('page-a')
      expect(worker.unregister).toHaveBeenCalledTimes(unregisters)
    }
  })

  it('claims a page it does not control when the page asks (MSW would have it reload)', async () => {
    for (const [source, claims] of [
      [msw, 0],
      [await demoWorkerSource(), 1],
    ] as const) {
      const worker = runWorker(source)
      await worker.openPage('page-a')
      worker.claim.mockClear()
      await worker.say('page-b', CLAIM_MESSAGE)
      expect(worker.claim).toHaveBeenCalledTimes(claims)
      // Anything else a page says claims nothing.
      await worker.say('page-b', 'KEEPALIVE_REQUEST')
      expect(worker.claim).toHaveBeenCalledTimes(claims)
    }
  })

  it('keeps the rest of MSW as it is, its integrity checksum included', async () => {
    const served = await demoWorkerSource()
    expect(served).toContain(msw.slice(0, msw.indexOf('await self.registration.unregister()')))
  })

  it('refuses a worker the changes no longer fit, rather than serving it unchanged', () => {
    expect(() => demoWorker(msw.replace('await self.registration.unregister()', ''))).toThrow(
      /no longer has one "await self.registration.unregister\(\)"/,
    )
  })
})
