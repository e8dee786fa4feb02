import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The demo's mock service worker: MSW's own (node_modules/msw/lib/mockServiceWorker.js), served
 * with two changes for pages a shopper leaves quickly, both seen in WebKit as a tab that stopped
 * loading (e2e-cross 'leaving pages while their widgets still load'):
 * - Navigations go to the network, as they do without the demo. MSW hands a request to a page of
 *   the tab and waits for its answer with no time limit; a navigation has no client of its own,
 *   so the page asked may be the one being left, which never answers: the navigation hangs.
 * - The worker does not unregister itself when the last page it knows closes. In a navigation
 *   the next page is not a client yet when the previous one says goodbye, so the worker went
 *   away under it; that page then found no controller and a registration on its way out (MSW
 *   reloads the page then) and its widgets never mounted. A worker with no page to answer for
 *   lets every request through, so staying registered changes nothing for other pages.
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

const SELF_UNREGISTER = 'await self.registration.unregister()'
const STAYS_REGISTERED = '// Demo (demo-pages/mock-worker.mjs): stays registered.'

/** MSW's worker with the demo's two changes (see above). */
export function demoWorker(source) {
  const at = source.indexOf(SELF_UNREGISTER)
  if (at < 0 || source.indexOf(SELF_UNREGISTER, at + 1) >= 0)
    throw new Error(
      `demo-pages/mock-worker.mjs: MSW's worker no longer has one "${SELF_UNREGISTER}"; review the demo's changes to it`,
    )
  return NAVIGATIONS_TO_THE_NETWORK + source.replace(SELF_UNREGISTER, STAYS_REGISTERED)
}

let cached = null

/** The demo worker's source, read once. */
export function demoWorkerSource() {
  cached ??= readFile(MSW_WORKER, 'utf8').then(demoWorker)
  return cached
}
