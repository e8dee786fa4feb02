import type { Draft } from 'immer'
import type { SavedStateReading } from './saved-state'
import type { StoreState } from './state'
import type { TabLink } from './tab-link'

/** Reads back what sessionStorage held (`readSavedState`); null when nothing of it fits. */
export type SavedStateReader = (raw: unknown) => SavedStateReading | null

/**
 * A change to the state: `draft` is the newest revision being changed and `newest` the same
 * revision read-only. A change computed from the state reads it from `newest`, never from an
 * earlier `getState()`: another page of the tab may have written in between, and a value
 * computed from the older copy would put that copy back over the newer state.
 */
export type Recipe<T = void> = (draft: Draft<StoreState>, newest: StoreState) => T
export type Listener = () => void
/** Hears a state another tab wrote, once this page took it: the state before and after. */
export type RemoteListener = (before: StoreState, after: StoreState) => void

export interface Store {
  getState: () => StoreState
  /**
   * Apply an immer recipe to the newest saved state, persist, notify subscribers. Returns what
   * the recipe returned (applied to this page's copy while a newer state waits for its reader).
   */
  update<T = void>(recipe: Recipe<T>): T
  subscribe: (listener: Listener) => () => void
  /** `listener` hears the changes that came from another tab (after the subscribers). */
  onRemoteChange(listener: RemoteListener): () => void
  /** Record user activity (throttled writes); returns true when the session had expired first. */
  touch(now?: number): boolean
  /** Clear user, cart, contacts and conversation (logout and inactivity). */
  clearPersonal(): void
  /**
   * Take the saved state when another page of this tab wrote it since this page last read or
   * wrote it (a page restored from the back/forward cache), and what the other tabs changed
   * meanwhile; subscribers hear the change.
   */
  refresh(): void
  /**
   * The page is gone (tests open the next page): from now on this store keeps its changes to its
   * own copy, so work the old page still had under way cannot write into the next page's state.
   */
  close(): void
  /**
   * Set when the saved state had expired (30 minutes idle) at page load and was cleared then
   * (`wasLoggedIn`: a user was logged in); null otherwise. A state, not an event: the session
   * service reads it whenever it starts and treats it exactly like an expiry on an open page.
   */
  readonly expiredOnLoad: { wasLoggedIn: boolean } | null
}

/**
 * How the store reads the saved state back: the reader itself, or (a page that had nothing saved,
 * so the schemas and valibot load only when there is something to read) how to fetch it when
 * saved state appears, written by another page of the tab.
 */
type ReaderOptions =
  | { readSaved: SavedStateReader; loadReader?: () => Promise<SavedStateReader> }
  | { readSaved?: null; loadReader: () => Promise<SavedStateReader> }

export type StoreOptions = ReaderOptions & {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  /** The line to the other tabs (none: this page shares nothing live). */
  link?: TabLink | null
  /** Where the tabs keep the shared cart (localStorage; none: a new tab starts empty). */
  shared?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  now?: () => number
  warn?: (message: string) => void
}
