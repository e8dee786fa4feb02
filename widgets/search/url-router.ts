import type { UiState } from 'instantsearch.js'
import { history } from 'instantsearch.js/es/lib/routers'
import type { InstantSearchProps } from 'react-instantsearch'
import {
  URL_WRITE_DELAY_MS,
  clearSearchState,
  readSearchState,
  refinementsByAttribute,
  sameSearchState,
  searchStateFromAttributes,
  writeSearchState,
  type SearchState,
} from '../../src/domain/search-state'

type Routing = Exclude<InstantSearchProps<UiState, SearchState>['routing'], boolean | undefined>
export type SearchRouter = NonNullable<Routing['router']>
export type SearchStateMapping = NonNullable<Routing['stateMapping']>

/** The page's address without its origin: path, our query string, hash. */
const here = (search: string) => `${location.pathname}${search}${location.hash}`

/**
 * InstantSearch's own history router over our query-string format (src/domain/search-state.ts): it reads the state on start, writes 400 ms after the last change
 * (its default write delay, ours too: one history entry per pause, not per keystroke) and
 * follows back/forward. What we add:
 * - the page's own parameters and hash are kept (`createURL`);
 * - a state the address already holds is never pushed again, whatever its parameters' order;
 * - closing the panel (disposing the router) takes the search's parameters out of the address
 *   without a history entry (the router's own clean-up would push one, after the delay).
 */
export function createUrlRouter({ writeDelay = URL_WRITE_DELAY_MS } = {}): SearchRouter {
  return history<SearchState>({
    writeDelay,
    parseURL: ({ location }) => readSearchState(location.search),
    createURL: ({ routeState, location }) =>
      `${location.pathname}${writeSearchState(routeState, location.search)}${location.hash}`,
    push(url) {
      const next = new URL(url, location.href)
      if (!sameSearchState(readSearchState(next.search), readSearchState(location.search)))
        window.history.pushState(window.history.state, '', url)
    },
    cleanUrlOnDispose: false,
    dispose() {
      const search = clearSearchState(location.search)
      if (search !== location.search)
        window.history.replaceState(window.history.state, '', here(search))
    },
  })
}

/** Maps InstantSearch's UI state of one index to our SearchState and back. */
export function createStateMapping(indexName: string): SearchStateMapping {
  return {
    $$type: 'wine-widgets.search-state',
    stateToRoute(uiState) {
      const index = uiState[indexName]
      return searchStateFromAttributes(index?.query ?? '', index?.refinementList)
    },
    routeToState(route) {
      const refinementList = refinementsByAttribute(route)
      return {
        [indexName]: {
          ...(route.query !== '' && { query: route.query }),
          ...(Object.keys(refinementList).length > 0 && { refinementList }),
        },
      }
    },
  }
}
