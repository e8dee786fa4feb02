import { describe, expect, it } from 'vitest'
import { DEFAULT_INDEX_COLUMNS } from './editorial-constants'
import { SLIDER_AFTER, firstLetter, indexLayout, splitColumns } from './index-layout'

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

describe('index layout', () => {
  it('has the layout constants: 3 columns, sliders after items 5, 10 and 7', () => {
    expect(DEFAULT_INDEX_COLUMNS).toBe(3)
    expect(SLIDER_AFTER).toEqual([5, 10, 7])
  })

  it.each([
    // items, columns, column lengths
    [30, 3, [10, 10, 10]],
    [31, 3, [11, 10, 10]],
    [7, 3, [3, 2, 2]],
    [2, 3, [1, 1]],
    [0, 3, []],
    [10, 1, [10]],
    [10, 4, [3, 3, 2, 2]],
    [10, 0, [10]],
  ])('splits %d entries into %d columns of %j', (n, columns, lengths) => {
    const split = splitColumns(range(n), columns)
    expect(split.map((c) => c.length)).toEqual(lengths)
    expect(split.flat()).toEqual(range(n))
  })

  it.each([
    ['Alsace', 'A'],
    ['élégance', 'E'],
    ['Île de Beauté', 'I'],
    ['"Quoted" title', 'Q'],
    ['1er cru', '1'],
    ['', ''],
  ])('groups %j under %j', (title, letter) => {
    expect(firstLetter(title)).toBe(letter)
  })

  it('leaves a gap where the first letter changes, never at the top of a column', () => {
    const layout = indexLayout(
      ['Alsace', 'Anjou', 'Bordeaux', 'Bourgogne', 'Cahors', 'Chablis'],
      (t) => t,
      2,
    )
    expect(layout.map((c) => c.items.map((i) => [i.item, i.gapBefore]))).toEqual([
      [
        ['Alsace', false],
        ['Anjou', false],
        ['Bordeaux', true],
      ],
      [
        ['Bourgogne', false],
        ['Cahors', true],
        ['Chablis', false],
      ],
    ])
  })

  it('treats accented and plain letters as one group', () => {
    const [column] = indexLayout(['Emilia', 'Étna', 'Entre-deux-Mers'], (t) => t, 1)
    expect(column!.items.map((i) => i.gapBefore)).toEqual([false, false, false])
  })

  it('puts the slider after item 5, 10 and 7 of columns 1, 2 and 3', () => {
    const layout = indexLayout(range(36), String, 3)
    expect(layout.map((c) => c.sliderAfter)).toEqual([5, 10, 7])
  })

  it('has no slider in a column shorter than its position, nor beyond the third column', () => {
    // 4 columns of 8: the second column is shorter than 10, the fourth has no position.
    expect(indexLayout(range(32), String, 4).map((c) => c.sliderAfter)).toEqual([5, null, 7, null])
    expect(indexLayout(range(9), String, 3).map((c) => c.sliderAfter)).toEqual([null, null, null])
    // Exactly 5 items in the first column: the slider closes it.
    expect(indexLayout(range(5), String, 1).map((c) => c.sliderAfter)).toEqual([5])
  })
})
