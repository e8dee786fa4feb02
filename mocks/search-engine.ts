/**
 * A small in-memory stand-in for the hosted search engine (Algolia v5 REST semantics, the parts
 * the widgets use). Pure: no MSW, no fetch. `mocks/search.ts` wires it to the HTTP mock.
 *
 * - text query over title, estate, regions and grapes: case- and accent-insensitive, every word
 *   must match the start of a word (the last word as a prefix, like search-as-you-type)
 * - facetFilters: strings and nested OR arrays, negation with "-"; `filters`: a small subset
 *   (attr:value, attr:"quoted value", numeric comparisons, TO ranges, AND / OR / NOT, parentheses)
 * - facets with counts (`*` = every facetable attribute), maxValuesPerFacet, facets_stats
 * - pagination (page, hitsPerPage, default 20), highlighting of title and estate
 */
import { LOCALES, type Locale } from '../src/domain/types'
import type { WineRecord } from '../fixtures/types'

export const FACET_ATTRIBUTES = [
  'g.title',
  'r.title',
  'c.color',
  'm.image',
  't.image',
  'price_level',
  'tags',
] as const

export const DEFAULT_HITS_PER_PAGE = 20
export const DEFAULT_MAX_VALUES_PER_FACET = 100
const MAX_HITS_PER_PAGE = 1000

export type FacetFilters = string | (string | string[])[]

export interface SearchParams {
  query: string
  facets: string[]
  facetFilters: FacetFilters | null
  filters: string
  page: number
  hitsPerPage: number
  maxValuesPerFacet: number
  highlightPreTag: string
  highlightPostTag: string
}

export interface SearchRequest {
  indexName?: string
  params?: string
  [param: string]: unknown
}

export interface FacetStats {
  min: number
  max: number
  avg: number
  sum: number
}

export interface HighlightValue {
  value: string
  matchLevel: 'none' | 'partial' | 'full'
  matchedWords: string[]
}

export type Hit = WineRecord & {
  _highlightResult: { title: HighlightValue; e: HighlightValue }
}

export interface SearchResult {
  hits: Hit[]
  nbHits: number
  page: number
  nbPages: number
  hitsPerPage: number
  processingTimeMS: number
  query: string
  params: string
  index: string
  exhaustiveNbHits: true
  exhaustiveFacetsCount: true
  exhaustive: { nbHits: true; facetsCount: true }
  facets?: Record<string, Record<string, number>>
  facets_stats?: Record<string, FacetStats>
  renderingContent: Record<string, never>
}

export class SearchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'SearchError'
  }
}

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Lowercase without accents (é → e, ü → u, ç → c). */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

const words = (text: string): string[] =>
  fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

/** The values of a possibly nested attribute path ("g.title" over a list of grapes). */
export function attributeValues(record: unknown, path: string): string[] {
  let current: unknown[] = [record]
  for (const key of path.split('.')) {
    const next: unknown[] = []
    for (const item of current) {
      const value =
        typeof item === 'object' && item !== null
          ? (item as Record<string, unknown>)[key]
          : undefined
      if (Array.isArray(value)) next.push(...value)
      else if (value !== undefined && value !== null) next.push(value)
    }
    current = next
  }
  return current
    .filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map(String)
}

const searchableText = (r: WineRecord): string[] =>
  words([r.title, r.e, ...r.r.map((x) => x.title), ...r.g.map((x) => x.title)].join(' '))

function matchesQuery(record: WineRecord, queryWords: string[]): boolean {
  if (queryWords.length === 0) return true
  const recordWords = searchableText(record)
  return queryWords.every((q) => recordWords.some((w) => w.startsWith(q)))
}

function highlight(text: string, queryWords: string[], pre: string, post: string): HighlightValue {
  if (queryWords.length === 0) return { value: text, matchLevel: 'none', matchedWords: [] }
  const matched = new Set<string>()
  // Walk the original text word by word so accents and case stay as they were.
  const value = text.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const folded = fold(word)
    const q = queryWords.find((w) => folded.startsWith(w))
    if (!q) return word
    matched.add(q)
    return `${pre}${word.slice(0, q.length)}${post}${word.slice(q.length)}`
  })
  const matchLevel =
    matched.size === 0 ? 'none' : matched.size === queryWords.length ? 'full' : 'partial'
  return { value, matchLevel, matchedWords: [...matched] }
}

// ---------------------------------------------------------------------------------------------
// Filters

function splitFilter(filter: string): { attribute: string; value: string; negated: boolean } {
  let f = filter.trim()
  const negated = f.startsWith('-')
  if (negated) f = f.slice(1)
  const colon = f.indexOf(':')
  if (colon < 1) throw new SearchError(400, `Invalid facet filter "${filter}"`)
  let value = f.slice(colon + 1).trim()
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
  return { attribute: f.slice(0, colon).trim().replace(/^"|"$/g, ''), value, negated }
}

