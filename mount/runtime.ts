import type { Locale } from '../src/domain/types'
import type { AnyWidgetDefinition } from '../src/props/schema'
import { PropError, parseProps } from '../src/props/parse'
import { describeElement } from './describe'
import { resolveLocale } from './locale'
import type { isCutShort, isLoadFailure } from '../src/report/page-leave'
import type { ErrorReport, reportError } from '../src/report/report'
import type { PlacedWidgets } from '../src/ui/widget-tag/WidgetTag'

/**
 * How long a widget whose code failed to load like a stopped load (network, import, stylesheet)
 * waits before it reports: long enough for a navigation under way to take the page away.
 */
export const LEAVE_GRACE_MS = 1_000

export const SELECTOR = '[data-widget]'

/** An element node, from whichever window (`instanceof Element` would check one window's). */
const isElement = (node: Node): node is Element => node.nodeType === Node.ELEMENT_NODE
export const ERROR_ATTRIBUTE = 'data-widget-error'
export const MOUNTED_ATTRIBUTE = 'data-widget-mounted'
/** Start loading a `data-load="visible"` widget when it is this close to the viewport. */
export const VISIBLE_MARGIN = '200px'

/** A mounted widget: what the runtime needs to take it down again. */
export interface MountedRoot {
  unmount(): void
}

/** Renders a loaded widget into its element (the React part, loaded lazily). */
export type Renderer = (args: {
  element: HTMLElement
  definition: AnyWidgetDefinition
  props: Record<string, unknown>
  locale: Locale
  /** For widgets that place other widgets' tags (src/ui/widget-tag). */
  widgets: PlacedWidgets
}) => Promise<MountedRoot>

/** How the runtime reports a failure and tells a load the page cut short (src/report). */
export interface FailureTools {
  reportError: typeof reportError
  isCutShort: typeof isCutShort
  isLoadFailure: typeof isLoadFailure
}

export interface RuntimeOptions {
  registry: readonly AnyWidgetDefinition[]
  render: Renderer
  /**
   * The failure tools, loaded when first needed: the entry passes its dynamic import of
   * src/page/page-base.ts (never a static one: the entry would wait for that chunk before it
   * could request any widget's code).
   */
  failures: () => Promise<FailureTools>
  /** Show errors in place (demo pages). */
  showErrors?: () => boolean
  root?: Document
}

type Entry =
  | { state: 'waiting'; observer: IntersectionObserver }
  | { state: 'loading' }
  | { state: 'mounted'; root: MountedRoot }
  | { state: 'failed' }

export interface Runtime {
  start(): void
  stop(): void
  /** Mount every widget tag in `el` (itself included), or in the whole document. */
  mount(el?: Element): Promise<void>
  /** Unmount every widget in `el` (itself included), or all of them. */
  unmount(el?: Element): void
  /** Resolves when every widget whose loading has started is mounted or failed. */
  ready(): Promise<void>
}

const LOAD_MODES = ['eager', 'visible'] as const

