import type { UiState } from 'instantsearch.js'
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

export interface UrlRouterOptions {
  /** @default 400 (spec 9) */
  writeDelay?: number
  win?: Window
}

/**
 * Keeps the search state in the page's query string (spec 2 and 9): written 400 ms after it
 * changes (one history entry per pause, not per keystroke), read on start, followed on
 * back/forward. The page's own parameters and hash are kept. Disposing it (the search panel
 * closes) removes the search's parameters from the URL without adding a history entry.
 */
export function createUrlRouter({
  writeDelay = URL_WRITE_DELAY_MS,
  win = window,
}: UrlRouterOptions = {}): SearchRouter {
  let timer: ReturnType<typeof setTimeout> | undefined
  let onPopState: (() => void) | null = null
  const read = () => readSearchState(win.location.search)
  const urlFor = (search: string) => `${win.location.pathname}${search}${win.location.hash}`

  return {
    $$type: 'wine-widgets.url',
    read,
    write(route) {
      clearTimeout(timer)
      timer = setTimeout(() => {
        timer = undefined
        // After back/forward the state already matches the URL: never push a duplicate.
        if (sameSearchState(route, read())) return
        win.history.pushState(
          win.history.state,
          '',
          urlFor(writeSearchState(route, win.location.search)),
        )
      }, writeDelay)
    },
    createURL(route) {
      return urlFor(writeSearchState(route, win.location.search))
    },
    onUpdate(callback) {
      if (onPopState) win.removeEventListener('popstate', onPopState)
      onPopState = () => {
        clearTimeout(timer)
        timer = undefined
        callback(read())
      }
      win.addEventListener('popstate', onPopState)
    },
    dispose() {
      clearTimeout(timer)
      timer = undefined
      if (onPopState) win.removeEventListener('popstate', onPopState)
      onPopState = null
      const search = clearSearchState(win.location.search)
      if (search !== win.location.search)
        win.history.replaceState(win.history.state, '', urlFor(search))
    },
  }
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
