/**
 * The sommelier's wine cards: for each line of the structured answer, search the locale's index
 * with colour, style, grape synonyms and regions (fewer filters when nothing matches) and pick 2
 * random hits. Uses the page's shared search client.
 */
import type { ChatWine, Locale } from '../../domain/types'
import type { Pairing } from '../../domain/sommelier-pairings'
import { filterLadder, type IndexFacetValues } from '../../domain/sommelier-filters'
import { HITS_PER_SUGGESTION, pickRandom } from '../../domain/random-pick'
import type { WineHit } from '../../domain/wine-hit'
import { isRecord } from '../../domain/is-record'
import { getSearchClient, searchWines } from '../search-client'
import { wineIndexName } from '../search-ahead'
import { getPageQueryClient } from '../../api/query-client'

/** Hits fetched per search to choose from. */
export const CANDIDATES = 20

const keysOf = (facet: unknown): string[] => (isRecord(facet) ? Object.keys(facet) : [])

const facetQueryKey = (locale: Locale) => ['sommelier-facets', locale] as const

async function fetchFacetValues(locale: Locale): Promise<IndexFacetValues> {
  const { results } = await getSearchClient().searchForHits({
    requests: [
      {
        indexName: wineIndexName(locale),
        query: '',
        hitsPerPage: 0,
        facets: ['c.color', 't.image'],
        maxValuesPerFacet: 100,
      },
    ],
  })
  const facets = results[0]?.facets ?? {}
  return { color: keysOf(facets['c.color']), type: keysOf(facets['t.image']) }
}

/**
 * The `c.color` and `t.image` values the index holds ("red-7b1e2b", …), read once per locale
 * through the page's query cache (`staleTime: Infinity`; a failed read is not kept, the next
 * answer asks again): the colour's suffix is the index's business, the app only knows the part
 * before the dash.
 */
export function indexFacetValues(locale: Locale): Promise<IndexFacetValues> {
  return getPageQueryClient().query({
    queryKey: facetQueryKey(locale),
    queryFn: () => fetchFacetValues(locale),
    staleTime: Infinity,
    retry: false,
  })
}

/** The hits of the first search of the line's ladder that finds any. */
async function candidatesFor(
  locale: Locale,
  pairing: Pairing,
  index: IndexFacetValues,
): Promise<WineHit[]> {
  for (const facetFilters of filterLadder(pairing, index)) {
    const { hits } = await searchWines({ locale, facetFilters, hitsPerPage: CANDIDATES })
    if (hits.length > 0) return hits
  }
  return []
}

export function chatWineOf(hit: WineHit): ChatWine {
  return {
    id: hit.objectID,
    title: hit.title,
    url: hit.url,
    label: hit.label[0] ?? null,
    c: hit.c ?? { title: '', color: '' },
    m: hit.m,
    e: hit.e,
    price_level: hit.price_level,
    odooCode: hit.odooCode,
  }
}

/**
 * Up to HITS_PER_SUGGESTION random wines per line, never the same wine twice in one answer.
 * Rejects when the search service fails (the caller shows the answer without cards).
 */
export async function suggestWines(
  locale: Locale,
  pairings: readonly Pairing[],
  random: () => number = Math.random,
): Promise<ChatWine[]> {
  if (pairings.length === 0) return []
  const index = await indexFacetValues(locale)
  const candidates = await Promise.all(pairings.map((p) => candidatesFor(locale, p, index)))
  const chosen = new Set<string>()
  const wines: ChatWine[] = []
  for (const hits of candidates) {
    const fresh = hits.filter((h) => !chosen.has(h.objectID))
    for (const hit of pickRandom(fresh, HITS_PER_SUGGESTION, random)) {
      chosen.add(hit.objectID)
      wines.push(chatWineOf(hit))
    }
  }
  return wines
}