function matchesFacetFilter(record: WineRecord, filter: string): boolean {
  const { attribute, value, negated } = splitFilter(filter)
  const hit = attributeValues(record, attribute).includes(value)
  return negated ? !hit : hit
}

/** Top level is AND; a nested array is OR. A plain string is one filter. */
export function matchesFacetFilters(
  record: WineRecord,
  facetFilters: FacetFilters | null,
): boolean {
  if (facetFilters === null) return true
  const list = typeof facetFilters === 'string' ? [facetFilters] : facetFilters
  return list.every((group) =>
    Array.isArray(group)
      ? group.length === 0 || group.some((f) => matchesFacetFilter(record, f))
      : matchesFacetFilter(record, group),
  )
}

type FilterNode =
  | { op: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { op: 'not'; node: FilterNode }
  | { op: 'facet'; attribute: string; value: string }
  | { op: 'compare'; attribute: string; cmp: string; value: number }
  | { op: 'range'; attribute: string; from: number; to: number }

/** Parse the `filters` syntax subset (see the module comment). */
export function parseFilters(input: string): FilterNode | null {
  const tokens = input.match(/"(?:[^"\\]|\\.)*"|\(|\)|<=|>=|!=|[<>=:]|[^\s()<>=!:"]+/g) ?? []
  let pos = 0
  const peek = () => tokens[pos]
  const next = () => {
    const t = tokens[pos++]
    if (t === undefined) throw new SearchError(400, `Unexpected end of filters "${input}"`)
    return t
  }
  const unquote = (t: string) => (t.startsWith('"') ? t.slice(1, -1).replace(/\\(.)/g, '$1') : t)

  /** `operand (OP operand)*`, grouped from the left. */
  const chain = (op: 'and' | 'or', operand: () => FilterNode) => (): FilterNode => {
    let left = operand()
    while (peek()?.toUpperCase() === op.toUpperCase()) {
      pos++
      left = { op, left, right: operand() }
    }
    return left
  }
  const parseAnd = chain('and', () => parseUnary())
  const parseOr = chain('or', parseAnd)
  const parseUnary = (): FilterNode => {
    const t = next()
    if (t.toUpperCase() === 'NOT') return { op: 'not', node: parseUnary() }
    if (t === '(') {
      const node = parseOr()
      if (next() !== ')') throw new SearchError(400, `Missing ")" in filters "${input}"`)
      return node
    }
    const attribute = unquote(t)
    const op = next()
    if (op === ':') {
      const value = unquote(next())
      if (peek()?.toUpperCase() === 'TO') {
        pos++
        return { op: 'range', attribute, from: Number(value), to: Number(unquote(next())) }
      }
      return { op: 'facet', attribute, value }
    }
    if (['<', '<=', '=', '!=', '>=', '>'].includes(op))
      return { op: 'compare', attribute, cmp: op, value: Number(unquote(next())) }
    throw new SearchError(400, `Invalid filters "${input}"`)
  }

  if (tokens.length === 0) return null
  const tree = parseOr()
  if (pos !== tokens.length) throw new SearchError(400, `Invalid filters "${input}"`)
  return tree
}

function evaluate(node: FilterNode, record: WineRecord): boolean {
  switch (node.op) {
    case 'and':
      return evaluate(node.left, record) && evaluate(node.right, record)
    case 'or':
      return evaluate(node.left, record) || evaluate(node.right, record)
    case 'not':
      return !evaluate(node.node, record)
    case 'facet':
      return attributeValues(record, node.attribute).includes(node.value)
    case 'range':
      return attributeValues(record, node.attribute)
        .map(Number)
        .some((v) => v >= node.from && v <= node.to)
    case 'compare':
      return attributeValues(record, node.attribute)
        .map(Number)
        .some((v) => {
          switch (node.cmp) {
            case '<':
              return v < node.value
            case '<=':
              return v <= node.value
            case '=':
              return v === node.value
            case '!=':
              return v !== node.value
            case '>=':
              return v >= node.value
            default:
              return v > node.value
          }
        })
  }
}

// ---------------------------------------------------------------------------------------------
// Parameters

