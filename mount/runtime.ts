import { PropError } from '../src/props/parse'
import { checkName, checkProps, schemaLater, type CheckedTag, type NamedTag } from './check-tag'
import { describeElement } from './describe'
import type { PropsSchema } from '../src/props/schema'
import type { ErrorReport } from '../src/report/report'
import type { PlacedWidgets } from '../src/ui/widget-tag/WidgetTag'
import type { FailureTools, MountedRoot, Runtime, RuntimeOptions } from './runtime-types'
import { tagsWithin } from './tags'

export type { FailureTools, MountedRoot, Renderer, Runtime, RuntimeOptions } from './runtime-types'
export { SELECTOR } from './tags'

/**
 * How long a widget whose code failed to load like a stopped load (network, import, stylesheet)
 * waits before it reports: long enough for a navigation under way to take the page away.
 */
export const LEAVE_GRACE_MS = 1_000

/** An element node, from whichever window (`instanceof Element` would check one window's). */
const isElement = (node: Node): node is Element => node.nodeType === Node.ELEMENT_NODE
export const ERROR_ATTRIBUTE = 'data-widget-error'
export const MOUNTED_ATTRIBUTE = 'data-widget-mounted'
/** Start loading a `data-load="visible"` widget when it is this close to the viewport. */
export const VISIBLE_MARGIN = '200px'

type Entry =
  | { state: 'checking' }
  | { state: 'waiting'; observer: IntersectionObserver }
  | { state: 'loading' }
  | { state: 'mounted'; root: MountedRoot }
  | { state: 'failed' }

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

  function track(work: Promise<void>) {
    pending.add(work)
    void work.finally(() => pending.delete(work))
  }

  /**
   * A widget whose code (or, in the library build, the page base with its schema) could not
   * load: reported, unless the page is going away.
   */
  async function failed(el: HTMLElement, widget: string, error: unknown): Promise<void> {
    entries.set(el, { state: 'failed' })
    const fail = () => report(el, widget, 'data-widget', `could not load: ${String(error)}`, error)
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
  }

  function load(el: HTMLElement, args: CheckedTag) {
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
        (error: unknown) => failed(el, args.definition.name, error),
      )
    track(work)
    return work
  }

  /** A tag's attribute problem: reported naming the attribute; that tag stays down. */
  function refuse(el: HTMLElement, error: PropError): Promise<void> {
    entries.set(el, { state: 'failed' })
    const reported = report(el, el.dataset.widget ?? '', error.attribute, error.message, error)
    track(reported)
    return reported
  }

  function mountElement(el: HTMLElement): Promise<void> {
    // Mounting twice is a no-op; a tag that failed may be fixed by the host and mounted again.
    const existing = entries.get(el)
    if (existing && existing.state !== 'failed') return Promise.resolve()
    el.removeAttribute(ERROR_ATTRIBUTE)
    let tag: NamedTag
    try {
      tag = checkName(el, byName, doc)
      if (!schemaLater(tag)) return start(el, checkProps(el, tag, tag.definition.props))
    } catch (e) {
      if (!(e instanceof PropError)) throw e
      return refuse(el, e)
    }
    return checkLater(el, tag)
  }

  /**
   * The library build: the tag's schema is in the page base (mount/schemas.ts), so the entry
   * does not grow with each widget's attributes. A tag that loads at once requests its code and
   * texts now, beside the page base, not after it; its props are read when the schema is there.
   */
  function checkLater(el: HTMLElement, tag: NamedTag): Promise<void> {
    const checking: Entry = { state: 'checking' }
    entries.set(el, checking)
    if (!tag.lazy) options.early?.(tag)
    const none: Readonly<Record<string, PropsSchema>> = {}
    const schemas = options.schemas?.() ?? Promise.resolve(none)
    const work = schemas.then(
      (bySchema) => {
        // Removed (or mounted again) while the page base was loading.
        if (entries.get(el) !== checking) return
        let args: CheckedTag
        try {
          args = checkProps(el, tag, bySchema[tag.definition.name] ?? {})
        } catch (e) {
          if (!(e instanceof PropError)) throw e
          return refuse(el, e)
        }
        return start(el, args)
      },
      (error: unknown) => {
        if (entries.get(el) === checking) return failed(el, tag.definition.name, error)
      },
    )
    track(work)
    return work
  }

  /** Loads a checked tag's widget now, or when it nears the viewport (`data-load="visible"`). */
  function start(el: HTMLElement, args: CheckedTag): Promise<void> {
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

  function onMutations(records: MutationRecord[]) {
    for (const r of records) {
      r.removedNodes.forEach((node) => {
        if (!isElement(node)) return
        for (const el of tagsWithin(node)) if (!el.isConnected) unmountElement(el)
      })
    }
    for (const r of records) {
      r.addedNodes.forEach((node) => {
        if (!isElement(node) || !node.isConnected) return
        for (const el of tagsWithin(node)) void mountElement(el)
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
      const targets = tagsWithin(el ?? doc.documentElement)
      await Promise.all(targets.map((t) => mountElement(t)))
    },
    unmount(el) {
      const targets = el ? tagsWithin(el) : [...entries.keys()]
      targets.forEach(unmountElement)
    },
    async ready() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
  }
  return runtime
}
