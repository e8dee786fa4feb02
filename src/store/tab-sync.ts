/**
 * How a page's store agrees with the site's other tabs (`store.ts` keeps the page's copy and
 * sessionStorage; this part keeps the tabs): every change to what the tabs share is posted over
 * the tab link with the state's new revision (`tab-clock.ts`), and the cart is kept in
 * localStorage for a tab that opens later. A state from another tab that holds everything this
 * page wrote is taken as it is; one written at the same moment as this page's change is taken
 * only when it comes later in the tabs' one order, and this page's own recent changes are then
 * applied again on top of it (recipes compute from `newest`: quantities add up), so no tab's
 * write is lost and every tab ends on the same state.
 */
import { castDraft, produce } from 'immer'
import { INACTIVITY_MS, type SharedState, type StoreState } from './state'
import { clearPersonal } from './clear-personal'
import { applyRecipe } from './apply-recipe'
import type { Recipe, RemoteListener, SavedStateReader } from './store-types'
import type { TabLink } from './tab-link'
import { advanced, covers, isLater, nextTick } from './tab-clock'
import {
  readSharedCart,
  removeSharedCart,
  sharedCartClock,
  sharedCartText,
  writeSharedCart,
} from './shared-cart'
import { randomId } from '../domain/random-id'
import { isRecord } from '../domain/is-record'
import { createSubscribable } from '../subscribable'

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

/** What the tab part reads and changes of the page's store. */
export interface StoreCopy {
  state(): StoreState
  /** Replaces the page's copy (the caller persists and notifies). */
  set(next: StoreState): void
  persist(): void
  notify(): void
  /** The saved-state reader, once loaded. */
  reader(): SavedStateReader | null
  /** Changes wait for the reader: what arrives now is read once it is in. */
  waiting(): boolean
  fetchReader(): void
  /** Brings the copy up to the revision storage holds; false while its reader loads. */
  catchUp(): boolean
  closed(): boolean
  now: () => number
  warn: (message: string) => void
}

type Area = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export type TabSync = ReturnType<typeof createTabSync>

/** The tab part of a store over `copy`: `link` to the live tabs, `shared` the kept cart. */
export function createTabSync(copy: StoreCopy, link: TabLink | null, shared: Area | null) {
  const { now, warn } = copy
  const remote = createSubscribable<Parameters<RemoteListener>>()
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
    if (!unsent || copy.closed()) return
    unsent = false
    const { cart, lastActivity, personalId, clock } = copy.state()
    // Never over a copy that comes later than this one (a tab that won a race wrote it).
    const kept = sharedCartClock(sharedCartText(shared))
    if (!kept || covers(clock, kept) || isLater(clock, kept))
      writeSharedCart(shared, { cart, lastActivity, personalId, clock })
    post()
  }

  const post = () => link?.post({ type: 'state', from: tabId, state: sharedPart(copy.state()) })
  const hello = () => link?.post({ type: 'hello', from: tabId })

  /** The shared cart, when it is readable and not expired; anything else is removed. */
  function readKept() {
    const text = sharedCartText(shared)
    const reader = copy.reader()
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
    const base = copy.state()
    if (!kept || covers(base.clock, kept.clock)) return false
    if (!covers(kept.clock, base.clock) && !isLater(kept.clock, base.clock)) return false
    copy.set(
      produce(base, (d) => {
        if (kept.personalId !== base.personalId) clearPersonal(d)
        d.cart = castDraft(kept.cart)
        d.lastActivity = kept.lastActivity
        d.personalId = kept.personalId
        d.clock = kept.clock
      }),
    )
    partial = true
    copy.persist()
    return true
  }

  /** Another tab's state, checked with the saved-state reader: taken, or left to the later one. */
  function take(message: unknown) {
    if (copy.closed() || !isRecord(message) || message.from === tabId) return
    if (message.type === 'hello') {
      post()
      return
    }
    if (message.type !== 'state') return
    const reader = copy.reader()
    if (!reader || copy.waiting()) {
      inbox.push(message)
      copy.fetchReader()
      return
    }
    copy.catchUp()
    const reading = isRecord(message.state) ? reader({ ...message.state, payment: null }) : null
    if (!reading || reading.dropped.length > 0 || reading.filled?.length) {
      warn('Ignored a state from another tab that does not fit (another version of the widgets?).')
      return
    }
    const theirs = reading.state
    const before = copy.state()
    const newer = !covers(before.clock, theirs.clock)
    if (!newer && !(partial && covers(theirs.clock, before.clock))) return
    const race = !covers(theirs.clock, before.clock)
    // Written at the same moment as this page's change: the later one wins in every tab.
    if (race && !isLater(theirs.clock, before.clock)) return
    partial = false
    const base: StoreState = { ...theirs, payment: paymentAfter(before, theirs) }
    const redo = race ? mine.filter((m) => m.tick > (theirs.clock[tabId] ?? 0)) : []
    const next = redo.reduce((s, m) => applyRecipe(s, m.recipe).state, base)
    // The changes keep their first tick: a state holding that tick of this page holds them.
    copy.set(stamp(base, next, []))
    copy.persist()
    share()
    copy.notify()
    remote.notify(before, copy.state())
  }

  return {
    stamp,
    share,
    takeKept,
    hello,
    onRemoteChange: remote.subscribe,

    /** After the reader loaded: the shared cart, then what other tabs posted meanwhile. */
    readInbox() {
      if (takeKept()) copy.notify()
      const messages = inbox
      inbox = []
      messages.forEach(take)
    },

    /**
     * Joins the tabs when the store is created (`readable`: the saved state, if any, could be
     * read; `savedAtLoad`: there was one). Returns the function that leaves the line.
     */
    start(readable: boolean, savedAtLoad: boolean): (() => void) | undefined {
      const stopListening = link?.listen(take)
      // A new tab (or one back after other tabs moved on) starts from what the tabs share, and
      // asks the live ones for the rest.
      if (readable && copy.reader()) takeKept()
      else if (sharedCartText(shared) !== null) copy.fetchReader()
      // Saved before the tabs shared it (an earlier version of the widgets): this page's copy
      // becomes a revision of its own, so a tab opened next starts from it.
      const state = copy.state()
      if ((link || shared) && readable && savedAtLoad && Object.keys(state.clock).length === 0) {
        copy.set({ ...state, clock: advanced({}, tabId, nextTick({}, now())) })
        unsent = true
        copy.persist()
        share()
      }
      hello()
      return stopListening
    },
  }
}
