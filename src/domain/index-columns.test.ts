import { describe, expect, it } from 'vitest'
import {
  columnSizes,
  indexLayout as balancedIndexLayout,
  splitColumns as balancedColumns,
} from './index-layout'

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

describe('balanced index columns ("split into equal columns")', () => {
  it.each([
    // entries, columns, column lengths — the cases first (they used to give an empty or
    // a much shorter last column: 3,3,3,0 · 2,2,2,1,0,0 · 3,3,1)
    [9, 4, [3, 2, 2, 2]],
    [7, 6, [2, 1, 1, 1, 1, 1]],
    [7, 3, [3, 2, 2]],
    // even splits
    [36, 3, [12, 12, 12]],
    [30, 3, [10, 10, 10]],
    [12, 6, [2, 2, 2, 2, 2, 2]],
    // one or two columns longer by one, first
    [31, 3, [11, 10, 10]],
    [32, 3, [11, 11, 10]],
    [10, 4, [3, 3, 2, 2]],
    [11, 6, [2, 2, 2, 2, 2, 1]],
    // fewer entries than columns: as many columns as entries
    [2, 3, [1, 1]],
    [5, 6, [1, 1, 1, 1, 1]],
    [1, 6, [1]],
    // nothing to list: no column
    [0, 3, []],
    // one column, and column counts below 1 or not a whole number
    [10, 1, [10]],
    [10, 0, [10]],
    [10, -2, [10]],
    [10, Number.NaN, [10]],
    [10, 2.7, [5, 5]],
  ])('%d entries over %d columns → %j', (n, columns, lengths) => {
    expect(columnSizes(n, columns)).toEqual(lengths)
    const split = balancedColumns(range(n), columns)
    expect(split.map((c) => c.length)).toEqual(lengths)
    // Every entry once, in order.
    expect(split.flat()).toEqual(range(n))
  })

  it.each([1, 2, 3, 4, 5, 6])(
    'never differs by more than one nor leaves a column empty (%d columns, 0 to 60 entries)',
    (columns) => {
      for (let n = 0; n <= 60; n++) {
        const sizes = columnSizes(n, columns)
        expect(sizes).toHaveLength(Math.min(n, columns))
        if (n === 0) continue
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
        expect(Math.min(...sizes)).toBeGreaterThan(0)
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(n)
      }
    },
  )

  it.each([
    // entries, columns, slider positions per column (after item 5, 10 and 7)
    [36, 3, [5, 10, 7]],
    [30, 3, [5, 10, 7]],
    // 28 over 3 is 10, 9, 9: the second column is shorter than 10.
    [28, 3, [5, null, 7]],
    // 32 over 4 is 8 each: no slider in the second (shorter than 10) nor the fourth column.
    [32, 4, [5, null, 7, null]],
    // 9 over 3 is 3 each: every column is shorter than its position.
    [9, 3, [null, null, null]],
    // Exactly 5 entries in the first column: the slider closes it.
    [5, 1, [5]],
    [7, 3, [null, null, null]],
  ])('%d entries over %d columns put sliders at %j', (n, columns, sliders) => {
    expect(balancedIndexLayout(range(n), String, columns).map((c) => c.sliderAfter)).toEqual(
      sliders,
    )
  })

  it('uses 3 columns by default (7 bundles → 3, 2, 2)', () => {
    expect(balancedIndexLayout(range(7), String).map((c) => c.items.length)).toEqual([3, 2, 2])
  })

  it('has no column for an empty collection', () => {
    expect(balancedIndexLayout([], String, 3)).toEqual([])
  })
})
