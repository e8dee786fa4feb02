import { describe, expect, it } from 'vitest'
import { winesFor } from '../fixtures/wines'
import { attributeValues, localeOfIndex, parseFilters, search, SearchError } from './search-engine'

const fr = winesFor('fr')
const en = winesFor('en')

describe('search engine: text query', () => {
  it('returns every wine, 20 per page, for an empty query', () => {
    const r = search(fr, { query: '' }, 'wines_fr')
    expect(r.nbHits).toBe(fr.length)
    expect(r.hits).toHaveLength(20)
    expect(r.hitsPerPage).toBe(20)
    expect(r.nbPages).toBe(Math.ceil(fr.length / 20))
    expect(r).toMatchObject({ page: 0, query: '', index: 'wines_fr', exhaustiveNbHits: true })
    expect(r.hits[0]!.objectID).toBeTruthy()
  })

  it('matches title, estate, region and grape, case-insensitively', () => {
    expect(
      search(fr, { query: 'BAROLO' }).hits.every((h) =>
        /barolo/i.test(h.title + h.r.map((x) => x.title).join()),
      ),
    ).toBe(true)
    expect(
      search(fr, { query: 'guyot' }).hits.every((h) => h.e === 'Champagne Guyot-Delaunay'),
    ).toBe(true)
    expect(search(fr, { query: 'nebbiolo' }).nbHits).toBeGreaterThan(0)
    expect(
      search(fr, { query: 'sicile' }).hits.every((h) => h.r.some((r) => r.title === 'Sicile')),
    ).toBe(true)
  })

  it('is accent-insensitive both ways', () => {
    const plain = search(fr, { query: 'cotes du rhone' })
    const accented = search(fr, { query: 'Côtes du Rhône' })
    expect(plain.nbHits).toBeGreaterThan(0)
    expect(plain.hits.map((h) => h.objectID)).toEqual(accented.hits.map((h) => h.objectID))
    expect(search(fr, { query: 'gewurztraminer' }).nbHits).toBe(
      search(fr, { query: 'Gewürztraminer' }).nbHits,
    )
  })

  it('requires every word to match (prefixes count, for search-as-you-type)', () => {
    const merlot = search(en, { query: 'merl' }).nbHits
    const both = search(en, { query: 'merl pauillac' })
    expect(merlot).toBeGreaterThan(both.nbHits)
    expect(both.nbHits).toBeGreaterThan(0)
    for (const h of both.hits) {
      expect(h.g.map((g) => g.title)).toContain('Merlot')
      expect(h.r.map((r) => r.title)).toContain('Pauillac')
    }
    expect(search(en, { query: 'merlot zzzz' }).nbHits).toBe(0)
  })

  it('highlights the matched part of the title with the requested tags', () => {
    const r = search(en, {
      query: 'barol',
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    })
    const hit = r.hits.find((h) => h.title === 'Barolo')!
    expect(hit._highlightResult.title).toEqual({
      value: '__ais-highlight__Barol__/ais-highlight__o',
      matchLevel: 'full',
      matchedWords: ['barol'],
    })
  })
})

describe('search engine: facets', () => {
  it('counts every requested facet over the matching wines', () => {
    const r = search(fr, { query: '', facets: ['c.color', 'price_level'] })
    const colors = r.facets!['c.color']!
    expect(Object.keys(colors)).toHaveLength(4)
    expect(Object.values(colors).reduce((a, b) => a + b, 0)).toBe(fr.length)
    const reds = fr.filter((w) => w.c.color.startsWith('red-')).length
    expect(colors['red-7b1e2b']).toBe(reds)
    expect(Object.keys(r.facets!.price_level!).sort()).toEqual(['1', '2', '3', '4'])
    expect(r.facets_stats!.price_level).toMatchObject({ min: 1, max: 4 })
  })

  it('counts a list attribute once per wine, and "*" means every facet', () => {
    const r = search(en, { facets: ['*'], facetFilters: ['g.title:Merlot'] })
    expect(Object.keys(r.facets!).sort()).toEqual(
      ['c.color', 'g.title', 'm.image', 'price_level', 'r.title', 't.image', 'tags'].sort(),
    )
    expect(r.facets!['g.title']!.Merlot).toBe(r.nbHits)
  })

  it('limits values with maxValuesPerFacet, most frequent first', () => {
    const r = search(en, { facets: ['g.title'], maxValuesPerFacet: 3 })
    const counts = Object.values(r.facets!['g.title']!)
    expect(counts).toHaveLength(3)
    expect([...counts].sort((a, b) => b - a)).toEqual(counts)
  })
})

