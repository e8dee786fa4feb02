import { castDraft, produce } from 'immer'
import {
  ACTIVITY_RESOLUTION_MS,
  INACTIVITY_MS,
  STORAGE_KEY,
  initialState,
  type StoreState,
} from './state'
import { clearPersonal } from './clear-personal'
import { savedTextReader } from './read-saved-text'
import type { Listener, Recipe, RemoteListener, Store, StoreOptions } from './store-types'
import { sessionStore } from './web-storage'
import { reportError } from '../report/report'
import { randomId } from '../domain/random-id'
import { isRecord } from '../domain/is-record'
import { advanced, covers, isLater, nextTick } from './tab-clock'
import {
  readSharedCart,
  removeSharedCart,
  sharedCartClock,
  sharedCartText,
  writeSharedCart,
} from './shared-cart'
import type { SharedState } from './state'

export type { Recipe, SavedStateReader, Store, StoreOptions } from './store-types'

/** How long this page keeps a change of its own, to apply again over a concurrent one. */
export const REDO_MS = 10_000

/** What the part the tabs share is made of (all but `payment` and the clock that versions it). */
const SHARED_FIELDS = [
  'session',
  'cart',
  'contacts',
  'conversation',
  'lastActivity',
  'sessionVersion',
  'personalId',
] as const satisfies readonly (keyof SharedState)[]

const sharedPart = ({ payment: _, ...shared }: StoreState): SharedState => shared

/** A payment survives another tab's clearing only where money was taken (`clearPersonal`). */
const paymentAfter = (mine: StoreState, theirs: SharedState): StoreState['payment'] =>
  theirs.personalId === mine.personalId ||
  mine.payment?.phase === 'confirming' ||
  mine.payment?.phase === 'charged'
    ? mine.payment
    : null

/**
 * Framework-free store: one per page, shared by every widget root. sessionStorage is the truth
 * and the store holds a copy of one revision of it (the exact text it last read or wrote). Every
 * write first compares that revision with what storage holds: when another page of the tab wrote
 * since (Back restores a page from the back/forward cache with its old copy), the write takes the
 * newer state and applies its own change to it, so no page ever writes over a newer state.
 * Anything unreadable is dropped with one warning; storage that is disabled or full only costs
 * persistence, never a crash.
 *
 * The tabs of the browser share all but the payment (`link`, `shared`): every change is posted
 * to the other tabs with the state's new revision (`tab-clock.ts`), and the cart is kept in
 * localStorage for a tab that opens later. A state from another tab that holds everything this
 * page wrote is taken as it is; one written at the same moment as this page's change is taken
 * only when it comes later in the tabs' one order, and this page's own recent changes are then
 * applied again on top of it (recipes compute from `newest`: quantities add up), so no tab's
 * write is lost and every tab ends on the same state.
 */
