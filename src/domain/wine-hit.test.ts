import { describe, expect, it } from 'vitest'
import { normalizeHit, normalizeHits } from './wine-hit'
import { safeUrl } from './safe-url'

/** The fields of a good record: what normalizeHit keeps. */
const kept = {
  objectID: '10001',
  title: 'Château Lafleur',
  url: '/fr/vins/chateau-lafleur',
  e: 'Château Lafleur',
  r: [{ title: 'Bordeaux' }, { title: 'Pomerol' }],
  g: [{ title: 'Merlot' }],
  c: { title: 'Rouge', color: 'red-7b1e2b' },
  t: [{ title: 'Pétillant', image: '/assets/badges/type-sparkling.svg' }],
  m: [{ title: 'Bio', image: '/assets/badges/method-organic.svg' }],
  label: ['/assets/labels/label-01.svg'],
  price_level: 4,
  odooCode: 'W10001',
}
/** A good record as the index sends it: the kept fields and some it drops. */
const record = { ...kept, objID: '10001', price: 89.95, _highlightResult: {} }

describe('normalizeHit', () => {
  it('keeps the fields of a good record', () => {
    expect(normalizeHit(record)).toEqual(kept)
  })

  it.each<[string, unknown]>([
    ['not an object', 'wine'],
    ['null', null],
    ['no id', { ...record, objectID: undefined, objID: undefined }],
    ['no title', { ...record, title: '  ' }],
  ])('drops a record with %s', (_name, raw) => {
    expect(normalizeHit(raw)).toBeNull()
  })

  it('falls back to objID, and tolerates missing or wrong lists', () => {
    const hit = normalizeHit({
      objID: '7',
      title: 'X',
      r: 'Bordeaux',
      g: [null, { title: 3 }, { title: 'Gamay' }],
      c: null,
      t: [{ image: 'javascript:alert(1)' }],
      label: null,
      price_level: '2',
    })
    expect(hit).toMatchObject({
      objectID: '7',
      url: '',
      e: '',
      r: [],
      g: [{ title: 'Gamay' }],
      c: null,
      t: [],
      m: [],
      label: [],
      price_level: 2,
      odooCode: '',
    })
  })

  it('drops an unknown price level', () => {
    expect(normalizeHit({ ...record, price_level: 7 })?.price_level).toBeNull()
  })

  it('keeps only the usable records of a list', () => {
    expect(normalizeHits([record, null, { title: 'no id' }]).map((h) => h.objectID)).toEqual([
      '10001',
    ])
  })
})

describe('safeUrl', () => {
  it.each([
    ['/fr/vins/x', '/fr/vins/x'],
    ['https://shop.example.be/x', 'https://shop.example.be/x'],
    ['http://cdn.example.com/l.png', 'http://cdn.example.com/l.png'],
    ['javascript:alert(1)', ''],
    ['JAVASCRIPT:alert(1)', ''],
    ['data:image/svg+xml,<svg/>', ''],
    ['//evil.example.com/x', ''],
    ['/\\evil.example.com/x', ''],
    ['/\t/evil.example.com/x', ''],
    ['/fr/vins\n/x', ''],
    ['https://shop.example.be/a\\b', ''],
    ['vins/x', ''],
    ['', ''],
  ])('%s → "%s"', (url, expected) => {
    expect(safeUrl(url)).toBe(expected)
  })
})