describe('search engine: facet filters', () => {
  it('ANDs top-level filters and ORs nested arrays', () => {
    const merlotOrSyrah = search(en, {
      facetFilters: [['g.title:Merlot', 'g.title:Syrah']],
      hitsPerPage: 1000,
    })
    const merlot = search(en, { facetFilters: ['g.title:Merlot'] }).nbHits
    const syrah = search(en, { facetFilters: ['g.title:Syrah'] }).nbHits
    expect(merlotOrSyrah.nbHits).toBeGreaterThan(Math.max(merlot, syrah))
    expect(merlotOrSyrah.nbHits).toBeLessThanOrEqual(merlot + syrah)

    const redAndGrapes = search(en, {
      facetFilters: [['g.title:Merlot', 'g.title:Syrah'], 'c.color:red-7b1e2b'],
      hitsPerPage: 1000,
    })
    expect(redAndGrapes.nbHits).toBeGreaterThan(0)
    for (const h of redAndGrapes.hits) {
      expect(h.c.color).toBe('red-7b1e2b')
      expect(h.g.some((g) => g.title === 'Merlot' || g.title === 'Syrah')).toBe(true)
    }
  })

  it('filters on tags (the carousel) and on numbers', () => {
    expect(search(fr, { facetFilters: ['tags:Trio'] }).nbHits).toBe(3)
    expect(search(fr, { facetFilters: 'tags:Quartet' }).nbHits).toBe(4)
    const cheap = search(fr, { facetFilters: ['price_level:1'], hitsPerPage: 1000 })
    expect(cheap.hits.every((h) => h.price_level === 1)).toBe(true)
  })

  it('supports negation', () => {
    const notRed = search(en, { facetFilters: ['-c.color:red-7b1e2b'], hitsPerPage: 1000 })
    expect(notRed.nbHits).toBe(en.filter((w) => !w.c.color.startsWith('red-')).length)
  })

  it('rejects a filter without attribute', () => {
    expect(() => search(en, { facetFilters: ['Merlot'] })).toThrow(SearchError)
  })
})

describe('search engine: filters string', () => {
  it('evaluates AND, OR, NOT, quoted values and numeric comparisons', () => {
    const r = search(en, {
      filters: '(g.title:"Pinot Noir" OR g.title:Gamay) AND price_level<=2 AND NOT tags:Christmas',
      hitsPerPage: 1000,
    })
    expect(r.nbHits).toBeGreaterThan(0)
    for (const h of r.hits) {
      expect(h.g.some((g) => g.title === 'Pinot Noir' || g.title === 'Gamay')).toBe(true)
      expect(h.price_level).toBeLessThanOrEqual(2)
      expect(h.tags).not.toContain('Christmas')
    }
    expect(
      search(en, { filters: 'price_level:3 TO 4', hitsPerPage: 1000 }).hits.every(
        (h) => h.price_level >= 3,
      ),
    ).toBe(true)
  })

  it('reports a broken filters string', () => {
    expect(() => parseFilters('g.title:Merlot AND (')).toThrow(SearchError)
  })
})

describe('search engine: pagination and params', () => {
  it('pages through the results', () => {
    const p0 = search(en, { hitsPerPage: 50, page: 0 })
    const p3 = search(en, { hitsPerPage: 50, page: 3 })
    expect(p0.nbPages).toBe(Math.ceil(en.length / 50))
    expect(p3.hits).toHaveLength(en.length - 150)
    expect(p3.hits[0]!.objectID).toBe(en[150]!.objectID)
    expect(search(en, { hitsPerPage: 50, page: 9 }).hits).toEqual([])
  })

  it('accepts hitsPerPage 0 (facet-only requests of disjunctive faceting)', () => {
    const r = search(en, { hitsPerPage: 0, facets: ['tags'] })
    expect(r.hits).toEqual([])
    expect(r.nbHits).toBe(en.length)
    expect(r.facets!.tags!.Summer).toBeGreaterThanOrEqual(6)
  })

  it('reads the URL-encoded params string like top-level params', () => {
    const params = new URLSearchParams({
      query: 'pinot',
      hitsPerPage: '5',
      page: '1',
      facets: JSON.stringify(['c.color']),
      facetFilters: JSON.stringify([['c.color:red-7b1e2b']]),
    }).toString()
    const fromString = search(en, { params })
    const fromFields = search(en, {
      query: 'pinot',
      hitsPerPage: 5,
      page: 1,
      facets: ['c.color'],
      facetFilters: [['c.color:red-7b1e2b']],
    })
    expect(fromString.hits.map((h) => h.objectID)).toEqual(fromFields.hits.map((h) => h.objectID))
    expect(fromString.facets).toEqual(fromFields.facets)
    expect(fromString).toMatchObject({ query: 'pinot', page: 1, hitsPerPage: 5 })
    expect(fromString.params).toContain('query=pinot')
    expect(Object.keys(fromString.facets!['c.color']!)).toEqual(['red-7b1e2b'])
  })

  it('accepts facets as a comma-separated string', () => {
    const r = search(en, { params: 'facets=tags,c.color&hitsPerPage=1' })
    expect(Object.keys(r.facets!).sort()).toEqual(['c.color', 'tags'])
  })
})

describe('search engine: helpers', () => {
  it('reads nested attribute values', () => {
    expect(attributeValues({ g: [{ title: 'A' }, { title: 'B' }] }, 'g.title')).toEqual(['A', 'B'])
    expect(attributeValues({ price_level: 3 }, 'price_level')).toEqual(['3'])
    expect(attributeValues({ label: null }, 'label')).toEqual([])
  })

  it('maps index names to locales', () => {
    expect(localeOfIndex('wines_nl')).toBe('nl')
    expect(localeOfIndex('wines_de')).toBeNull()
    expect(localeOfIndex('products')).toBeNull()
  })
})
