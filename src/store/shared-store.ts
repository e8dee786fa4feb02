import { useCallback, useSyncExternalStore } from 'react'
import { createStore, type SavedStateReader, type Store } from './store'
import type { StoreState } from './state'
import { STORAGE_VERSION, savedStateText } from './storage-key'
import { sharedCartText } from './shared-cart'
import { browserTabLink } from './tab-link'
import { localStore } from './web-storage'
import { currentPage, pageSlot, type PageContext } from '../page/page-context'
import { usePage } from '../page/use-page'

/** The page's store, once created; the saved-state reader, once loaded; a preparation under way. */
interface StoreSlot {
  store: Store | null
  reader: SavedStateReader | null
  preparing: Promise<Store> | null
}
const storeState = pageSlot<StoreSlot>(
  () => ({ store: null, reader: null, preparing: null }),
  (state) => state.store?.close(),
)

// Storage disabled reads as nothing saved: the store starts empty and only persistence is lost.
// The cart the tabs share counts: a new tab reads it before its first render.
const hasSavedState = (): boolean => savedStateText() !== null || sharedCartText() !== null

/** The saved-state reader (the schemas and valibot), fetched once per page. */
const loadReader = (state: StoreSlot): Promise<SavedStateReader> =>
  import('./saved-state').then((m) => (state.reader = m.readSavedState))

/**
 * Create the page's one store, reading back what this tab saved. The saved-state schemas (and
 * valibot) are fetched only when there is something saved. Runs before any widget renders (the
 * page services, `mount/page-services.ts`) and before a payment resumes; safe to call again.
 */
export function prepareStore(): Promise<Store> {
  const state = storeState.get()
  if (state.store) return Promise.resolve(state.store)
  state.preparing ??= (
    state.reader || !hasSavedState() ? Promise.resolve() : loadReader(state)
  ).then(
    () => getStore(),
    (error: unknown) => {
      state.preparing = null // a failed chunk load is tried again by the next caller
      throw error
    },
  )
  return state.preparing
}

/** The page's one store, shared by every widget root. `prepareStore` must have run first. */
export const getStore = (): Store => storeOf(currentPage())

/** The store of `page` (a component's: `usePage()`). */
export function storeOf(page: PageContext): Store {
  const state = storeState.of(page)
  if (!state.store) {
    if (!state.reader && hasSavedState()) {
      // A programming error (the page services prepare the store before any widget renders).
      throw new Error('[wine-widgets] getStore() ran before prepareStore() read the saved state.')
    }
    state.store = createStore({
      readSaved: state.reader,
      loadReader: () => loadReader(state),
      link: browserTabLink(`wine-widgets:v${STORAGE_VERSION}`),
      shared: localStore(),
    })
  }
  return state.store
}

/**
 * The page's saved-state reader when it is already loaded (tests read saved state with the real
 * one), and optionally its store (a test's own): a page otherwise loads the reader in
 * `prepareStore` and creates the store on first use.
 */
export function setPageStore(readSaved: SavedStateReader | null, store: Store | null = null): void {
  const state = storeState.get()
  state.reader = readSaved
  state.store = store
  state.preparing = null
}

/**
 * Subscribe a component to a slice of the store. The selector must return a value that is
 * referentially stable for unchanged state (immer keeps untouched branches identical).
 */
export function useStore<T>(selector: (state: StoreState) => T): T {
  const store = storeOf(usePage())
  const get = useCallback(() => selector(store.getState()), [store, selector])
  return useSyncExternalStore(store.subscribe, get, get)
}
