/**
 * The wine search's state and how it is written to the query string:
 * the free-text query plus the chosen values of the six refinement lists. Pure functions: the
 * search widget's router reads and writes `location.search` through them.
 *
 * Query string format (readable, stable, and safe next to the page's own parameters):
 *   ?q=merlot&grape=Merlot&grape=Syrah&region=Bordeaux&color=red-7b1e2b&method=…&type=…&price=2
 * Each chosen value is one repeated parameter; parameters we do not own are kept as they are.
 */

/** The search input takes at most 512 characters. */
export const SEARCH_QUERY_MAX_LENGTH = 512
/** A search is shown as stalled after 200 ms. */
export const STALLED_SEARCH_DELAY_MS = 200
/** The search state is written to the URL 400 ms after it changes. */
export const URL_WRITE_DELAY_MS = 400
/** Refinement lists show 100 values, 200 after "show more". */
export const REFINEMENT_LIMIT = 100
export const REFINEMENT_SHOW_MORE_LIMIT = 200

export const REFINEMENT_KEYS = [
  'grapes',
  'regions',
  'colors',
  'methods',
  'types',
  'prices',
] as const
export type RefinementKey = (typeof REFINEMENT_KEYS)[number]

/** The index attribute each refinement list facets on. */
export const REFINEMENT_ATTRIBUTES: Readonly<Record<RefinementKey, string>> = {
  grapes: 'g.title',
  regions: 'r.title',
  colors: 'c.color',
  methods: 'm.image',
  types: 't.image',
  prices: 'price_level',
}

/** The query-string parameter of the text query and of each refinement. */
export const QUERY_PARAM = 'q'
export const REFINEMENT_PARAMS: Readonly<Record<RefinementKey, string>> = {
  grapes: 'grape',
  regions: 'region',
  colors: 'color',
  methods: 'method',
  types: 'type',
  prices: 'price',
}

export interface SearchState {
  query: string
  /** Chosen values per refinement list; a list without choices is absent. */
  refinements: Partial<Record<RefinementKey, string[]>>
}

export const EMPTY_SEARCH_STATE: SearchState = Object.freeze({
  query: '',
  refinements: Object.freeze({}),
})

const PRICE_VALUES = new Set(['1', '2', '3', '4'])

function cleanValues(key: RefinementKey, values: readonly unknown[]): string[] {
  const seen = new Set<string>()
  for (const v of values) {
    if (typeof v !== 'string' && typeof v !== 'number') continue
    const value = String(v)
    if (value.trim() === '' || value.length > SEARCH_QUERY_MAX_LENGTH) continue
    if (key === 'prices' && !PRICE_VALUES.has(value)) continue
    seen.add(value)
  }
  return [...seen]
}

/**
 * Drop what the search cannot use: a query over 512 characters is cut, empty and duplicate
 * values are dropped, a price level must be 1 to 4, unknown lists are ignored.
 */
export function normalizeSearchState(state: {
  query?: unknown
  refinements?: Partial<Record<string, readonly unknown[] | undefined>>
}): SearchState {
  const query = typeof state.query === 'string' ? state.query.slice(0, SEARCH_QUERY_MAX_LENGTH) : ''
  const refinements: SearchState['refinements'] = {}
  for (const key of REFINEMENT_KEYS) {
    const raw = state.refinements?.[key]
    if (!Array.isArray(raw)) continue
    const values = cleanValues(key, raw)
    if (values.length) refinements[key] = values
  }
  return { query, refinements }
}

export function isEmptySearchState(state: SearchState): boolean {
  return state.query === '' && REFINEMENT_KEYS.every((k) => !state.refinements[k]?.length)
}

/** Same query and same chosen values (in any order). */
export function sameSearchState(a: SearchState, b: SearchState): boolean {
  const x = normalizeSearchState(a)
  const y = normalizeSearchState(b)
  if (x.query !== y.query) return false
  return REFINEMENT_KEYS.every((k) => {
    const p = [...(x.refinements[k] ?? [])].sort()
    const q = [...(y.refinements[k] ?? [])].sort()
    return p.length === q.length && p.every((v, i) => v === q[i])
  })
}

const OUR_PARAMS = new Set<string>([QUERY_PARAM, ...Object.values(REFINEMENT_PARAMS)])

/** Read the search state from a query string ("?q=…" or "q=…"). */
export function readSearchState(search: string): SearchState {
  const params = new URLSearchParams(search)
  const refinements: Partial<Record<RefinementKey, string[]>> = {}
  for (const key of REFINEMENT_KEYS) refinements[key] = params.getAll(REFINEMENT_PARAMS[key])
  return normalizeSearchState({ query: params.get(QUERY_PARAM) ?? '', refinements })
}

/**
 * The query string ("" or "?…") for `state`, keeping the parameters of `search` that are not
 * ours (in their order) and replacing ours.
 */
export function writeSearchState(state: SearchState, search = ''): string {
  const clean = normalizeSearchState(state)
  const params = new URLSearchParams()
  for (const [name, value] of new URLSearchParams(search))
    if (!OUR_PARAMS.has(name)) params.append(name, value)
  if (clean.query !== '') params.append(QUERY_PARAM, clean.query)
  for (const key of REFINEMENT_KEYS)
    for (const value of clean.refinements[key] ?? []) params.append(REFINEMENT_PARAMS[key], value)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** True when the query string carries a search (a page loading with it opens the search). */
export function hasSearchState(search: string): boolean {
  return !isEmptySearchState(readSearchState(search))
}

/** The query string without the search's parameters (when the search is closed). */
export function clearSearchState(search: string): string {
  return writeSearchState(EMPTY_SEARCH_STATE, search)
}

/** The state's refinements keyed by index attribute (`{ 'g.title': ['Merlot'] }`). */
export function refinementsByAttribute(state: SearchState): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const key of REFINEMENT_KEYS) {
    const values = state.refinements[key]
    if (values?.length) out[REFINEMENT_ATTRIBUTES[key]] = [...values]
  }
  return out
}

/** The inverse of `refinementsByAttribute`; attributes that are not ours are ignored. */
export function searchStateFromAttributes(
  query: unknown,
  byAttribute: Readonly<Record<string, readonly unknown[] | undefined>> | undefined,
): SearchState {
  const refinements: Partial<Record<RefinementKey, readonly unknown[]>> = {}
  for (const key of REFINEMENT_KEYS) {
    const values = byAttribute?.[REFINEMENT_ATTRIBUTES[key]]
    if (values) refinements[key] = values
  }
  return normalizeSearchState({ query, refinements })
}
