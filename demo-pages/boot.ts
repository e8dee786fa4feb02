/**
 * The demo pages' first script (built to `dist-demo/demo.js`): start the MSW worker so every call
 * the widgets make is answered by the mocks, then load the library exactly as the CMS does, from
 * the URL in this script tag's `data-widgets-src`:
 *
 *   <script type="module" src="/demo/demo.js" data-widgets-src="/widgets/wine-widgets.js"></script>
 *
 * Nothing about the library differs from production; only the network behind it is mocked.
 */
import { startMocks } from '../mocks/browser'

async function boot(): Promise<void> {
  // Module scripts have no document.currentScript: find the tag by its attribute.
  const tag = document.querySelector<HTMLScriptElement>('script[data-widgets-src]')
  const src = tag?.dataset.widgetsSrc
  try {
    await startMocks()
  } catch (error) {
    // Without mocks the widgets still mount; their calls fail the way they would offline.
    console.error('[demo] The mock service worker did not start:', error)
  }
  if (!src) {
    console.error('[demo] The demo script tag needs data-widgets-src="/widgets/wine-widgets.js".')
    return
  }
  await import(/* @vite-ignore */ src)
}

void boot()
