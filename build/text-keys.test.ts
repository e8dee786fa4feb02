import { describe, expect, it } from 'vitest'
import { compareKeys } from './text-keys'

/** The key check of `npm run lint` (build/text-keys.ts), on small locale files. */
describe('the text key check', () => {
  const en = {
    cart: { title: 'Cart', count_one: '{{count}} wine', count_other: '{{count}} wines' },
  }
  const fr = {
    cart: {
      title: 'Panier',
      count_one: '{{count}} vin',
      count_other: '{{count}} vins',
      count_many: '{{count}} de vins',
    },
  }

  it('passes when every used key is in every file, a counted one in all its plural forms', () => {
    expect(compareKeys(['cart.title', 'cart.count'], { en, fr }, [])).toEqual({
      missing: {},
      unused: [],
    })
  })

  it("names a key a file lacks, and the plural forms a locale's rules need", () => {
    const frWithoutMany = { cart: { title: 'Panier', count_one: '1', count_other: 'n' } }
    expect(
      compareKeys(['cart.title', 'cart.count', 'cart.empty'], { en, fr: frWithoutMany }, []),
    ).toEqual({
      missing: { en: ['cart.empty'], fr: ['cart.count_many', 'cart.empty'] },
      unused: [],
    })
  })

  it('names a key no code uses, unless a pattern lists it (a key built at run time)', () => {
    const files = { en: { cart: { title: 'Cart', old: 'Old', tabA: 'A', tabB: 'B' } } }
    expect(compareKeys(['cart.title'], files, ['cart.tab*'])).toEqual({
      missing: {},
      unused: ['cart.old'],
    })
  })

  it('takes a text that shows the count without plural forms ("{{count}} added")', () => {
    expect(
      compareKeys(['cart.added'], { fr: { cart: { added: '{{count}} ajouté(s)' } } }, []),
    ).toEqual({ missing: {}, unused: [] })
  })
})
