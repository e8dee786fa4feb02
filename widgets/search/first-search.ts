/**
 * The search an opened panel sends first, sent at the tap that opens it, before the panel's code
 * has loaded (InstantSearch sends its own only once its tree has rendered): the round trip runs
 * while that code loads and renders, and InstantSearch's identical search takes its answer
 * (`searchAhead`). Only without a search in the page's URL (InstantSearch then starts from it).
 * Search.test.tsx holds InstantSearch's first request to this one. Its wines are drawn as soon as
 * they are in, before the panel (a large tree) has rendered and read them itself.
 */
import { useSyncExternalStore, type ComponentType } from 'react'
import type { Locale } from '../../src/domain/types'
import {
  REFINEMENT_ATTRIBUTES,
  REFINEMENT_SHOW_MORE_LIMIT,
  hasSearchState,
} from '../../src/domain/search-state'
import {
  recentAhead,
  searchAhead,
  wineIndexName,
  type SearchAnswer,
} from '../../src/services/search-ahead'
import { isRecord } from '../../src/domain/is-record'
import type { WineHit } from '../../src/domain/wine-hit'
import { loadNamespaces } from '../../src/i18n/i18n'
import type { HitCardProps } from '../../src/ui/hit-card/HitCard'
import { pageSlot } from '../../src/page/page-context'
import { usePage } from '../../src/page/use-page'
import { createSubscribable, type Subscribable } from '../../src/subscribable'

/** 24 fills whole rows of the 2, 3 and 4 column grid. */
export const HITS_PER_PAGE = 24

/** InstantSearch's first request, field for field and in its order (what `searchAhead` matches). */
export const firstSearchRequest = (locale: Locale) => ({
  indexName: wineIndexName(locale),
  facets: Object.values(REFINEMENT_ATTRIBUTES).sort(),
  highlightPostTag: '__/ais-highlight__',
  highlightPreTag: '__ais-highlight__',
  hitsPerPage: HITS_PER_PAGE,
  maxValuesPerFacet: REFINEMENT_SHOW_MORE_LIMIT,
  page: 0,
  query: '',
})

/** The first search's wines, shown before InstantSearch has taken and read its answer. */
export interface FirstResults {
  hits: WineHit[]
  nbHits: number
  /** The card that draws them, loaded with its texts (no fallback flashes before the cards). */
  Card: ComponentType<HitCardProps>
}

/** The page's opening of the panel: its first search, and what that answered. */
interface Opening {
  /** What the opening's first search answered: nothing until it has (nor after a failure). */
  first: FirstResults | null
  /** The opening's first search (an answer to an earlier one is not drawn). */
  sent: Promise<SearchAnswer> | null
  listeners: Subscribable
}
const page = pageSlot<Opening>(() => ({ first: null, sent: null, listeners: createSubscribable() }))

function setFirst(state: Opening, next: FirstResults | null): void {
  state.first = next
  state.listeners.notify()
}

/**
 * What draws the first wines: the panel's card and its reading of the index's records, taken
 * from the panel's chunk (loading at the tap anyway) rather than chunks of their own.
 */
export interface CardKit {
  HitCard: ComponentType<HitCardProps>
  normalizeHits: (raw: readonly unknown[]) => WineHit[]
}

/** The answer's wines and count, or null when it is not an answer of one index. */
function readFirstResults(answer: SearchAnswer, kit: CardKit): FirstResults | null {
  const [result] = answer.results
  if (!isRecord(result) || !Array.isArray(result.hits) || typeof result.nbHits !== 'number')
    return null
  return { hits: kit.normalizeHits(result.hits), nbHits: result.nbHits, Card: kit.HitCard }
}

/**
 * How long a first search already sent is used again instead of sending it once more: the one
 * sent at the press on the opener, for the opening its click makes (a long press included).
 */
const REUSE_MS = 5_000

/**
 * The first search: the identical one sent less than `REUSE_MS` ago and not yet taken by the
 * panel, else sent now; null without a search config (the panel shows and reports that).
 */
function firstSearch(locale: Locale): Promise<SearchAnswer> | null {
  const search = { requests: [firstSearchRequest(locale)] }
  try {
    return recentAhead(search, REUSE_MS) ?? searchAhead(search)
  } catch {
    return null
  }
}

/**
 * Sends the first search at the press on an opener (pointerdown), before its click: a finger or
 * a mouse button is down for a while before the click, and the request's own cost (a fetch is a
 * few ms of the main thread, four times that on a slow phone) is no longer part of the click
 * that paints the dialog. The opening that follows uses this search instead of sending one.
 */
export function sendFirstSearchAtPress(locale: Locale): void {
  // Its answer is the opening's to read (a failure there: the panel's client searches again).
  if (!hasSearchState(window.location.search)) void firstSearch(locale)
}

/** Sends the panel's first search (a new opening forgets the last one's answer). */
export function sendFirstSearch(locale: Locale, loadKit: () => Promise<CardKit>): void {
  const state = page.get()
  state.sent = null
  setFirst(state, null)
  if (hasSearchState(window.location.search)) return
  const answer = firstSearch(locale)
  if (!answer) return
  state.sent = answer
  // The card and its texts load beside the answer: the wines are drawn in one go once all
  // three are in (no loading note flashes between the parts).
  Promise.all([answer, loadKit(), loadNamespaces(locale, ['wine'])]).then(
    ([arrived, kit]) => {
      if (state.sent === answer) setFirst(state, readFirstResults(arrived, kit))
    },
    // The panel shows it: its client sends the search again, its cards load their own texts.
    () => {},
  )
}

const none = (): null => null

/** The opening's first results once they are in (null before, and without a first search). */
export function useFirstResults(): FirstResults | null {
  const state = page.of(usePage())
  return useSyncExternalStore(state.listeners.subscribe, () => state.first, none)
}
