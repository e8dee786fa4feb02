/**
 * The index widget's layout (spec sections 2 and 9): entries sorted by title, split into equal
 * columns, a blank gap where the first letter changes, and a slider after item 5 of the first
 * column, 10 of the second and 7 of the third.
 */

import { DEFAULT_INDEX_COLUMNS } from './editorial-constants'

/** Spec 9: the slider comes after item 5 (first column), 10 (second) and 7 (third). */
export const SLIDER_AFTER = [5, 10, 7] as const

/**
 * The letter an entry is grouped under: the first letter or digit of the title, upper case,
 * without accents ("Élégance" → "E"). Leading quotes or punctuation are skipped.
 */
export function firstLetter(title: string): string {
  const match = /[\p{L}\p{N}]/u.exec(title.normalize('NFD'))
  return match ? match[0].toLocaleUpperCase('en') : ''
}

/** Split `items` into `columns` columns of equal length (the last ones may be shorter). */
export function splitColumns<T>(items: readonly T[], columns: number): T[][] {
  const count = Math.max(1, Math.floor(columns))
  const size = Math.ceil(items.length / count)
  return Array.from({ length: count }, (_, c) => items.slice(c * size, (c + 1) * size))
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
 * The full layout. Gaps mark a change of first letter inside a column; the top of a column
 * never starts with a blank.
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
