import { describe, expect, it } from 'vitest'
import {
  EMPTY_SEARCH_STATE,
  REFINEMENT_LIMIT,
  REFINEMENT_SHOW_MORE_LIMIT,
  SEARCH_QUERY_MAX_LENGTH,
  STALLED_SEARCH_DELAY_MS,
  URL_WRITE_DELAY_MS,
  clearSearchState,
  hasSearchState,
  normalizeSearchState,
  readSearchState,
  refinementsByAttribute,
  sameSearchState,
  searchStateFromAttributes,
  writeSearchState,
  type SearchState,
} from './search-state'

const state = (query: string, refinements: SearchState['refinements'] = {}): SearchState => ({
  query,
  refinements,
})

describe('search constants', () => {
  it('holds the search rules: 512 characters, stalled after 200 ms, URL after 400 ms, 100 / 200 values', () => {
    expect(SEARCH_QUERY_MAX_LENGTH).toBe(512)
    expect(STALLED_SEARCH_DELAY_MS).toBe(200)
    expect(URL_WRITE_DELAY_MS).toBe(400)
    expect(REFINEMENT_LIMIT).toBe(100)
    expect(REFINEMENT_SHOW_MORE_LIMIT).toBe(200)
  })

  it('facets each list on its record attribute, and reads it back', () => {
    const every = state('', {
      grapes: ['Merlot'],
      regions: ['Loire'],
      colors: ['red-7b1e2b'],
      methods: ['bio.svg'],
      types: ['sweet.svg'],
      prices: ['2'],
    })
    expect(Object.entries(refinementsByAttribute(every))).toEqual([
      ['g.title', ['Merlot']],
      ['r.title', ['Loire']],
      ['c.color', ['red-7b1e2b']],
      ['m.image', ['bio.svg']],
      ['t.image', ['sweet.svg']],
      ['price_level', ['2']],
    ])
    expect(searchStateFromAttributes('', refinementsByAttribute(every))).toEqual(every)
  })
})

describe('writeSearchState: state → query string', () => {
  it.each<[string, SearchState, string, string]>([
    ['empty state, empty URL', EMPTY_SEARCH_STATE, '', ''],
    ['a query', state('merlot'), '', '?q=merlot'],
    ['spaces and accents', state('côtes du rhône'), '', '?q=c%C3%B4tes+du+rh%C3%B4ne'],
    [
      'every list, repeated parameters in a fixed order',
      state('x', {
        prices: ['2', '1'],
        grapes: ['Merlot', 'Syrah'],
        regions: ['Bordeaux'],
        colors: ['red-7b1e2b'],
        methods: ['/assets/badges/method-organic.svg'],
        types: ['/assets/badges/type-sweet.svg'],
      }),
      '',
      '?q=x&grape=Merlot&grape=Syrah&region=Bordeaux&color=red-7b1e2b' +
        '&method=%2Fassets%2Fbadges%2Fmethod-organic.svg&type=%2Fassets%2Fbadges%2Ftype-sweet.svg' +
        '&price=2&price=1',
    ],
    [
      'keeps foreign parameters first',
      state('syrah'),
      '?utm_source=mail&a=1',
      '?utm_source=mail&a=1&q=syrah',
    ],
    [
      'replaces our old parameters',
      state('', { grapes: ['Gamay'] }),
      '?q=old&grape=Merlot&x=1',
      '?x=1&grape=Gamay',
    ],
    ['an empty state removes ours only', EMPTY_SEARCH_STATE, '?q=old&price=3&x=1', '?x=1'],
    [
      'values with & and = survive',
      state('', { regions: ['Rhône & Loire = 1'] }),
      '',
      '?region=Rh%C3%B4ne+%26+Loire+%3D+1',
    ],
  ])('%s', (_name, s, search, expected) => {
    expect(writeSearchState(s, search)).toBe(expected)
  })
})

