/**
 * The carousel's layout by number of wines: more than 4 scroll inside a maximum
 * height, exactly 4 are justified between, fewer are spaced evenly.
 */
export type CarouselLayout = 'scroll' | 'between' | 'evenly' | 'empty'

/** The number of wines at which the carousel switches layout. */
export const CAROUSEL_FULL_ROW = 4

export function carouselLayout(count: number): CarouselLayout {
  if (!Number.isFinite(count) || count <= 0) return 'empty'
  if (count > CAROUSEL_FULL_ROW) return 'scroll'
  if (count === CAROUSEL_FULL_ROW) return 'between'
  return 'evenly'
}
