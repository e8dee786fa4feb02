/**
 * Knows when the page is going away, and which failures that explains: a widget chunk,
 * a request or a stylesheet the browser stops loading because the visitor left is not a failure
 * of ours. Firefox and WebKit reject those loads with ordinary-looking errors ("NetworkError when
 * attempting to fetch resource.", "error loading dynamically imported module", "Importing a
 * module script failed.", "Load failed") while the old page still runs its promise callbacks.
 *
 * The page counts as leaving from the moment a navigation to another document starts until it is
 * shown again:
 * - `navigate` (Navigation API) where it exists: it fires when a cross-document navigation starts,
 *   before the browser stops the old page's loads, and costs nothing for the back/forward cache;
 * - `beforeunload` only where it does not (WebKit): Firefox keeps pages with a `beforeunload`
 *   listener out of its back/forward cache, WebKit does not; there too, a click on a link to
 *   another document (WebKit sends no new `beforeunload` for a second click while the first
 *   navigation is pending);
 * - `pagehide`, in every engine;
 * - reset by `pageshow` (back from the back/forward cache), and by the visitor pressing a key or a
 *   pointer after a navigation start that did not happen (a download, a cancelled prompt).
 *
 * Import-free on purpose: the library entry loads it on every page.
 */

interface LeaveState {
  leaving: boolean
  /** How many times the page started leaving: a later look sees whether it did meanwhile. */
  departures: number
}

const watched = new WeakMap<Window, LeaveState>()

/** The bits of the Navigation API's `navigate` event read here (not every engine has the API). */
interface NavigateLike extends Event {
  readonly hashChange?: boolean
  readonly downloadRequest?: string | null
  readonly destination?: { readonly sameDocument?: boolean }
}

/**
 * Start following the page's lifecycle (safe to call twice). The entry records the page's
 * lifecycle events from its first moment (`recordLeaveEvents`, ./leave-events) and this watch
 * arrives with the page base, later: `early` are the events it missed, replayed in order through
 * the same handlers, so a visitor who leaves before the page base has arrived is still seen
 * leaving.
 */
export function watchPageLeave(
  win: Window | undefined = globalThis.window,
  early: readonly Event[] = [],
): void {
  // No window in node (tests), whatever the DOM types say.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (!win || watched.has(win)) return
  const state: LeaveState = { leaving: false, departures: 0 }
  watched.set(win, state)
  const leave = () => {
    state.leaving = true
    state.departures += 1
  }
  const stay = () => {
    state.leaving = false
  }
  // Read as a plain EventTarget: WebKit and older Firefox have no window.navigation.
  const navigation = (win as { navigation?: EventTarget }).navigation
  const handlers: Record<string, (event: Event) => void> = {
    pagehide: leave,
    pageshow: stay,
    // Still here and in use after a navigation start: it did not happen.
    pointerdown: stay,
    keydown: stay,
  }
  if (navigation) {
    handlers.navigate = (event: NavigateLike) => {
      if (event.hashChange || event.downloadRequest || event.destination?.sameDocument) return
      leave()
      // A later listener may cancel it (the widget catalogue keeps its examples in place).
      win.setTimeout(() => {
        if (event.defaultPrevented) stay()
      }, 0)
    }
  } else {
    handlers.beforeunload = leave
    // A click on a link that takes the page to another document. Without the Navigation API a
    // second click while the first navigation is pending (its pointerdown said "still here")
    // gets no new `beforeunload` in WebKit, yet the browser stops the page's loads. Listened to
    // on the window, after the page's own listeners, so a link they handle is not counted.
    handlers.click = (event) => {
      if (event instanceof MouseEvent && leavesDocument(event, win)) leave()
    }
  }
  for (const [type, handle] of Object.entries(handlers)) {
    const capture = type === 'pointerdown' || type === 'keydown'
    ;(type === 'navigate' ? navigation : win)?.addEventListener(type, handle, { capture })
  }
  for (const event of early) handlers[event.type]?.(event)
}

/** Whether a click follows a link to another document in this tab (not prevented, no modifier). */
function leavesDocument(event: MouseEvent, win: Window): boolean {
  if (event.defaultPrevented || event.button !== 0) return false
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false
  const target = event.target
  const link =
    typeof Element !== 'undefined' && target instanceof Element
      ? target.closest<HTMLAnchorElement>('a[href]')
      : null
  if (!link || link.hasAttribute('download')) return false
  if (link.target && link.target !== '_self') return false
  try {
    const to = new URL(link.href, win.location.href)
    const here = new URL(win.location.href)
    if (!/^https?:$/.test(to.protocol)) return false
    // Only the fragment differs: the same document.
    return !(
      to.origin === here.origin &&
      to.pathname === here.pathname &&
      to.search === here.search &&
      to.hash !== ''
    )
  } catch {
    return false
  }
}

/** Whether the page is going away (see the module comment). */
export function isPageLeaving(win: Window | undefined = globalThis.window): boolean {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- no window in node
  return (win && watched.get(win)?.leaving) ?? false
}

/** How many times the page started leaving so far (0 before the watch starts). */
export function departures(win: Window | undefined = globalThis.window): number {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- no window in node
  return (win && watched.get(win)?.departures) ?? 0
}

/**
 * The messages engines give a load that stopped (fetch, dynamic import, module script, preload):
 * Chromium "Failed to fetch" / "Failed to fetch dynamically imported module", Firefox
 * "NetworkError when attempting to fetch resource." / "error loading dynamically imported
 * module", WebKit "Load failed" / "Importing a module script failed." / "The network connection
 * was lost.", Vite's "Unable to preload CSS for …".
 */
const LOAD_FAILURE =
  /fetch|network|load failed|import|module script|connection was lost|cancelled|preload css/i

function causes(error: unknown): unknown[] {
  const chain: unknown[] = []
  let current = error
  while (current !== undefined && current !== null && chain.length < 5) {
    chain.push(current)
    current = current instanceof Error ? current.cause : undefined
  }
  return chain
}

const isDomException = (e: unknown): e is DOMException =>
  typeof DOMException !== 'undefined' && e instanceof DOMException

const isAbort = (e: unknown) => (e instanceof Error || isDomException(e)) && e.name === 'AbortError'

/**
 * A failure shaped like a load the browser stopped: an abort, or a network or import error (a
 * TypeError, or a DOMException such as WebKit's "SecurityError: Script … load failed"). Never a
 * plain Error such as an HTTP status failure, whatever its message says.
 */
export function isLoadFailure(error: unknown): boolean {
  return causes(error).some(
    (e) =>
      isAbort(e) ||
      ((e instanceof TypeError || isDomException(e)) && LOAD_FAILURE.test(e.message)) ||
      (e instanceof Error && /^Unable to preload CSS/.test(e.message)),
  )
}

/**
 * A load or request cut short on purpose, not a failure: aborted through its signal (at any
 * time), or stopped by the browser because the page is going away. Real failures (an HTTP
 * status, a crash, a bad answer) are never cut short, leaving or not.
 */
export function isCutShort(error: unknown, win: Window | undefined = globalThis.window): boolean {
  const [outer] = causes(error)
  if (isAbort(outer)) return true
  return isPageLeaving(win) && isLoadFailure(error)
}