export function createStore(options: StoreOptions): Store {
  // sessionStore(): null when storage is disabled (privacy mode, sandboxed iframe).
  const storage = options.storage === undefined ? sessionStore() : options.storage
  const now = options.now ?? Date.now
  const warn =
    options.warn ?? ((message: string) => reportError({ area: 'storage', message, level: 'warn' }))
  const listeners = new Set<Listener>()
  const remoteListeners = new Set<RemoteListener>()
  const link = options.link ?? null
  const shared = options.shared ?? null
  /** This page, as a writer of the shared state. */
  const tabId = randomId()
  /** This page's recent changes, with the tick each was published at (applied again on a race). */
  let mine: { tick: number; at: number; recipe: Recipe<unknown> }[] = []
  /**
   * The cart and the revision came from the shared copy while contacts, user and conversation
   * are this tab's own: the next full state a live tab posts is taken even at the same revision.
   */
  let partial = false
  /** States from other tabs that arrived before the saved-state reader: read once it loads. */
  let inbox: unknown[] = []
  /** A change to the shared part not posted yet. */
  let unsent = false
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

  const notify = () => listeners.forEach((l) => l())

  /**
   * `next` (a change of `base`) with a new revision when it changed the shared part: the change's
   * recipes are kept a while, to apply again over a concurrent state (`take`), and `share` posts
   * it.
   */
  function stamp(base: StoreState, next: StoreState, recipes: Recipe<unknown>[]): StoreState {
    if (!link && !shared) return next
    if (SHARED_FIELDS.every((key) => base[key] === next[key])) return next
    const at = now()
    const tick = nextTick(next.clock, at)
    mine = [
      ...mine.filter((m) => at - m.at < REDO_MS),
      ...recipes.map((recipe) => ({ tick, at, recipe })),
    ]
    unsent = true
    return { ...next, clock: advanced(next.clock, tabId, tick) }
  }

  /** Posts the state to the live tabs and keeps the cart for the next ones. */
  function share() {
    if (!unsent || closed) return
    unsent = false
    const { cart, lastActivity, personalId, clock } = state
    // Never over a copy that comes later than this one (a tab that won a race wrote it).
    const kept = sharedCartClock(sharedCartText(shared))
    if (!kept || covers(clock, kept) || isLater(clock, kept))
      writeSharedCart(shared, { cart, lastActivity, personalId, clock })
    post()
  }

  const post = () => link?.post({ type: 'state', from: tabId, state: sharedPart(state) })

  /** The shared cart, when it is readable and not expired; anything else is removed. */
  function readKept() {
    const text = sharedCartText(shared)
    if (text === null || !reader) return null
    const kept = readSharedCart(text, reader)
    if (kept && now() - kept.lastActivity <= INACTIVITY_MS) return kept
    removeSharedCart(shared)
    return null
  }

  /**
   * Takes the shared cart when it comes later than this tab's copy (another tab changed it since):
   * the cart, its revision and the activity; the rest arrives from a live tab (`partial`). A copy
   * of personal data the tabs have cleared since (a logout, an expiry) is cleared here too.
   */
  function takeKept(): boolean {
    const kept = readKept()
    if (!kept || covers(state.clock, kept.clock)) return false
    if (!covers(kept.clock, state.clock) && !isLater(kept.clock, state.clock)) return false
    const base = state
    state = produce(base, (d) => {
      if (kept.personalId !== base.personalId) clearPersonal(d)
      d.cart = castDraft(kept.cart)
      d.lastActivity = kept.lastActivity
      d.personalId = kept.personalId
      d.clock = kept.clock
    })
    partial = true
    persist()
    return true
  }

  /** Another tab's state, checked with the saved-state reader: taken, or left to the later one. */
  function take(message: unknown) {
    if (closed || !isRecord(message) || message.from === tabId) return
    if (message.type === 'hello') {
      post()
      return
    }
    if (message.type !== 'state') return
    if (!reader || waiting) {
      inbox.push(message)
      fetchReader()
      return
    }
    catchUp()
    const reading = isRecord(message.state) ? reader({ ...message.state, payment: null }) : null
    if (!reading || reading.dropped.length > 0 || reading.filled?.length) {
      warn('Ignored a state from another tab that does not fit (another version of the widgets?).')
      return
    }
    const theirs = reading.state
    const newer = !covers(state.clock, theirs.clock)
    if (!newer && !(partial && covers(theirs.clock, state.clock))) return
    const race = !covers(theirs.clock, state.clock)
    // Written at the same moment as this page's change: the later one wins in every tab.
    if (race && !isLater(theirs.clock, state.clock)) return
    const before = state
    partial = false
    const base: StoreState = { ...theirs, payment: paymentAfter(before, theirs) }
    const redo = race ? mine.filter((m) => m.tick > (theirs.clock[tabId] ?? 0)) : []
    const next = redo.reduce((s, m) => apply(s, m.recipe).state, base)
    // The changes keep their first tick: a state holding that tick of this page holds them.
    state = stamp(base, next, [])
    persist()
    share()
    notify()
    remoteListeners.forEach((l) => l(before, state))
  }

  /** `recipe` applied to `base`, and what it returned (immer would take a returned value as the state). */
  function apply<T>(base: StoreState, recipe: Recipe<T>): { state: StoreState; result: T } {
    let result: T | undefined
    const next = produce(base, (draft) => {
      result = recipe(draft, base)
    })
    // The recipe ran (produce calls it synchronously): result holds its return value.
    return { state: next, result: result as T }
  }

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

  /** After the reader loaded: the shared cart, then what other tabs posted meanwhile. */
  function readInbox() {
    if (takeKept()) notify()
    const messages = inbox
    inbox = []
    messages.forEach(take)
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
          state = stamp(state, next, changes)
          persist()
          share()
        }
        notify()
        readInbox()
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
      state = stamp(state, next, [recipe])
      persist()
      share()
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
  let state = initial.state
  savedText = readable ? storedText() : null
  const stopListening = link?.listen(take)
  // A new tab (or one back after other tabs moved on) starts from what the tabs share, and asks
  // the live ones for the rest.
  if (readable && reader) takeKept()
  else if (sharedCartText(shared) !== null) fetchReader()
  // Saved before the tabs shared it (an earlier version of the widgets): this page's copy becomes
  // a revision of its own, so a tab opened next starts from it.
  if ((link || shared) && readable && atLoad !== null && Object.keys(state.clock).length === 0) {
    state = { ...state, clock: advanced({}, tabId, nextTick({}, now())) }
    unsent = true
    persist()
    share()
  }
  link?.post({ type: 'hello', from: tabId })

  const store: Store = {
    getState: () => state,
    update: (recipe) => commit(recipe).result,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onRemoteChange(listener) {
      remoteListeners.add(listener)
      return () => remoteListeners.delete(listener)
    },
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
      takeKept()
      if (state !== before) notify()
      link?.post({ type: 'hello', from: tabId })
    },
    close() {
      closed = true
      stopListening?.()
      link?.close()
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
