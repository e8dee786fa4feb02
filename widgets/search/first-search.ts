/**
 * The search an opened panel sends first, sent at the tap that opens it, before the panel's code
 * has loaded (InstantSearch sends its own only once its tree has rendered): the round trip runs
 * while that code loads and renders, and InstantSearch's identical search takes its answer
 * (`searchAhead`). Only without a search in the page's URL (InstantSearch then starts from it).
 * Search.test.tsx holds InstantSearch's first request to this one.
 */
import type { Locale } from '../../src/domain/types'
import {
  REFINEMENT_ATTRIBUTES,
  REFINEMENT_SHOW_MORE_LIMIT,
  hasSearchState,
} from '../../src/domain/search-state'
import { searchAhead, wineIndexName } from '../../src/services/search-ahead'

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

export function sendFirstSearch(locale: Locale): void {
  if (hasSearchState(window.location.search)) return
  try {
    searchAhead({ requests: [firstSearchRequest(locale)] })
  } catch {
    // No search config: the panel shows that and reports it when it renders.
  }
}
