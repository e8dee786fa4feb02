/**
 * The page's lifecycle events, recorded by the entry from its first moment for the page-leave
 * watch (./page-leave), which arrives later with the page base: a visitor who clicks a link
 * before then is still seen leaving, and the loads the browser then stops are not reported as
 * failures. In the entry: keep it tiny.
 */
const TYPES = ['pagehide', 'pageshow', 'pointerdown', 'keydown', 'beforeunload', 'click']

/** Starts recording; `stop()` ends it once the watch has what was recorded. */
export function recordLeaveEvents(win: Window): { events: Event[]; stop(): void } {
  const events: Event[] = []
  const keep = (event: Event) => {
    events.push(event)
  }
  // Read as a plain EventTarget: WebKit and older Firefox have no window.navigation.
  const navigation = (win as { navigation?: EventTarget }).navigation
  for (const type of TYPES) win.addEventListener(type, keep, { capture: true })
  navigation?.addEventListener('navigate', keep)
  return {
    events,
    stop() {
      for (const type of TYPES) win.removeEventListener(type, keep, { capture: true })
      navigation?.removeEventListener('navigate', keep)
    },
  }
}
