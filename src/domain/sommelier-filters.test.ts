import { describe, expect, it } from 'vitest'
import { filterLadder, grapeNames, styleBadges, type IndexFacetValues } from './sommelier-filters'
import type { Pairing } from './sommelier-pairings'

const INDEX: IndexFacetValues = {
  color: ['red-7b1e2b', 'yellow-e8d27c', 'amber-d98b2b', 'pink-f2a7b5'],
  type: [
    '/assets/badges/type-sparkling.svg',
    '/assets/badges/type-sweet.svg',
    '/assets/badges/type-no-alcohol.svg',
  ],
}

const pairing = (p: Partial<Pairing>): Pairing => ({
  dish: 'plat',
  color: null,
  style: '',
  grapes: [],
  regions: [],
  ...p,
})

describe('grapeNames (grape synonyms)', () => {
  it.each([
    ['Shiraz', ['Syrah', 'Shiraz']],
    ['Syrah', ['Syrah', 'Shiraz']],
    ['garnacha', ['Grenache', 'Garnacha', 'Garnatxa', 'Cannonau', 'garnacha']],
    ['Gewurztraminer', ['Gewürztraminer', 'Gewurztraminer']],
    ['Alvarinho', ['Albariño', 'Alvarinho']],
    ['Pinot Grigio', ['Pinot Gris', 'Pinot Grigio', 'Grauburgunder']],
    ['Xarello', ['Xarel·lo', 'Xarello']],
    ['Regent', ['Regent']],
    ['  ', []],
  ])('%s → %j', (grape, expected) => {
    expect(grapeNames(grape)).toEqual(expected)
  })
})

describe('styleBadges', () => {
  it.each([
    ['sweet red', ['sweet']],
    ['rouge muté et doux', ['sweet']],
    ['blanc liquoreux', ['sweet']],
    ['zoete witte', ['sweet']],
    ['crisp sparkling', ['sparkling']],
    ['effervescent vif', ['sparkling']],
    ['frisse bruisende wijn', ['sparkling']],
    ['crémant de Loire', ['sparkling']],
    ['rouge structuré', []],
    ['blanc aromatique demi-sec', []],
  ])('%s → %j', (style, expected) => {
    expect(styleBadges(style)).toEqual(expected)
  })
})

describe('filterLadder (colour, style, grape synonyms, region; fewer filters when nothing matches)', () => {
  it('starts with every filter, then drops style, region and grapes, ending with the colour', () => {
    const ladder = filterLadder(
      pairing({ color: 'red', style: 'sweet red', grapes: ['Shiraz'], regions: ['Douro'] }),
      INDEX,
    )
    const c = ['c.color:red-7b1e2b']
    const s = ['t.image:/assets/badges/type-sweet.svg']
    const g = ['g.title:Syrah', 'g.title:Shiraz']
    const r = ['r.title:Douro']
    expect(ladder).toEqual([
      [c, s, g, r],
      [c, g, r],
      [c, s, g],
      [c, g],
      [c, s, r],
      [c, r],
      [c, s],
      [c],
    ])
  })

  it('uses the facet values of the index for the colour', () => {
    const ladder = filterLadder(pairing({ color: 'yellow' }), INDEX)
    expect(ladder).toEqual([[['c.color:yellow-e8d27c']]])
  })

  it('skips what the line does not give, without repeating a search', () => {
    const ladder = filterLadder(
      pairing({ color: 'pink', grapes: ['Grenache', 'Cinsault'], regions: [] }),
      INDEX,
    )
    expect(ladder).toEqual([
      [
        ['c.color:pink-f2a7b5'],
        [
          'g.title:Grenache',
          'g.title:Garnacha',
          'g.title:Garnatxa',
          'g.title:Cannonau',
          'g.title:Cinsault',
          'g.title:Cinsaut',
        ],
      ],
      [['c.color:pink-f2a7b5']],
    ])
  })

  it('without a colour it still filters by grapes or regions, never searches everything', () => {
    expect(filterLadder(pairing({ regions: ['Jura'] }), INDEX)).toEqual([[['r.title:Jura']]])
    expect(filterLadder(pairing({ style: 'rouge' }), INDEX)).toEqual([])
  })

  it('a colour the index does not hold is not filtered on', () => {
    const ladder = filterLadder(pairing({ color: 'amber', grapes: ['Merlot'] }), {
      color: ['red-7b1e2b'],
      type: [],
    })
    expect(ladder).toEqual([[['g.title:Merlot']]])
  })
})
