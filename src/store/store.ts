import { produce, type Draft } from 'immer'
import {
  INACTIVITY_MS,
  STORAGE_KEY,
  emptyCart,
  emptyContacts,
  initialState,
  loggedOutSession,
  type StoreState,
} from './state'
import type { SavedStateReading } from './saved-state'
import { readJson } from './read-json'
import { sessionStore } from './web-storage'

/** Reads back what sessionStorage held (`readSavedState`); null when nothing of it fits. */
export type SavedStateReader = (raw: unknown) => SavedStateReading | null
import { reportError } from '../report/report'

export type Recipe = (draft: Draft<StoreState>) => void
type Listener = () => void

export interface Store {
  getState: () => StoreState
  /** Apply an immer recipe, persist, notify subscribers. */
  update(recipe: Recipe): void
  subscribe: (listener: Listener) => () => void
  /** Record user activity (throttled writes); returns true when the session had expired first. */
  touch(now?: number): boolean
  /** Clear user, cart, contacts and conversation (logout and inactivity). */
  clearPersonal(): void
  /**
   * Set when the saved state had expired (30 minutes idle) at page load and was cleared then
   * (`wasLoggedIn`: a user was logged in); null otherwise. A state, not an event: the session
   * service reads it whenever it starts and treats it exactly like an expiry on an open page.
   */
  readonly expiredOnLoad: { wasLoggedIn: boolean } | null
}

export interface StoreOptions {
  /**
   * Reads the saved state back. Passed in rather than imported so the schemas (and valibot) load
   * only on pages that have something saved (`prepareStore` in `shared-store.ts`).
   */
  readSaved: SavedStateReader
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  now?: () => number
  warn?: (message: string) => void
}

/**
 * Framework-free store: one per page, shared by every widget root. Persisted to sessionStorage
 * under a versioned key; anything unreadable is dropped with one warning and the store starts
 * empty. Storage that is disabled or full only costs persistence, never a crash.
 */
export function createStore(options: StoreOptions): Store {
  // sessionStore(): null when storage is disabled (privacy mode, sandboxed iframe).
  const storage = options.storage === undefined ? sessionStore() : options.storage
  const now = options.now ?? Date.now
  const warn =
    options.warn ?? ((message: string) => reportError({ area: 'storage', message, level: 'warn' }))
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
    const parsed = readJson(raw)
    const reading = parsed === undefined ? null : options.readSaved(parsed)
    if (reading) {
      // Keep what fits; one warning names what did not (it is replaced by its empty value).
      if (reading.dropped.length > 0) {
        warn(
          `Discarded parts of the saved state in sessionStorage "${STORAGE_KEY}" that do not fit: ${reading.dropped.join(', ')}.`,
        )
        repaired = true
      }
      // Filled in for an older saved state (a cart's identity): saved at once too.
      if (reading.filled?.length) repaired = true
      return reading.state
    }
    warn(
      parsed === undefined
        ? `Discarded corrupted saved state in sessionStorage "${STORAGE_KEY}".`
        : `Discarded unreadable saved state in sessionStorage "${STORAGE_KEY}".`,
    )
    try {
      storage?.removeItem(STORAGE_KEY)
    } catch {
      /* storage unusable: nothing to clean */
    }
    return initialState(now())
  }

  /**
   * Set when load() kept only part of the saved state, or filled in what an older one lacks: the
   * repaired state is saved at once.
   */
  let repaired = false
  let state = load()

  function persist() {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(state))
    } catch (error) {
      if (!warnedWrite) {
        warnedWrite = true
        warn(`Could not save state to sessionStorage: ${String(error)}`)
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
    // A payment the provider holds or has charged must still finish (its snapshot carries what
    // it needs): logging out never forgets money that was taken.
    const phase = d.payment?.phase
    if (phase !== 'confirming' && phase !== 'charged') d.payment = null
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
    expiredOnLoad: null,
  }
  // A reload after a long pause must not resurrect an expired session.
  if (now() - state.lastActivity > INACTIVITY_MS) {
    const wasLoggedIn = state.session.isLoggedIn
    state = produce(state, (d) => {
      clearRecipe(d)
      d.lastActivity = now()
    })
    persist()
    return { ...store, expiredOnLoad: { wasLoggedIn } }
  }
  // `repaired` is set by the saved-state reader's callback, which narrowing does not follow.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (repaired) persist()
  return store
}
