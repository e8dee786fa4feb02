import { describe, expect, it, vi } from 'vitest'
import { CLAIM_MESSAGE, takeControl, type WorkerContainer } from './worker-control'

/** A page's `navigator.serviceWorker`: registered or not, controlled or not, an active worker. */
function container(options: { registered: boolean; controlled: boolean; claims: boolean }) {
  const events = new EventTarget()
  const postMessage = vi.fn((message: unknown) => {
    if (message !== CLAIM_MESSAGE || !options.claims) return
    // The worker claims the page: the browser sets the controller, then says so.
    setTimeout(() => {
      page.controller = {} as ServiceWorker // a stand-in: only its presence is read
      events.dispatchEvent(new Event('controllerchange'))
    }, 10)
  })
  const registration = { active: { postMessage } } as unknown as ServiceWorkerRegistration // idem
  const page: WorkerContainer & { controller: ServiceWorker | null } = {
    controller: options.controlled ? ({} as ServiceWorker) : null, // idem
    getRegistrations: () => Promise.resolve(options.registered ? [registration] : []),
    ready: Promise.resolve(registration),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  }
  return { page, postMessage }
}

describe('takeControl', () => {
  it('asks the worker to claim a page it does not control, and resolves once it has', async () => {
    const { page, postMessage } = container({ registered: true, controlled: false, claims: true })
    await takeControl(page, 1000)
    expect(postMessage).toHaveBeenCalledWith(CLAIM_MESSAGE)
    expect(page.controller).not.toBeNull()
  })

  it('asks nothing of a controlled page, nor where no worker is registered yet', async () => {
    for (const state of [
      { registered: true, controlled: true, claims: true },
      { registered: false, controlled: false, claims: true },
    ]) {
      const { page, postMessage } = container(state)
      await takeControl(page)
      expect(postMessage).not.toHaveBeenCalled()
    }
    await expect(takeControl(undefined)).resolves.toBeUndefined()
  })

  it('gives up after the wait when no claim comes (MSW reloads the page then)', async () => {
    vi.useFakeTimers()
    try {
      const { page } = container({ registered: true, controlled: false, claims: false })
      let settled = false
      void takeControl(page, 3000).then(() => (settled = true))
      await vi.advanceTimersByTimeAsync(2999)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(settled).toBe(true)
      expect(page.controller).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})
