import { describe, expect, it } from 'vitest'
import { reserveMarkdown, reserveRows } from './reserve-table'

/** The shared floors of mount/reserve.css, which every widget's own file builds on. */
const FLOORS = `
[data-widget] { --ww-floor-s: initial; --ww-floor-m: initial; --ww-floor-l: initial; --ww-floor: var(--ww-floor-s); }
@media (width > 40rem) { [data-widget] { --ww-floor: var(--ww-floor-m, var(--ww-floor-s)); } }
@media (width >= 64rem) { [data-widget] { --ww-floor: var(--ww-floor-l, var(--ww-floor-m, var(--ww-floor-s))); } }
[data-widget] > p[data-widget-fallback] { min-height: 9rem; }
`

describe('the reserved-space table, read from the reserve stylesheet', () => {
  it('gives a floor by width, saying where it changes (`>` above, `>=` from)', () => {
    const css = `${FLOORS}[data-widget='shelf'] { --ww-floor-s: 20rem; --ww-floor-l: 8rem; min-height: var(--ww-floor); }`
    expect(reserveRows(css, 'shelf')).toEqual([
      { tag: '`shelf`', box: '`20rem`; from 64rem: `8rem`' },
    ])
  })

  it('adds a row for attributes that change the box, none for those that do not', () => {
    const css = `${FLOORS}
      [data-widget='shelf'] { min-height: 100vh; }
      [data-widget='shelf'][data-short], [data-widget='shelf'][data-size='s'] { min-height: 5rem; }
      [data-widget='shelf'][data-tone] { color: red; }`
    expect(reserveRows(css, 'shelf')).toEqual([
      { tag: '`shelf`', box: '`100vh`' },
      { tag: '`shelf` `data-short` or `data-size="s"`', box: '`5rem`' },
    ])
  })

  it('weighs selectors as browsers do: a more specific rule wins over a later one', () => {
    const css = `${FLOORS}
      [data-widget='shelf'][data-tall] { min-height: 30rem; }
      [data-widget='shelf'] { min-height: 10rem; }`
    expect(reserveRows(css, 'shelf')[1]).toEqual({ tag: '`shelf` `data-tall`', box: '`30rem`' })
  })

  it('reads a float that keeps a ratio of the width, its fallback before typed attr()', () => {
    const css = `${FLOORS}
      [data-widget='frame']::before { height: calc(var(--gap, 1rem) + 2.5rem); padding-top: 50%; padding-top: calc(100% * attr(data-h type(<number>), 1)); }
      [data-widget='frame']:not([data-bare]) { min-width: 3rem; }`
    expect(reserveRows(css, 'frame')).toEqual([
      { tag: '`frame`', box: '`3.5rem + 50%` high, `3rem` wide' },
    ])
  })

  it('says nothing for a widget without a box, and fails on a query it cannot read', () => {
    expect(reserveRows(FLOORS, 'banner')).toEqual([{ tag: '`banner`', box: 'nothing' }])
    expect(() =>
      reserveRows(`@media (orientation: portrait) { [data-widget='x'] { min-height: 1rem } }`, 'x'),
    ).toThrow('cannot read @media (orientation: portrait)')
  })

  it('writes a markdown table with what each box holds', () => {
    const css = `${FLOORS}[data-widget='shelf'] { min-height: 4rem; }`
    expect(reserveMarkdown(css, [{ name: 'shelf', reserve: 'A | row of <b>cards</b>.' }])).toBe(
      [
        '| tag | box kept, by screen width | what it holds |',
        '| --- | --- | --- |',
        '| `shelf` | `4rem` | A \\| row of `<b>`cards`</b>`. |',
      ].join('\n'),
    )
  })
})
