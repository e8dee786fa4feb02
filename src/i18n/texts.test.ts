import { describe, expect, it, vi } from 'vitest'
import { Texts } from './texts'

function textsOf(locale: 'en' | 'fr' | 'nl' = 'en', onMissing = vi.fn()) {
  const texts = new Texts(locale, onMissing)
  texts.add('common', { close: 'Close', nested: { deep: 'Deep' } })
  texts.add('cart', {
    title: 'Your cart',
    wines_one: '{{count}} wine',
    wines_other: '{{count}} wines',
    only: 'Only {{count}} left',
    hello: 'Hello {{ name }}, {{name}}!',
  })
  texts.add('wine', { red: 'Red', title: 'Wine title' })
  return { texts, onMissing }
}

describe('Texts', () => {
  it('reads a key in the namespace its first segment names', () => {
    const { texts } = textsOf()
    expect(texts.t('cart.title')).toBe('Your cart')
    expect(texts.fixedT('wine')('cart.title')).toBe('Your cart')
    expect(texts.t('common.nested.deep')).toBe('Deep')
  })

  it('reads an unprefixed key in the namespaces the caller named, in order', () => {
    const { texts } = textsOf()
    expect(texts.t('close')).toBe('Close')
    expect(texts.fixedT(['cart', 'wine'])('title')).toBe('Your cart')
    expect(texts.fixedT(['wine', 'cart'])('title')).toBe('Wine title')
    expect(texts.fixedT(['cart', 'wine'])('red')).toBe('Red')
  })

  it('fills placeholders and leaves one without a value as it is', () => {
    const { texts } = textsOf()
    expect(texts.t('cart.hello', { name: 'Ann' })).toBe('Hello Ann, Ann!')
    expect(texts.t('cart.hello', { name: 0 })).toBe('Hello 0, 0!')
    expect(texts.t('cart.hello')).toBe('Hello {{ name }}, {{name}}!')
    expect(texts.t('cart.hello', {})).toBe('Hello {{ name }}, {{name}}!')
  })

  it("picks the plural form by the locale's rules, then _other, then the key itself", () => {
    expect(textsOf('en').texts.t('cart.wines', { count: 1 })).toBe('1 wine')
    expect(textsOf('en').texts.t('cart.wines', { count: 0 })).toBe('0 wines')
    expect(textsOf('nl').texts.t('cart.wines', { count: 2 })).toBe('2 wines')
    // French counts 0 and 1 as singular.
    expect(textsOf('fr').texts.t('cart.wines', { count: 0 })).toBe('0 wine')
    // French's "many" (a million) has no text of its own here: _other.
    expect(textsOf('fr').texts.t('cart.wines', { count: 1_000_000 })).toBe('1000000 wines')
    expect(textsOf('en').texts.t('cart.only', { count: 3 })).toBe('Only 3 left')
  })

  it('reads a missing key as the key and reports it once', () => {
    const { texts, onMissing } = textsOf('nl')
    expect(texts.t('cart.nothing')).toBe('cart.nothing')
    expect(texts.t('cart.nothing')).toBe('cart.nothing')
    expect(texts.t('cart.title.deeper')).toBe('cart.title.deeper')
    expect(onMissing.mock.calls).toEqual([
      ['cart.nothing', 'nl'],
      ['cart.title.deeper', 'nl'],
    ])
  })

  it('gives the same translate function for the same namespaces (stable for memos)', () => {
    const { texts } = textsOf()
    expect(texts.fixedT(['cart', 'wine'])).toBe(texts.fixedT(['cart', 'wine']))
    expect(texts.fixedT('cart')).not.toBe(texts.fixedT('wine'))
  })

  it('finds a key once its namespace has loaded, after a miss', () => {
    const { texts } = textsOf()
    expect(texts.t('search.open')).toBe('search.open')
    texts.add('search', { open: 'Search' })
    expect(texts.t('search.open')).toBe('Search')
    expect(texts.t('search.open')).toBe('Search')
  })

  it('keeps the first copy of a namespace', () => {
    const { texts } = textsOf()
    texts.add('cart', { title: 'Other' })
    expect(texts.t('cart.title')).toBe('Your cart')
    expect(texts.has('cart')).toBe(true)
    expect(texts.has('search')).toBe(false)
  })
})