const asJson = (value: string): unknown => {
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

/** Merge top-level params and the URL-encoded `params` string (the string wins, like Algolia). */
function rawParams(request: SearchRequest): Record<string, unknown> {
  const raw: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(request))
    if (key !== 'params' && key !== 'indexName') raw[key] = value
  if (typeof request.params === 'string')
    for (const [key, value] of new URLSearchParams(request.params)) {
      const trimmed = value.trim()
      raw[key] = /^[[{"]/.test(trimmed) ? asJson(trimmed) : value
    }
  return raw
}

const int = (value: unknown, fallback: number): number => {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : fallback
}

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  return []
}

export function normalizeParams(request: SearchRequest): SearchParams {
  const raw = rawParams(request)
  const facetFilters = raw.facetFilters
  if (
    facetFilters !== undefined &&
    typeof facetFilters !== 'string' &&
    !(
      Array.isArray(facetFilters) &&
      facetFilters.every(
        (f) => typeof f === 'string' || (Array.isArray(f) && f.every((x) => typeof x === 'string')),
      )
    )
  )
    throw new SearchError(400, 'facetFilters must be a string or a list of strings and lists')
  const hitsPerPage = Math.min(
    MAX_HITS_PER_PAGE,
    Math.max(0, int(raw.hitsPerPage, DEFAULT_HITS_PER_PAGE)),
  )
  return {
    query: typeof raw.query === 'string' ? raw.query : '',
    facets: stringList(raw.facets),
    facetFilters: facetFilters ?? null,
    filters: typeof raw.filters === 'string' ? raw.filters : '',
    page: Math.max(0, int(raw.page, 0)),
    hitsPerPage,
    maxValuesPerFacet: Math.max(0, int(raw.maxValuesPerFacet, DEFAULT_MAX_VALUES_PER_FACET)),
    highlightPreTag: typeof raw.highlightPreTag === 'string' ? raw.highlightPreTag : '<em>',
    highlightPostTag: typeof raw.highlightPostTag === 'string' ? raw.highlightPostTag : '</em>',
  }
}

function encodeParams(p: SearchParams): string {
  const q = new URLSearchParams()
  q.set('query', p.query)
  q.set('page', String(p.page))
  q.set('hitsPerPage', String(p.hitsPerPage))
  if (p.facets.length) q.set('facets', JSON.stringify(p.facets))
  if (p.facetFilters !== null) q.set('facetFilters', JSON.stringify(p.facetFilters))
  if (p.filters) q.set('filters', p.filters)
  q.set('maxValuesPerFacet', String(p.maxValuesPerFacet))
  return q.toString()
}

// ---------------------------------------------------------------------------------------------
// Search

export function search(
  records: WineRecord[],
  request: SearchRequest,
  indexName = 'wines',
): SearchResult {
  const started = Date.now()
  const p = normalizeParams(request)
  const queryWords = words(p.query)
  const filterTree = p.filters.trim() ? parseFilters(p.filters) : null

  const matches = records
    .map((record, order) => ({ record, order }))
    .filter(
      ({ record }) =>
        matchesQuery(record, queryWords) &&
        matchesFacetFilters(record, p.facetFilters) &&
        (filterTree === null || evaluate(filterTree, record)),
    )

  if (queryWords.length) {
    // Words found in the title rank first (a rough stand-in for Algolia's ranking).
    const titleScore = (r: WineRecord) => {
      const t = words(r.title)
      return queryWords.filter((q) => t.some((w) => w.startsWith(q))).length
    }
    matches.sort((a, b) => titleScore(b.record) - titleScore(a.record) || a.order - b.order)
  }

  const nbHits = matches.length
  const nbPages = p.hitsPerPage > 0 ? Math.ceil(nbHits / p.hitsPerPage) : 0
  const start = p.page * p.hitsPerPage
  const hits: Hit[] = matches.slice(start, start + p.hitsPerPage).map(({ record }) => ({
    ...record,
    _highlightResult: {
      title: highlight(record.title, queryWords, p.highlightPreTag, p.highlightPostTag),
      e: highlight(record.e, queryWords, p.highlightPreTag, p.highlightPostTag),
    },
  }))

  const result: SearchResult = {
    hits,
    nbHits,
    page: p.page,
    nbPages,
    hitsPerPage: p.hitsPerPage,
    processingTimeMS: Math.max(1, Date.now() - started),
    query: p.query,
    params: encodeParams(p),
    index: indexName,
    exhaustiveNbHits: true,
    exhaustiveFacetsCount: true,
    exhaustive: { nbHits: true, facetsCount: true },
    renderingContent: {},
  }

  const facetNames = p.facets.includes('*') ? [...FACET_ATTRIBUTES] : p.facets
  if (facetNames.length) {
    const facets: Record<string, Record<string, number>> = {}
    const stats: Record<string, FacetStats> = {}
    for (const name of facetNames) {
      const counts = new Map<string, number>()
      for (const { record } of matches)
        for (const value of new Set(attributeValues(record, name)))
          counts.set(value, (counts.get(value) ?? 0) + 1)
      const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      facets[name] = Object.fromEntries(sorted.slice(0, p.maxValuesPerFacet))
      const numbers = [...counts.keys()].map(Number)
      if (numbers.length && numbers.every(Number.isFinite)) {
        const all = matches.flatMap(({ record }) => attributeValues(record, name).map(Number))
        const sum = all.reduce((s, v) => s + v, 0)
        stats[name] = { min: Math.min(...all), max: Math.max(...all), avg: sum / all.length, sum }
      }
    }
    result.facets = facets
    if (Object.keys(stats).length) result.facets_stats = stats
  }
  return result
}

/** `wines_en` → 'en'; any other index name is unknown. */
export function localeOfIndex(indexName: string): Locale | null {
  const m = /^wines_([a-z]{2})$/.exec(indexName)
  const locale = m?.[1]
  return locale && (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : null
}
