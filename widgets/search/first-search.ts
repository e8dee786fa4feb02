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
import { searchAhead, wineIndexName, type SearchAnswer } from '../../src/services/search-ahead'
import { isRecord } from '../../src/domain/is-record'
import type { WineHit } from '../../src/domain/wine-hit'
import { loadNamespaces } from '../../src/i18n/i18n'
import type { HitCardProps } from '../../src/ui/hit-card/HitCard'

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

/** What the opening's first search answered: nothing until it has (nor after a failure). */
let first: FirstResults | null = null
let sent: Promise<SearchAnswer> | null = null
const listeners = new Set<() => void>()

function setFirst(next: FirstResults | null): void {
  first = next
  for (const listener of listeners) listener()
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
 * How long a first search sent at a press on the opener waits for the opening that takes it (a
 * long press included); older, the opening sends its own.
 */
const PRESS_MS = 5_000

/** The first search sent at a press on an opener, not yet taken by an opening. */
let pressed: { locale: Locale; answer: Promise<SearchAnswer>; at: number } | null = null

/** The first search, sent now; null without a search config (the panel shows and reports that). */
function sendNow(locale: Locale): Promise<SearchAnswer> | null {
  try {
    return searchAhead({ requests: [firstSearchRequest(locale)] })
  } catch {
    return null
  }
}

/**
 * Sends the first search at the press on an opener (pointerdown), before its click: a finger or
 * a mouse button is down for a while before the click, and the request's own cost (a fetch is a
 * few ms of the main thread, four times that on a slow phone) is no longer part of the click
 * that paints the dialog. The opening that follows takes this search instead of sending one.
 */
export function sendFirstSearchAtPress(locale: Locale): void {
  if (hasSearchState(window.location.search)) return
  if (pressed && pressed.locale === locale && Date.now() - pressed.at < PRESS_MS) return
  const answer = sendNow(locale)
  pressed = answer && { locale, answer, at: Date.now() }
}

/** The search sent at a recent press for `locale`, once. */
function takePressed(locale: Locale): Promise<SearchAnswer> | null {
  const taken = pressed
  pressed = null
  return taken && taken.locale === locale && Date.now() - taken.at < PRESS_MS ? taken.answer : null
}

/** Sends the panel's first search (a new opening forgets the last one's answer). */
export function sendFirstSearch(locale: Locale, loadKit: () => Promise<CardKit>): void {
  sent = null
  setFirst(null)
  if (hasSearchState(window.location.search)) return
  const answer = takePressed(locale) ?? sendNow(locale)
  if (!answer) return
  sent = answer
  // The card and its texts load beside the answer: the wines are drawn in one go once all
  // three are in (no loading note flashes between the parts).
  Promise.all([answer, loadKit(), loadNamespaces(locale, ['wine'])]).then(
    ([arrived, kit]) => {
      if (sent === answer) setFirst(readFirstResults(arrived, kit))
    },
    // The panel shows it: its client sends the search again, its cards load their own texts.
    () => {},
  )
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const current = (): FirstResults | null => first
const none = (): null => null

/** The opening's first results once they are in (null before, and without a first search). */
export const useFirstResults = (): FirstResults | null =>
  useSyncExternalStore(subscribe, current, none)