/**
 * The mount runtime: scans the page for `data-widget` tags, validates each tag's attributes,
 * loads the widget's code (now, or when it nears the viewport) and renders it as its own root.
 * A MutationObserver mounts tags added later and unmounts removed ones. start/stop and
 * mount/unmount are safe to call twice.
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  const doc = options.root ?? document
  const byName = new Map(options.registry.map((d) => [d.name, d]))
  const entries = new Map<HTMLElement, Entry>()
  const pending = new Set<Promise<void>>()
  let observer: MutationObserver | null = null
  /** What widgets may ask about other widgets: which exist, and mounting the tags they place. */
  const placed: PlacedWidgets = {
    has: (name) => byName.has(name),
    mount: (el) => runtime.mount(el),
  }

  /**
   * Marks the tag failed at once (and shows why on demo pages); the report (console, the
   * `wine-widgets:error` event) follows once the failure tools are loaded. Resolves when done.
   */
  function report(
    el: HTMLElement,
    widget: string,
    attribute: string,
    message: string,
    error?: unknown,
  ): Promise<void> {
    el.setAttribute(ERROR_ATTRIBUTE, message)
    if (options.showErrors?.()) {
      const box = doc.createElement('p')
      box.setAttribute('role', 'alert') // styled by the reserve stylesheet (mount/reserve.css)
      box.textContent = `${widget}: ${message}`
      el.replaceChildren(box)
    }
    return reportLater({
      widget: widget || null,
      area: 'mount',
      message: `${describeElement(el)}: widget "${widget}", attribute "${attribute}": ${message}`,
      error,
      logged: [el],
    })
  }

  /**
   * Reports once the failure tools are loaded. When they cannot load (the network is gone),
   * nothing more is said: the tag is marked already.
   */
  function reportLater(failure: ErrorReport): Promise<void> {
    return options.failures().then(
      (tools) => tools.reportError(failure),
      () => undefined,
    )
  }

  function check(el: HTMLElement): {
    definition: AnyWidgetDefinition
    props: Record<string, unknown>
    locale: Locale
    lazy: boolean
  } {
    const name = el.dataset.widget ?? ''
    const definition = byName.get(name)
    if (!definition)
      throw new PropError(
        'data-widget',
        `unknown widget "${name}" (known: ${[...byName.keys()].join(', ')})`,
      )
    const load = el.dataset.load ?? 'eager'
    if (!(LOAD_MODES as readonly string[]).includes(load))
      throw new PropError(
        'data-load',
        `data-load="${load}" must be one of: ${LOAD_MODES.join(', ')}`,
      )
    const locale = resolveLocale(el, doc.defaultView?.location.pathname ?? '/')
    const props = parseProps(definition.props, el.dataset)
    return { definition, props, locale, lazy: load === 'visible' }
  }

  function track(work: Promise<void>) {
    pending.add(work)
    void work.finally(() => pending.delete(work))
  }

  function load(el: HTMLElement, args: ReturnType<typeof check>) {
    entries.set(el, { state: 'loading' })
    const work = options
      .render({
        element: el,
        definition: args.definition,
        props: args.props,
        locale: args.locale,
        widgets: placed,
      })
      .then(
        (root) => {
          // Removed while loading: take it down again at once.
          if (entries.get(el)?.state !== 'loading' || !el.isConnected) {
            root.unmount()
            if (entries.get(el)?.state === 'loading') entries.delete(el)
            return
          }
          entries.set(el, { state: 'mounted', root })
          el.setAttribute(MOUNTED_ATTRIBUTE, '')
        },
        async (error: unknown) => {
          entries.set(el, { state: 'failed' })
          const fail = () =>
            report(
              el,
              args.definition.name,
              'data-widget',
              `could not load: ${String(error)}`,
              error,
            )
          let tools: FailureTools
          try {
            tools = await options.failures()
          } catch {
            // The report's own code could not load either: the network (or the page) is gone.
            // Marked failed all the same, so the host can mount the tag again.
            el.setAttribute(ERROR_ATTRIBUTE, `could not load: ${String(error)}`)
            return
          }
          // The page is going away (or the load was aborted): not a failure, nothing to show.
          if (tools.isCutShort(error)) return
          // A stopped load can also arrive before the engine says the page is leaving (WebKit,
          // a second click on a link while the first navigation is pending): it is a failure
          // only if the page is still here a moment later (a page that left runs no timer).
          if (tools.isLoadFailure(error)) {
            doc.defaultView?.setTimeout(() => {
              if (!tools.isCutShort(error)) void fail()
            }, LEAVE_GRACE_MS)
            return
          }
          await fail()
        },
      )
    track(work)
    return work
  }

  function mountElement(el: HTMLElement): Promise<void> {
    // Mounting twice is a no-op; a tag that failed may be fixed by the host and mounted again.
    const existing = entries.get(el)
    if (existing && existing.state !== 'failed') return Promise.resolve()
    el.removeAttribute(ERROR_ATTRIBUTE)
    let args: ReturnType<typeof check>
    try {
      args = check(el)
    } catch (e) {
      if (!(e instanceof PropError)) throw e
      entries.set(el, { state: 'failed' })
      const reported = report(el, el.dataset.widget ?? '', e.attribute, e.message, e)
      track(reported)
      return reported
    }
    const IO = doc.defaultView?.IntersectionObserver
    if (args.lazy && IO) {
      const io = new IO(
        (records) => {
          if (records.some((r) => r.isIntersecting)) {
            io.disconnect()
            void load(el, args)
          }
        },
        { rootMargin: VISIBLE_MARGIN },
      )
      entries.set(el, { state: 'waiting', observer: io })
      io.observe(el)
      return Promise.resolve()
    }
    return load(el, args)
  }

  function unmountElement(el: HTMLElement) {
    const entry = entries.get(el)
    if (!entry) return
    entries.delete(el)
    el.removeAttribute(MOUNTED_ATTRIBUTE)
    if (entry.state === 'waiting') entry.observer.disconnect()
    if (entry.state === 'mounted') {
      try {
        entry.root.unmount()
      } catch (error) {
        track(
          reportLater({
            widget: el.dataset.widget ?? null,
            area: 'mount',
            message: `${describeElement(el)}: unmount failed`,
            error,
          }),
        )
      }
    }
  }

  function within(el: Element): HTMLElement[] {
    const found = [...el.querySelectorAll<HTMLElement>(SELECTOR)]
    // Widget tags are HTML elements (the pages are HTML); querySelectorAll above says the same.
    return el.matches(SELECTOR) ? [el as HTMLElement, ...found] : found
  }

  function onMutations(records: MutationRecord[]) {
    for (const r of records) {
      r.removedNodes.forEach((node) => {
        if (!isElement(node)) return
        for (const el of within(node)) if (!el.isConnected) unmountElement(el)
      })
    }
    for (const r of records) {
      r.addedNodes.forEach((node) => {
        if (!isElement(node) || !node.isConnected) return
        for (const el of within(node)) void mountElement(el)
      })
    }
  }

  const runtime: Runtime = {
    start() {
      if (observer) return
      observer = new MutationObserver(onMutations)
      observer.observe(doc.documentElement, { childList: true, subtree: true })
      void this.mount()
    },
    stop() {
      observer?.disconnect()
      observer = null
      this.unmount()
    },
    async mount(el) {
      const targets = within(el ?? doc.documentElement)
      await Promise.all(targets.map((t) => mountElement(t)))
    },
    unmount(el) {
      const targets = el ? within(el) : [...entries.keys()]
      targets.forEach(unmountElement)
    },
    async ready() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
  }
  return runtime
}
