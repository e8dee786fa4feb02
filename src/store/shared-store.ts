import { useCallback, useSyncExternalStore } from 'react'
import { createStore, type SavedStateReader, type Store } from './store'
import type { StoreState } from './state'
import { savedStateText } from './storage-key'

let shared: Store | null = null
let reader: SavedStateReader | null = null
let preparing: Promise<Store> | null = null

// Storage disabled reads as nothing saved: the store starts empty and only persistence is lost.
const hasSavedState = (): boolean => savedStateText() !== null

/** For a page with nothing saved: the store never calls it (it reads only what storage holds). */
const nothingSaved: SavedStateReader = () => {
  throw new Error('[wine-widgets] The saved state appeared before the store was prepared.')
}

/**
 * Create the page's one store, reading back what this tab saved. The saved-state schemas (and
 * valibot) are fetched only when there is something saved. Runs before any widget renders (the
 * page services, `mount/page-services.ts`) and before a payment resumes; safe to call again.
 */
export function prepareStore(): Promise<Store> {
  if (shared) return Promise.resolve(shared)
  preparing ??= (
    reader || !hasSavedState()
      ? Promise.resolve()
      : import('./saved-state').then((m) => {
          reader = m.readSavedState
        })
  ).then(
    () => getStore(),
    (error: unknown) => {
      preparing = null // a failed chunk load is tried again by the next caller
      throw error
    },
  )
  return preparing
}

/** The page's one store, shared by every widget root. `prepareStore` must have run first. */
export function getStore(): Store {
  if (!shared) {
    if (!reader && hasSavedState()) {
      // A programming error (the page services prepare the store before any widget renders).
      throw new Error('[wine-widgets] getStore() ran before prepareStore() read the saved state.')
    }
    shared = createStore({ readSaved: reader ?? nothingSaved })
  }
  return shared
}

/**
 * Test hook: start over with a fresh store (e.g. after seeding sessionStorage), or with the given
 * one. Tests read saved state with the real reader, passed in here.
 */
export function resetStoreForTests(
  store: Store | null = null,
  readSaved: SavedStateReader | null = reader,
): void {
  shared = store
  reader = readSaved
  preparing = null
}

/**
 * Subscribe a component to a slice of the store. The selector must return a value that is
 * referentially stable for unchanged state (immer keeps untouched branches identical).
 */
export function useStore<T>(selector: (state: StoreState) => T): T {
  const store = getStore()
  const get = useCallback(() => selector(store.getState()), [store, selector])
  return useSyncExternalStore(store.subscribe, get, get)
}
