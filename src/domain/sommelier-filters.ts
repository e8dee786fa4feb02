/**
 * From a line of the sommelier's structured answer to search-index filters ("the
 * sommelier (filter by colour, style, grape synonyms and region; 2 random hits per dish line)").
 * The model speaks freely ("Shiraz", "white", "sweet red"); the index has exact facet values
 * ("Syrah", "yellow-e8d27c", "/assets/badges/type-sweet.svg"), so every word is mapped onto the
 * values the index really holds.
 */
import type { Pairing } from './sommelier-pairings'
import { wineBadgeOf } from './wine-badge'
import { wineColorOf, type WineColor } from './wine-color'

/** Top level is AND, a nested list is OR (the search service's `facetFilters`). */
export type FacetFilterList = (string | string[])[]

/** The facet values the index holds (`c.color` and `t.image`), read once per locale. */
export interface IndexFacetValues {
  color: readonly string[]
  type: readonly string[]
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[·.\-_'’]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Grape synonyms: each group is one variety under its names in other countries and spellings.
 * The index's own spelling comes first; every name of the group is sent (as an OR), so
 * whichever the model uses finds the wines.
 */
export const GRAPE_SYNONYMS: readonly (readonly string[])[] = [
  ['Syrah', 'Shiraz'],
  ['Grenache', 'Garnacha', 'Garnatxa', 'Cannonau'],
  ['Mourvèdre', 'Monastrell', 'Mataro'],
  ['Carignan', 'Cariñena', 'Mazuelo', 'Carignano'],
  ['Cinsault', 'Cinsaut'],
  ['Tempranillo', 'Tinto Fino', 'Tinta del País', 'Tinta Roriz', 'Aragonez', 'Cencibel'],
  ['Pinot Noir', 'Spätburgunder', 'Pinot Nero', 'Blauburgunder'],
  ['Pinot Gris', 'Pinot Grigio', 'Grauburgunder'],
  ['Pinot Blanc', 'Pinot Bianco', 'Weissburgunder'],
  ['Albariño', 'Alvarinho'],
  ['Macabeo', 'Viura', 'Macabeu'],
  ['Sémillon', 'Semillon'],
  ['Gewürztraminer', 'Gewurztraminer'],
  ['Sangiovese', 'Brunello', 'Prugnolo Gentile', 'Morellino', 'Nielluccio'],
  ['Nebbiolo', 'Spanna', 'Chiavennasca'],
  ['Chenin Blanc', 'Chenin', 'Steen', 'Pineau de la Loire'],
  ['Sauvignon Blanc', 'Sauvignon', 'Fumé Blanc'],
  ['Cabernet Sauvignon', 'Cabernet'],
  ['Glera', 'Prosecco'],
  ['Xarel·lo', 'Xarello'],
  ['Zinfandel', 'Primitivo'],
  ['Malbec', 'Côt'],
  ['Chardonnay', 'Morillon'],
  ['Grüner Veltliner', 'Gruner Veltliner'],
  ["Nero d'Avola", 'Calabrese'],
  ['Riesling', 'Rheinriesling', 'Johannisberg Riesling'],
  ['Melon de Bourgogne', 'Muscadet'],
  ['Muscat', 'Moscato', 'Muskateller', 'Moscatel'],
  ['Vermentino', 'Rolle'],
  ['Trebbiano', 'Ugni Blanc'],
]

const GROUP_OF = new Map<string, readonly string[]>()
for (const group of GRAPE_SYNONYMS) for (const name of group) GROUP_OF.set(fold(name), group)

/** Every name of a grape: "Shiraz" → ["Syrah", "Shiraz"]; an unknown grape gives itself. */
export function grapeNames(grape: string): string[] {
  const name = grape.trim()
  if (!name) return []
  const group = GROUP_OF.get(fold(name))
  if (!group) return [name]
  return group.some((g) => g === name) ? [...group] : [...group, name]
}

/** The type badges a style asks for: "sweet red" → sweet, "crémant" → sparkling. */
export function styleBadges(style: string): ('sparkling' | 'sweet')[] {
  const s = fold(style)
  const badges: ('sparkling' | 'sweet')[] = []
  if (
    /sparkl|effervesc|mousse|petill|bubbl|bruis|schuim|cava|champagne|cremant|prosecco|spumante|sekt/.test(
      s,
    )
  )
    badges.push('sparkling')
  if (/sweet|\bdoux\b|\bdouce\b|liquoreu|moelleu|\bzoet|dessert|fortif|\bmute\b|versterkt/.test(s))
    badges.push('sweet')
  return badges
}

const unique = (values: readonly string[]) => [...new Set(values)]

/** The index's `c.color` values for a colour ("red" → ["red-7b1e2b"]). */
export function colorValues(color: WineColor, index: IndexFacetValues): string[] {
  return unique(index.color.filter((v) => wineColorOf(v) === color))
}

/** The index's `t.image` values for the style's type badges. */
export function styleValues(style: string, index: IndexFacetValues): string[] {
  const wanted = styleBadges(style)
  if (wanted.length === 0) return []
  return unique(
    index.type.filter((v) => {
      const badge = wineBadgeOf(v)
      return badge === 'sparkling' || badge === 'sweet' ? wanted.includes(badge) : false
    }),
  )
}

const group = (attribute: string, values: readonly string[]): string[] =>
  values.map((v) => `${attribute}:${v}`)

/**
 * The searches for one line, most specific first; the caller runs them in order and keeps the
 * first that finds wines (fewer filters when nothing matches). Each has at least one filter: a
 * line the index cannot filter at all gives no search (and no cards) rather than random wines.
 * Order: all filters; then without the style; without the region; without both; colour and
 * region; colour and style; colour alone.
 */
export function filterLadder(pairing: Pairing, index: IndexFacetValues): FacetFilterList[] {
  const c = pairing.color ? group('c.color', colorValues(pairing.color, index)) : []
  const s = group('t.image', styleValues(pairing.style, index))
  const g = group('g.title', unique(pairing.grapes.flatMap(grapeNames)))
  const r = group('r.title', unique(pairing.regions))
  const steps = [[c, s, g, r], [c, g, r], [c, s, g], [c, g], [c, s, r], [c, r], [c, s], [c]]
  const seen = new Set<string>()
  const ladder: FacetFilterList[] = []
  for (const step of steps) {
    const filters = step.filter((f) => f.length > 0)
    if (filters.length === 0) continue
    const key = JSON.stringify(filters)
    if (seen.has(key)) continue
    seen.add(key)
    ladder.push(filters)
  }
  return ladder
}
