/**
 * The index widget's layout: entries sorted by title, split into equal
 * columns (sizes differ by at most one, longer first, never an empty column while entries
 * remain), a blank gap where the first letter changes, and a slider after item 5 of the first
 * column, 10 of the second and 7 of the third.
 */

import { DEFAULT_INDEX_COLUMNS } from './editorial-constants'
import { wholeCount } from './to-number'

/** The slider comes after item 5 (first column), 10 (second) and 7 (third). */
export const SLIDER_AFTER = [5, 10, 7] as const

/**
 * The letter an entry is grouped under: the first letter or digit of the title, upper case,
 * without accents ("Élégance" → "E"). Leading quotes or punctuation are skipped.
 */
export function firstLetter(title: string): string {
  const match = /[\p{L}\p{N}]/u.exec(title.normalize('NFD'))
  return match ? match[0].toLocaleUpperCase('en') : ''
}

/**
 * The length of each column for `count` entries over at most `columns` columns: 9 over 4 gives
 * [3, 2, 2, 2], 7 over 6 gives [2, 1, 1, 1, 1, 1], 7 over 3 gives [3, 2, 2], 2 over 3 gives
 * [1, 1] and 0 entries give no column at all. A column count below 1 (or not a number) is 1.
 */
export function columnSizes(count: number, columns: number): number[] {
  const total = wholeCount(count)
  const wanted = Number.isFinite(columns) ? Math.max(1, Math.floor(columns)) : 1
  const used = Math.min(wanted, total)
  if (used === 0) return []
  const base = Math.floor(total / used)
  const longer = total % used
  return Array.from({ length: used }, (_, c) => (c < longer ? base + 1 : base))
}

/** `items` in order, cut into the columns `columnSizes` gives. */
export function splitColumns<T>(items: readonly T[], columns: number): T[][] {
  let start = 0
  return columnSizes(items.length, columns).map((size) => {
    const column = items.slice(start, start + size)
    start += size
    return column
  })
}

export interface IndexItem<T> {
  item: T
  /** A blank gap goes before this item: its first letter differs from the previous entry's. */
  gapBefore: boolean
}

export interface IndexColumn<T> {
  items: IndexItem<T>[]
  /**
   * How many items come before the slider of this column; null when the column has none (a
   * column beyond the third, or one shorter than its position: the slider never floats after
   * a short column's last item).
   */
  sliderAfter: number | null
}

/**
 * The full layout over balanced columns. Gaps mark a change of first letter inside a column (the
 * top of a column never starts with a blank); a column gets its slider only when it is at least
 * as long as its position, so the slider never floats after a short column's last item.
 */
export function indexLayout<T>(
  items: readonly T[],
  titleOf: (item: T) => string,
  columns: number = DEFAULT_INDEX_COLUMNS,
): IndexColumn<T>[] {
  return splitColumns(items, columns).map((column, c) => {
    let previous = ''
    const withGaps = column.map((item, i) => {
      const letter = firstLetter(titleOf(item))
      const gapBefore = i > 0 && letter !== previous
      previous = letter
      return { item, gapBefore }
    })
    const position = SLIDER_AFTER[c]
    return {
      items: withGaps,
      sliderAfter: position !== undefined && column.length >= position ? position : null,
    }
  })
}
