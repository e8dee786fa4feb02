import { createSubscribable } from '../subscribable'

/**
 * A message line between the open tabs of the site in one browser (BroadcastChannel), behind a
 * small interface so tests join several simulated tabs on one line. What arrives is another tab's
 * word, possibly from another version of the bundle: the receiver checks it before use.
 */
export interface TabLink {
  post(message: unknown): void
  /** Calls `handler` with every message another tab posts; returns the function that stops it. */
  listen(handler: (message: unknown) => void): () => void
  close(): void
}

/**
 * The browser's line named `name`, or null where there is none (no BroadcastChannel: node without
 * a window, old browsers). A page hidden into the back/forward cache closes its line and opens it
 * again when shown: an open channel can keep a page out of that cache, and a cached page would
 * miss messages anyway (it catches up when shown).
 */
export function browserTabLink(name: string): TabLink | null {
  // Absent in node and in old browsers.
  if (typeof window === 'undefined' || typeof globalThis.BroadcastChannel === 'undefined')
    return null
  const handlers = createSubscribable<[message: unknown]>()
  let channel: BroadcastChannel | null = null
  const open = () => {
    channel = new BroadcastChannel(name)
    channel.onmessage = (event: MessageEvent) => {
      handlers.notify(event.data)
    }
  }
  const shut = () => {
    channel?.close()
    channel = null
  }
  const onHide = (event: PageTransitionEvent) => {
    if (event.persisted) shut()
  }
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted && !channel) open()
  }
  open()
  window.addEventListener('pagehide', onHide)
  window.addEventListener('pageshow', onShow)
  return {
    post(message) {
      channel?.postMessage(message)
    },
    listen: handlers.subscribe,
    close() {
      shut()
      handlers.clear()
      window.removeEventListener('pagehide', onHide)
      window.removeEventListener('pageshow', onShow)
    },
  }
}