describe('readSearchState: query string → state', () => {
  it.each<[string, string, SearchState]>([
    ['no query string', '', EMPTY_SEARCH_STATE],
    ['foreign parameters only', '?utm_source=mail', EMPTY_SEARCH_STATE],
    ['without the question mark', 'q=merlot', state('merlot')],
    ['plus as space', '?q=pinot+noir', state('pinot noir')],
    [
      'repeated parameters',
      '?grape=Merlot&grape=Syrah&price=1&price=4',
      state('', { grapes: ['Merlot', 'Syrah'], prices: ['1', '4'] }),
    ],
    [
      'drops duplicates and empty values',
      '?grape=Merlot&grape=Merlot&grape=&region=',
      state('', { grapes: ['Merlot'] }),
    ],
    [
      'price levels are 1 to 4 only',
      '?price=0&price=5&price=two&price=3',
      state('', { prices: ['3'] }),
    ],
    ['the first q wins', '?q=a&q=b', state('a')],
  ])('%s', (_name, search, expected) => {
    expect(readSearchState(search)).toEqual(expected)
  })

  it('cuts a query over 512 characters', () => {
    const long = 'a'.repeat(600)
    expect(readSearchState(`?q=${long}`).query).toBe('a'.repeat(512))
  })

  it('round-trips: read(write(state)) is the state', () => {
    const s = state('château « été » 100%', {
      grapes: ['Cabernet Sauvignon', 'Grüner Veltliner'],
      regions: ["Côte d'Or"],
      colors: ['pink-f2a7b5'],
      methods: ['/assets/badges/method-natural.svg'],
      types: ['/assets/badges/type-no-alcohol.svg'],
      prices: ['4'],
    })
    expect(readSearchState(writeSearchState(s, '?keep=1'))).toEqual(s)
  })
})

describe('hasSearchState and clearSearchState', () => {
  it.each([
    ['', false],
    ['?', false],
    ['?email=a%40b.be&token=xyz', false],
    ['?q=', false],
    ['?q=merlot', true],
    ['?price=2', true],
    ['?price=9', false],
    ['?x=1&color=red-7b1e2b', true],
  ])('%s carries a search: %s', (search, expected) => {
    expect(hasSearchState(search)).toBe(expected)
  })

  it('removes only the search parameters', () => {
    expect(clearSearchState('?a=1&q=merlot&grape=Syrah&b=2')).toBe('?a=1&b=2')
    expect(clearSearchState('?q=merlot')).toBe('')
  })
})

describe('sameSearchState', () => {
  it('ignores the order of the chosen values', () => {
    expect(
      sameSearchState(state('a', { grapes: ['x', 'y'] }), state('a', { grapes: ['y', 'x'] })),
    ).toBe(true)
  })

  it.each<[SearchState, SearchState]>([
    [state('a'), state('b')],
    [state('a', { grapes: ['x'] }), state('a')],
    [state('a', { grapes: ['x'] }), state('a', { regions: ['x'] })],
  ])('tells different states apart (%#)', (a, b) => {
    expect(sameSearchState(a, b)).toBe(false)
  })

  it('treats an empty list like an absent one', () => {
    expect(sameSearchState(state('', { grapes: [] }), EMPTY_SEARCH_STATE)).toBe(true)
  })
})

describe('normalizeSearchState', () => {
  it('ignores unknown lists and non-text values', () => {
    expect(
      normalizeSearchState({
        query: 7,
        refinements: { grapes: ['Merlot', 3, null, {}], tags: ['Summer'] },
      }),
    ).toEqual(state('', { grapes: ['Merlot', '3'] }))
  })
})

describe('index attributes ↔ state', () => {
  it('maps the chosen values to their attributes and back', () => {
    const s = state('gamay', { grapes: ['Gamay'], prices: ['1', '2'], colors: ['red-7b1e2b'] })
    const byAttribute = refinementsByAttribute(s)
    expect(byAttribute).toEqual({
      'g.title': ['Gamay'],
      'c.color': ['red-7b1e2b'],
      price_level: ['1', '2'],
    })
    expect(searchStateFromAttributes('gamay', byAttribute)).toEqual(s)
  })

  it('ignores attributes that are not refinement lists', () => {
    expect(
      searchStateFromAttributes(undefined, { tags: ['Summer'], 'r.title': ['Loire'] }),
    ).toEqual(state('', { regions: ['Loire'] }))
  })
})
