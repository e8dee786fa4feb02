/**
 * The library entry (`dist/wine-widgets.js`). It holds only the runtime that scans the page and
 * the widget registry (names, prop schemas, lazy imports): React and each widget's code load only
 * when a tag that needs them is on the page.
 */
import { isDemoPage } from '../src/config/config-block'
import { getBus } from '../src/bus/bus'
import { savedStateText } from '../src/store/storage-key'
import { forgetPendingOnLogout, hasPendingPayments } from '../src/payment/pending-key'
import { watchPageLeave } from '../src/report/page-leave'
import { reportError } from '../src/report/report'
import { textsUrl } from 'virtual:wine-texts/url'
import { registry } from './registry'
import { textBundleOf } from './bundles'
import { createRuntime, type Renderer } from './runtime'

/** The page's services (session, inactivity) start once, before the first widget renders. */
let services: Promise<void> | null = null
const startServices = () =>
  (services ??= import('./page-services')
    .then((m) => m.startPageServices())
    .catch((error: unknown) => {
      services = null // a failed chunk load is tried again by the next widget
      throw error
    }))

/**
 * Preloads a widget's text file (mount/bundles.ts); the core imports it when it renders. A second
 * link to the same file costs nothing (one fetch per URL).
 */
function preloadTexts(locale: string, widget: string) {
  const href = textsUrl(locale as 'fr', textBundleOf(widget))
  if (!href) return // dev server and tests: no text files
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.crossOrigin = '' // as the import() that uses it, or the browser fetches it twice
  link.href = href
  document.head.append(link)
}

/**
 * Preloads the site API reads a widget makes at its first render (its definition's `prefetch`), so
 * they travel with its code instead of after it. `crossorigin` and the URL are those of the
 * fetch that uses the answer (src/http: same origin, same-origin credentials), or the browser
 * fetches twice; one link per URL.
 */
function preloadReads(args: Parameters<Renderer>[0]) {
  let urls: readonly string[] = []
  try {
    urls =
      args.definition.prefetch?.({
        props: args.props,
        locale: args.locale,
        page: args.element.ownerDocument,
      }) ?? []
  } catch (error) {
    // Only a head start is lost: the widget fetches what it needs when it renders.
    reportError({ widget: args.definition.name, area: 'mount', message: 'prefetch failed', error })
  }
  for (const url of urls) {
    const href = new URL(url, document.baseURI).href
    if (
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].some(
        (l) => l.href === href,
      )
    )
      continue
    const link = document.createElement('link')
    link.rel = 'preload'
    link.as = 'fetch'
    link.crossOrigin = 'anonymous'
    link.href = href
    document.head.append(link)
  }
}

/**
 * A found tag requests its whole graph at once: the core and React (the root's import), the
 * widget's chunks and stylesheets (Vite's preload map of its import), its texts. The core then
 * renders with the same, already loaded, modules.
 */
const render: Renderer = async (args) => {
  preloadTexts(args.locale, args.definition.name)
  preloadReads(args)
  const [root] = await Promise.all([import('./root'), startServices(), args.definition.load()])
  return root.render(args)
}

const runtime = createRuntime({
  registry,
  render,
  showErrors: () => isDemoPage(),
})

export interface WineWidgetsApi {
  /** Mount every widget tag inside `el` (itself included), or in the whole page. */
  mount(el?: Element): Promise<void>
  /** Unmount every widget inside `el` (itself included), or all of them. */
  unmount(el?: Element): void
  /** Resolves when every widget that started loading has mounted (or failed). */
  ready(): Promise<void>
  /** Subscribe to a bus event; returns the unsubscribe function. */
  on: ReturnType<typeof getBus>['on']
  /** The registered widget names. */
  readonly widgets: readonly string[]
  readonly version: string
}

/**
 * A charged order whose steps did not all run (the back office failed, the tab was closed) is
 * finished on the next page load, on whatever page and in whatever tab of the browser; a bank
 * redirect that returns into a tab without its progress is continued. A cheap look at the saved
 * state, the pending payments (localStorage) and the address here; the payment code loads only
 * when there is something to do.
 */
function resumeChargedOrder(): void {
  const saved = savedStateText()
  const returned = new URLSearchParams(window.location.search).has('payment_intent_client_secret')
  if (!saved?.includes('"phase":"charged"') && !hasPendingPayments() && !returned) return
  // After the page services: the store is read back and the analytics hear the order paid.
  startServices()
    .then(() => import('../src/payment/resume-on-load'))
    .then((m) => m.resumeOnLoad())
    .catch((error: unknown) =>
      reportError({ area: 'payment', message: 'Could not resume the payment', error }),
    )
}

declare global {
  interface Window {
    WineWidgets?: WineWidgetsApi
  }
}

if (!window.WineWidgets) {
  window.WineWidgets = {
    mount: (el) => runtime.mount(el),
    unmount: (el) => runtime.unmount(el),
    ready: () => runtime.ready(),
    on: (name, handler) => getBus().on(name, handler),
    widgets: registry.map((d) => d.name),
    version: __WINE_WIDGETS_VERSION__,
  }
  // First: a load the browser stops because the visitor leaves is then not reported as a failure.
  watchPageLeave()
  resumeChargedOrder()
  // The pending payments hold contacts: a shared browser forgets them with the session.
  forgetPendingOnLogout()
  // Back from the back/forward cache: widgets whose load the departure cut short mount now.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void runtime.mount()
  })
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => runtime.start(), { once: true })
  } else {
    runtime.start()
  }
  window.dispatchEvent(new CustomEvent('wine-widgets:ready'))
}
