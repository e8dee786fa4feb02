/**
 * The browser's storages, for what is kept in them (the store in sessionStorage; the pending and
 * paid payments and the GA4 purchases sent in localStorage). A storage
 * is null where it is missing (no window: node) or refused (privacy modes, a sandboxed iframe:
 * reading `window.localStorage` throws there). The library entry uses it (it looks for saved
 * state and pending payments at once): keep it tiny and import-free (JSON: ./read-json).
 */
function webStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name]
  } catch {
    return null
  }
}

/** The browser's localStorage (shared by every tab), or null where it is missing or refused. */
export const localStore = (): Storage | null => webStorage('localStorage')

/** This tab's sessionStorage, or null where it is missing or refused. */
export const sessionStore = (): Storage | null => webStorage('sessionStorage')
