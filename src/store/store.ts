import { produce, type Draft } from 'immer'
import {
  INACTIVITY_MS,
  STORAGE_KEY,
  emptyCart,
  emptyContacts,
  initialState,
  isStoreState,
  loggedOutSession,
  type StoreState,
} from './state'

export type Recipe = (draft: Draft<StoreState>) => void
type Listener = () => void

export interface Store {
  getState(): StoreState
  /** Apply an immer recipe, persist, notify subscribers. */
  update(recipe: Recipe): void
  subscribe(listener: Listener): () => void
  /** Record user activity (throttled writes); returns true when the session had expired first. */
  touch(now?: number): boolean
  /** Clear user, cart, contacts and conversation (logout and inactivity). */
  clearPersonal(): void
  /**
   * True when the saved state had expired (30 minutes idle) at page load and was cleared then:
   * the runtime announces it as an inactivity logout so the server session ends too.
   */
  readonly expiredOnLoad: boolean
}

export interface StoreOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  now?: () => number
  warn?: (message: string) => void
}

function defaultStorage(): StoreOptions['storage'] {
  try {
    // Accessing sessionStorage throws when storage is disabled (privacy mode, sandboxed iframe).
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/**
 * Framework-free store: one per page, shared by every widget root. Persisted to sessionStorage
 * under a versioned key; anything unreadable is dropped with one warning and the store starts
 * empty. Storage that is disabled or full only costs persistence, never a crash.
 */
export function createStore(options: StoreOptions = {}): Store {
  const storage = options.storage === undefined ? defaultStorage() : options.storage
  const now = options.now ?? Date.now
  const warn = options.warn ?? ((m: string) => console.warn(m))
  const listeners = new Set<Listener>()
  let warnedWrite = false

  function load(): StoreState {
    let raw: string | null
    try {
      raw = storage?.getItem(STORAGE_KEY) ?? null
    } catch {
      return initialState(now())
    }
    if (raw === null) return initialState(now())
    try {
      const parsed: unknown = JSON.parse(raw)
      if (isStoreState(parsed)) return parsed
      warn(`[wine-widgets] Discarded unreadable saved state in sessionStorage "${STORAGE_KEY}".`)
    } catch {
      warn(`[wine-widgets] Discarded corrupted saved state in sessionStorage "${STORAGE_KEY}".`)
    }
    try {
      storage?.removeItem(STORAGE_KEY)
    } catch {
      /* storage unusable: nothing to clean */
    }
    return initialState(now())
  }

  let state = load()

  function persist() {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(state))
    } catch (error) {
      if (!warnedWrite) {
        warnedWrite = true
        warn(`[wine-widgets] Could not save state to sessionStorage: ${String(error)}`)
      }
    }
  }

  function set(next: StoreState) {
    if (next === state) return
    state = next
    persist()
    listeners.forEach((l) => l())
  }

  const clearRecipe: Recipe = (d) => {
    d.session = loggedOutSession()
    d.cart = emptyCart()
    d.contacts = emptyContacts()
    d.conversation = []
  }

  const store: Store = {
    getState: () => state,
    update(recipe) {
      set(produce(state, recipe))
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    touch(at = now()) {
      const expired = at - state.lastActivity > INACTIVITY_MS
      // Writing on every event would thrash storage: a 10 s resolution is plenty for 30 minutes.
      if (!expired && at - state.lastActivity < 10_000) return false
      set(
        produce(state, (d) => {
          if (expired) clearRecipe(d)
          d.lastActivity = at
        }),
      )
      return expired
    },
    clearPersonal() {
      set(produce(state, clearRecipe))
    },
    expiredOnLoad: false,
  }
  // A reload after a long pause must not resurrect an expired session.
  if (now() - state.lastActivity > INACTIVITY_MS) {
    state = produce(state, (d) => {
      clearRecipe(d)
      d.lastActivity = now()
    })
    persist()
    return { ...store, expiredOnLoad: true }
  }
  return store
}
