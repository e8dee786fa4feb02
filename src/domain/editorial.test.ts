import { describe, expect, it } from 'vitest'
import { COLLECTION_PATHS, collectionIndexUrl, editorialEntries } from './editorial'

describe('editorial entries (collection entry)', () => {
  it('keeps title, url, hero, meta description, intro and region level', () => {
    expect(
      editorialEntries([
        {
          title: ' Alsace ',
          url: '/en/regions/alsace',
          hero: { url: '/assets/hero.jpg' },
          meta_description: 'Meta',
          intro: 'Intro',
          level: { key: 'subregion', label: 'subregion' },
        },
      ]),
    ).toEqual([
      {
        title: 'Alsace',
        url: '/en/regions/alsace',
        hero: '/assets/hero.jpg',
        metaDescription: 'Meta',
        intro: 'Intro',
        level: 'subregion',
      },
    ])
  })

  it('drops entries without a title and blanks unsafe or missing fields', () => {
    const entries = editorialEntries([
      null,
      'text',
      { title: '' },
      { url: '/fr/x' },
      { title: 'X', url: 'javascript:alert(1)', hero: null, level: { key: 'country' } },
      { title: 'Y', url: '//evil.example/x', hero: { url: 'data:image/png;base64,xx' }, level: 3 },
    ])
    expect(entries).toEqual([
      { title: 'X', url: '', hero: '', metaDescription: '', intro: '', level: null },
      { title: 'Y', url: '', hero: '', metaDescription: '', intro: '', level: null },
    ])
  })

  it.each([
    ['regions', 'en', '/en/regions'],
    ['regions', 'nl', '/nl/regios'],
    ['grapes', 'fr', '/fr/cepages'],
    ['grapes', 'nl', '/nl/druiven'],
    ['estates', 'fr', '/fr/domaines'],
    ['estates', 'nl', '/nl/domeinen'],
    ['bundles', 'fr', '/fr/coffrets'],
    ['bundles', 'nl', '/nl/pakketten'],
    ['articles', 'nl', '/nl/artikels'],
  ] as const)('the %s index page in %s is %s (lowercase, no accents)', (c, l, url) => {
    expect(collectionIndexUrl(c, l)).toBe(url)
  })

  it('uses only lowercase ASCII path names', () => {
    for (const paths of Object.values(COLLECTION_PATHS))
      for (const path of Object.values(paths)) expect(path).toMatch(/^[a-z]+$/)
  })
})
