/**
 * The demo pages' first script (built to `dist-demo/demo.js`): start the MSW worker so every call
 * the widgets make is answered by the mocks, then load the library exactly as the CMS does, from
 * the URL in this script tag's `data-widgets-src`:
 *
 *   <script type="module" src="/demo/demo.js" data-widgets-src="/widgets/wine-widgets.js"></script>
 *
 * Nothing about the library differs from production: the network behind it is mocked, and the
 * external services (Stripe.js, Google places) are swapped for the fakes in `mocks/` through
 * `window.wineWidgetsServices` (`src/services/overrides.ts`), set before the library loads. The
 * fakes are lazy chunks of this demo build; the library never contains them.
 */
import { startMocks } from '../mocks/browser'
import { isCutShort, isPageLeaving, watchPageLeave } from '../src/report/page-leave'
import type { ServiceOverrides } from '../src/services/overrides'

const fakeServices: ServiceOverrides = {
  payments: () => import('../mocks/fake-stripe').then((m) => m.createFakeStripe()),
  places: (locale) => import('../mocks/fake-places').then((m) => m.createFakePlaces(locale)),
}

/**
 * Cut short by leaving the page (see src/report/page-leave.ts). MSW wraps the browser's
 * registration failure in a plain Error of its own: read while leaving, that one is too.
 */
const cutShort = (error: unknown) =>
  isCutShort(error) ||
  (isPageLeaving() &&
    error instanceof Error &&
    error.message.includes('Failed to register the Service Worker'))

/**
 * MSW starts a background update of an existing worker registration without waiting for it
 * (`registration.update()`): leaving the page during that check rejects it, unhandled (WebKit:
 * "SecurityError: Script …/mockServiceWorker.js load failed"). Its outcome is handled here; a
 * failed check on a page that stays keeps the worker already registered.
 */
function handleWorkerUpdates(): void {
  // Absent where service workers are (insecure origins, some WebViews): the types say otherwise.
  /* eslint-disable @typescript-eslint/no-unnecessary-condition */
  const proto = globalThis.ServiceWorkerRegistration?.prototype
  if (!proto) return
  /* eslint-enable @typescript-eslint/no-unnecessary-condition */
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called as update.call(this) below
  const update = proto.update
  proto.update = function (this: ServiceWorkerRegistration) {
    const result = update.call(this)
    result.catch((error: unknown) => {
      if (!cutShort(error)) console.warn('[demo] The mock service worker update failed:', error)
    })
    return result
  }
}

async function boot(): Promise<void> {
  window.wineWidgetsServices = fakeServices
  // Module scripts have no document.currentScript: find the tag by its attribute.
  const tag = document.querySelector<HTMLScriptElement>('script[data-widgets-src]')
  const src = tag?.dataset.widgetsSrc
  try {
    await startMocks()
  } catch (error) {
    // Leaving the page while the worker registers stops it: nothing failed, and nothing to load.
    if (cutShort(error)) return
    // Without mocks the widgets still mount; their calls fail the way they would offline.
    console.error('[demo] The mock service worker did not start:', error)
  }
  if (isPageLeaving()) return
  if (!src) {
    console.error('[demo] The demo script tag needs data-widgets-src="/widgets/wine-widgets.js".')
    return
  }
  await import(/* @vite-ignore */ src)
}

// The library's own chunk loads are its business; this catches the entry's load (and anything
// above) so that nothing is left as an unhandled rejection, least of all when the page goes away.
watchPageLeave()
handleWorkerUpdates()
boot().catch((error: unknown) => {
  if (!cutShort(error)) console.error('[demo] The widget library did not load:', error)
})
