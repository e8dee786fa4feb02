/**
 * A page can open without the demo's worker controlling it: a link followed while the worker of
 * the tab's first page was still installing, or a force reload. Its calls would reach the real
 * network, so MSW reloads such a page, and that reload cancels a link the visitor has already
 * followed from it. Instead the page asks the worker to claim it and waits for that.
 */

/** What the page says to the demo worker to be claimed (demo-pages/mock-worker.mjs answers it). */
export const CLAIM_MESSAGE = 'wine-demo:claim'

/** How long a page waits to be claimed before MSW's own remedy (the reload) takes over. */
export const CLAIM_WAIT_MS = 3000

/** The parts of `navigator.serviceWorker` this uses. */
export type WorkerContainer = Pick<
  ServiceWorkerContainer,
  'controller' | 'getRegistrations' | 'ready' | 'addEventListener' | 'removeEventListener'
>

/**
 * Resolves once the page is controlled by a worker, or at once when no worker is registered yet
 * (MSW registers it, and its activation claims the page), or after `waitMs` at most.
 */
export async function takeControl(
  container: WorkerContainer | undefined,
  waitMs = CLAIM_WAIT_MS,
): Promise<void> {
  if (!container || container.controller) return
  if ((await container.getRegistrations()).length === 0) return
  let done = () => {}
  const claimed = new Promise<void>((resolve) => {
    done = resolve
    container.addEventListener('controllerchange', done)
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs)
  })
  // `ready` waits for an installing worker to become active; its activation may claim the page
  // by itself (the listener above is already there to hear it).
  void container.ready.then((registration) => {
    if (!container.controller) registration.active?.postMessage(CLAIM_MESSAGE)
  })
  await Promise.race([claimed, late])
  clearTimeout(timer)
  container.removeEventListener('controllerchange', done)
}
