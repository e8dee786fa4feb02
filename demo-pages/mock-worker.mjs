import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The demo's mock service worker: MSW's own (node_modules/msw/lib/mockServiceWorker.js), served
 * with three changes for pages a shopper leaves quickly, seen as a tab that stopped loading
 * (e2e-cross 'leaving pages while their widgets still load') or a link that went nowhere:
 * - Navigations go to the network, as they do without the demo. MSW hands a request to a page of
 *   the tab and waits for its answer with no time limit; a navigation has no client of its own,
 *   so the page asked may be the one being left, which never answers: the navigation hangs.
 * - The worker does not unregister itself when the last page it knows closes. In a navigation
 *   the next page is not a client yet when the previous one says goodbye, so the worker went
 *   away under it; that page then found no controller and a registration on its way out (MSW
 *   reloads the page then) and its widgets never mounted. A worker with no page to answer for
 *   lets every request through, so staying registered changes nothing for other pages.
 * - It claims a page that asks (mocks/worker-control.ts): a page opened while the worker was
 *   installing is not controlled, and MSW's remedy, a reload, cancels the link the shopper has
 *   just followed from that page.
 * A change that no longer applies (a new MSW) fails here, loudly, instead of serving MSW's file.
 */
export const MSW_WORKER = join(
  fileURLToPath(new URL('..', import.meta.url)),
  'node_modules/msw/lib/mockServiceWorker.js',
)

const NAVIGATIONS_TO_THE_NETWORK = `// Demo (demo-pages/mock-worker.mjs): navigations go to the network; no page is asked.
addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.stopImmediatePropagation()
})

`

const CLAIMS_ON_REQUEST = `// Demo (demo-pages/mock-worker.mjs): a page it does not control asks to be claimed.
addEventListener('message', (event) => {
  if (event.data === 'wine-demo:claim') event.waitUntil(self.clients.claim())
})

`

const SELF_UNREGISTER = 'await self.registration.unregister()'
const STAYS_REGISTERED = '// Demo (demo-pages/mock-worker.mjs): stays registered.'

/** MSW's worker with the demo's three changes (see above). */
export function demoWorker(source) {
  const at = source.indexOf(SELF_UNREGISTER)
  if (at < 0 || source.indexOf(SELF_UNREGISTER, at + 1) >= 0)
    throw new Error(
      `demo-pages/mock-worker.mjs: MSW's worker no longer has one "${SELF_UNREGISTER}"; review the demo's changes to it`,
    )
  return (
    NAVIGATIONS_TO_THE_NETWORK +
    CLAIMS_ON_REQUEST +
    source.replace(SELF_UNREGISTER, STAYS_REGISTERED)
  )
}

let cached = null

/** The demo worker's source, read once. */
export function demoWorkerSource() {
  cached ??= readFile(MSW_WORKER, 'utf8').then(demoWorker)
  return cached
}
