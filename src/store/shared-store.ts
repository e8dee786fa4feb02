import { useCallback, useSyncExternalStore } from 'react'
import { createStore, type Store } from './store'
import type { StoreState } from './state'

let shared: Store | null = null

/** The page's one store, shared by every widget root. */
export function getStore(): Store {
  shared ??= createStore()
  return shared
}

/** Test hook: start over with a fresh store (e.g. after seeding sessionStorage). */
export function resetStoreForTests(store: Store | null = null): void {
  shared = store
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
