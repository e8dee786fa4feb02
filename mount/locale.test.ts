// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it } from 'vitest'
import { resolveLocale } from './locale'

function tag(html: string) {
  document.body.innerHTML = html
  return document.querySelector('[data-widget]')!
}

describe('resolveLocale', () => {
  it.each([
    [
      'data-locale wins',
      '<div lang="nl"><div data-widget="x" data-locale="en"></div></div>',
      '/fr/',
      'en',
    ],
    ['then the nearest lang', '<div lang="nl-BE"><div data-widget="x"></div></div>', '/fr/', 'nl'],
    ['then the URL prefix', '<div data-widget="x"></div>', '/en/cart', 'en'],
    [
      'an unsupported lang falls through',
      '<div lang="de"><div data-widget="x"></div></div>',
      '/nl/',
      'nl',
    ],
    ['else fr', '<div data-widget="x"></div>', '/products/', 'fr'],
  ])('%s', (_l, html, path, expected) => {
    expect(resolveLocale(tag(html), path)).toBe(expected)
  })

  it('rejects a data-locale that is not en, fr or nl', () => {
    expect(() => resolveLocale(tag('<div data-widget="x" data-locale="de"></div>'), '/')).toThrow(
      'data-locale="de" must be one of: en, fr, nl',
    )
  })
})
