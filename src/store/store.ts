import { produce } from 'immer'
import {
  ACTIVITY_RESOLUTION_MS,
  INACTIVITY_MS,
  STORAGE_KEY,
  initialState,
  type StoreState,
} from './state'
import { clearPersonal } from './clear-personal'
import { savedTextReader } from './read-saved-text'
import type { Recipe, Store, StoreOptions } from './store-types'
import { sessionStore } from './web-storage'
import { applyRecipe as apply } from './apply-recipe'
import { createTabSync } from './tab-sync'
import { reportError } from '../report/report'
import { createSubscribable } from '../subscribable'

export type { Recipe, SavedStateReader, Store, StoreOptions } from './store-types'

/**
 * Framework-free store: one per page, shared by every widget root. sessionStorage is the truth
 * and the store holds a copy of one revision of it (the exact text it last read or wrote). Every
 * write first compares that revision with what storage holds: when another page of the tab wrote
 * since (Back restores a page from the back/forward cache with its old copy), the write takes the
 * newer state and applies its own change to it, so no page ever writes over a newer state.
 * Anything unreadable is dropped with one warning; storage that is disabled or full only costs
 * persistence, never a crash. The tabs of the browser share all but the payment (`link`,
 * `shared`): `tab-sync.ts`.
 */
export function createStore(options: StoreOptions): Store {
  // sessionStore(): null when storage is disabled (privacy mode, sandboxed iframe).
  const storage = options.storage === undefined ? sessionStore() : options.storage
  const now = options.now ?? Date.now
  const warn =
    options.warn ?? ((message: string) => reportError({ area: 'storage', message, level: 'warn' }))
  const listeners = createSubscribable()
  let reader = options.readSaved ?? null
  let warnedWrite = false
  /** The revision this page holds: the text it last read from or wrote to storage. */
  let savedText: string | null = null
  /**
   * Changes made while a newer saved state waits for its reader (the schemas' chunk): applied to
   * the copy at once, then again to the newer state once it can be read. Null: nothing waits.
   */
  let waiting: Recipe<unknown>[] | null = null

  function storedText(): string | null {
    try {
      return storage?.getItem(STORAGE_KEY) ?? null
    } catch {
      return savedText // unreadable storage: nothing newer can be seen
    }
  }

  const read = savedTextReader(storage, now, warn)

  let closed = false

  function persist() {
    if (closed) return
    const text = JSON.stringify(state)
    try {
      storage?.setItem(STORAGE_KEY, text)
      if (storage) savedText = text
    } catch (error) {
      if (!warnedWrite) {
        warnedWrite = true
        warn(`Could not save state to sessionStorage: ${String(error)}`)
      }
    }
  }

  const notify = listeners.notify

  const tabs = createTabSync(
    {
      state: () => state,
      set: (next) => (state = next),
      persist,
      notify,
      reader: () => reader,
      waiting: () => waiting !== null,
      fetchReader,
      catchUp,
      closed: () => closed,
      now,
      warn,
    },
    options.link ?? null,
    options.shared ?? null,
  )

  /**
   * Brings the copy up to the revision storage holds. Returns false when that revision cannot be
   * read yet (its reader is loading); the caller then waits.
   */
  function catchUp(): boolean {
    const current = storedText()
    if (current === savedText) return true
    if (current !== null && !reader) {
      fetchReader()
      return false
    }
    const { state: newer, repaired } = read(current, reader ?? (() => null))
    state = newer
    savedText = storedText()
    if (repaired) persist()
    return true
  }

  let fetching = false
  function fetchReader() {
    if (fetching || !options.loadReader) return
    fetching = true
    options.loadReader().then(
      (loaded) => {
        fetching = false
        reader = loaded
        const changes = waiting ?? []
        waiting = null
        if (!catchUp()) return
        const next = changes.reduce((s, recipe) => apply(s, recipe).state, state)
        if (next !== state) {
          state = tabs.stamp(state, next, changes)
          persist()
          tabs.share()
        }
        notify()
        tabs.readInbox()
      },
      (error: unknown) => {
        // Tried again by the next write or page show; the changes stay in this page's copy.
        fetching = false
        warn(`Could not read the newer saved state: ${String(error)}`)
      },
    )
  }

  /**
   * Applies `recipe` to the newest revision, saves and notifies. `applied` is false when it had
   * to wait (then it ran on this page's copy, and runs again on the newer state once readable).
   */
  function commit<T>(recipe: Recipe<T>): { applied: boolean; result: T } {
    const before = state
    if (waiting || !catchUp()) {
      ;(waiting ??= []).push(recipe)
      const { state: next, result } = apply(state, recipe)
      state = next
      if (state !== before) notify()
      return { applied: false, result }
    }
    const { state: next, result } = apply(state, recipe)
    if (next !== state) {
      state = tabs.stamp(state, next, [recipe])
      persist()
      tabs.share()
    }
    if (state !== before) notify()
    return { applied: true, result }
  }

  // Saved state without its reader: hold no revision, so the first write or page show fetches
  // the reader and reads what is saved instead of writing over it.
  const atLoad = storedText()
  const readable = reader !== null || atLoad === null
  const initial = readable
    ? read(atLoad, reader ?? (() => null))
    : { state: initialState(now()), repaired: false }
  let state: StoreState = initial.state
  savedText = readable ? storedText() : null
  const stopListening = tabs.start(readable, atLoad !== null)

  const store: Store = {
    getState: () => state,
    update: (recipe) => commit(recipe).result,
    subscribe: listeners.subscribe,
    onRemoteChange: tabs.onRemoteChange,
    touch(at = now()) {
      // Writing on every event would thrash storage: a 10 s resolution is plenty for 30 minutes.
      if (waiting || at - state.lastActivity < ACTIVITY_RESOLUTION_MS) return false
      let expired = false
      // Decided on the newest revision: another page's activity counts too.
      const { applied } = commit((d) => {
        expired = at - d.lastActivity > INACTIVITY_MS
        if (!expired && at - d.lastActivity < ACTIVITY_RESOLUTION_MS) return
        if (expired) clearPersonal(d)
        d.lastActivity = at
      })
      return applied && expired
    },
    clearPersonal() {
      commit(clearPersonal)
    },
    refresh() {
      const before = state
      if (waiting || !catchUp()) return
      tabs.takeKept()
      if (state !== before) notify()
      tabs.hello()
    },
    close() {
      closed = true
      stopListening?.()
      options.link?.close()
    },
    expiredOnLoad: null,
  }
  // A reload after a long pause must not resurrect an expired session.
  if (now() - state.lastActivity > INACTIVITY_MS) {
    const wasLoggedIn = state.session.isLoggedIn
    state = produce(state, (d) => {
      clearPersonal(d)
      d.lastActivity = now()
    })
    persist()
    return { ...store, expiredOnLoad: { wasLoggedIn } }
  }
  if (initial.repaired) persist()
  return store
}
