/**
 * The library entry (`dist/wine-widgets.js`). It holds only the runtime that scans the page and
 * the widget registry (names and lazy imports; the attribute schemas are in the page base, see
 * build/schema-split.ts): React and each widget's code load only when a tag that needs them is
 * on the page.
 */
import { isDemoPage } from '../src/config/config-block'
import type { Bus } from '../src/bus/bus'
import type * as PageBaseModule from '../src/page/page-base'
import { savedStateText } from '../src/store/storage-key'
import { hasPendingPayments } from '../src/payment/pending-key'
import { recordLeaveEvents } from '../src/report/leave-events'
import { textsUrl } from 'virtual:wine-texts/url'
import { registry } from './registry'
import { textBundleOf } from './bundles'
import { createRuntime, type Renderer } from './runtime'

/**
 * What the entry needs besides its own code (src/page/page-base.ts: the bus, the error report,
 * the page-leave watch), loaded with the first widget's code (or the first report), never before:
 * a static import would hold every other request until it had arrived, and a page without
 * widgets needs none of it. Module-level on purpose: the entry runs once per document.
 */
type PageBase = typeof PageBaseModule
/** The page base once loaded, and what waits for it: run in order when it arrives. */
let base: PageBase | null = null
let baseLoad: Promise<PageBase> | null = null
const waiting: ((loaded: PageBase) => void)[] = []
/**
 * Loads the page base (once) and runs what waited for it, in order; resolves after that. Every
 * path to code that can emit on the bus (widgets, page services, the payment resume) goes
 * through it, so the listeners that waited are on the bus before anything can be emitted.
 */
const loadBase = (): Promise<PageBase> =>
  (baseLoad ??= import('../src/page/page-base').then(
    (loaded) => {
      base = loaded
      for (const run of waiting.splice(0)) run(loaded)
      return loaded
    },
    (error: unknown) => {
      baseLoad = null // tried again by the next widget, whose own load reports the failure
      throw error
    },
  ))
/** Runs `run` with the page base when it is loaded (now if it is), without loading it. */
function whenBase(run: (loaded: PageBase) => void): void {
  if (base) run(base)
  else waiting.push(run)
}

/**
 * The page's services (session, inactivity) start once, before the first widget renders.
 * Module-level on purpose: the entry runs once per document and opens its page once.
 */
let services: Promise<void> | null = null
const startServices = () =>
  (services ??= Promise.all([import('./page-services'), loadBase()])
    .then(([m]) => m.startPageServices())
    .catch((error: unknown) => {
      services = null // a failed chunk load is tried again by the next widget
      throw error
    }))

/** What this page asked the browser to preload. */
const preloaded = new Set<string>()

/**
 * Asks the browser for `href` ahead of its use, once per page: a second link after the first
 * one's answer was used would fetch again (a slider placed by an index preloads the index's
 * URL). `crossorigin` is that of the use (an `import()` or a same-origin `fetch` with
 * same-origin credentials: anonymous), or the browser fetches twice.
 */
function preload(href: string, as?: 'fetch') {
  if (preloaded.has(href)) return
  preloaded.add(href)
  const link = document.createElement('link')
  link.rel = as ? 'preload' : 'modulepreload'
  if (as) link.as = as
  link.crossOrigin = 'anonymous'
  link.href = href
  document.head.append(link)
}

/**
 * Preloads what a widget needs besides its code: its text file (mount/bundles.ts; none on the
 * dev server and in tests), which the core imports when it renders, and the site API reads of
 * its first render (its definition's `prefetch`, same URL as the fetch), so they travel with its
 * code instead of after it. Resolves once the read links are in the page: the widget renders
 * only then, so its fetch always finds the preload (a preload after the fetch would be a second
 * request). Never rejects: only a head start is lost, and the widget's own load reports a chunk
 * that cannot load.
 */
function preloadNeeds({ definition, props, locale, element }: Parameters<Renderer>[0]) {
  preloadCode({ definition, locale })
  return definition
    .prefetch?.({ props, locale, page: element.ownerDocument })
    .then((urls) => {
      for (const url of urls) preload(url, 'fetch')
    })
    .catch(() => undefined)
}

/**
 * What a tag needs that its props do not decide: its text file and the code of the widgets it
 * places (a failure shows when they mount). Also called before its props are read (the page
 * base brings the schema), with its own code, so none of it waits for the page base.
 */
function preloadCode({
  definition,
  locale,
}: Pick<Parameters<Renderer>[0], 'definition' | 'locale'>) {
  const texts = textsUrl(locale, textBundleOf(definition.name))
  if (texts) preload(texts)
  for (const name of definition.places ?? [])
    registry
      .find((d) => d.name === name)
      ?.load()
      .catch(() => undefined)
}

/**
 * A found tag requests its whole graph at once: the core and React (the root's import), the
 * widget's chunks and stylesheets (Vite's preload map of its import), its texts. The core then
 * renders with the same, already loaded, modules.
 */
const render: Renderer = async (args) => {
  const reads = preloadNeeds(args)
  if (args.definition.dom) {
    // Drawn without React (defineDomWidget): no React root, no page services.
    const [dom] = await Promise.all([
      import('./dom-root'),
      loadBase(),
      args.definition.load(),
      reads,
    ])
    return dom.render(args)
  }
  const [root] = await Promise.all([
    import('./root'),
    startServices(),
    args.definition.load(),
    reads,
    // What waited for the page base (bus listeners, the page-leave watch) is in place before
    // any widget runs.
    loadBase(),
  ])
  return root.render(args)
}

const runtime = createRuntime({
  registry,
  render,
  failures: loadBase,
  // In the page base's chunk (build/chunk-plan.ts): one request with the page base.
  schemas: () => import('./schemas').then((m) => m.schemas),
  early: (tag) => {
    preloadCode(tag)
    // Its own code too: the import the renderer makes later finds it loaded or on its way.
    tag.definition.load().catch(() => undefined)
  },
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
  on: Bus['on']
  /** The registered widget names. */
  readonly widgets: readonly string[]
  /**
   * The cookie consent (docs/analytics.md): `open()` opens the choice (a "Cookie settings" link
   * of the host's own). Set by the consent widget's code when it loads, so it is there once the
   * widgets are ready on a page with a consent tag; the entry carries none of it (6 KB budget).
   */
  consent?: { open(): void }
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
      loadBase().then(
        (loaded) =>
          loaded.reportError({ area: 'payment', message: 'Could not resume the payment', error }),
        () => undefined,
      ),
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
    // The bus is in the page base: a listener asked for before it arrives is added when it does,
    // before any widget renders (so before any widget can emit).
    on: (name, handler) => {
      let off: (() => void) | null = null
      let dropped = false
      // Only our code emits, and it loads the page base first: the listener waits for it there.
      whenBase((loaded) => {
        if (!dropped) off = loaded.getBus().on(name, handler)
      })
      return () => {
        dropped = true
        off?.()
      }
    },
    widgets: registry.map((d) => d.name),
    version: __WINE_WIDGETS_VERSION__,
  }
  // First: a load the browser stops because the visitor leaves is then not reported as a failure.
  // The watch comes with the page base; what the page lived through before is recorded now and
  // replayed to it (a click on a link before the page base has arrived is a departure too).
  const lifecycle = recordLeaveEvents(window)
  whenBase((loaded) => {
    loaded.watchPageLeave(window, lifecycle.events)
    lifecycle.stop()
    // The pending payments hold contacts: a shared browser forgets them with the session.
    loaded.forgetPendingOnLogout()
  })
  resumeChargedOrder()
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
