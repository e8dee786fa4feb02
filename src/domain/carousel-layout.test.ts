import { describe, expect, it } from 'vitest'
import { CAROUSEL_FULL_ROW, carouselLayout } from './carousel-layout'

describe('carouselLayout (>4 scroll, exactly 4 justify between, fewer evenly)', () => {
  it('switches at 4 wines', () => {
    expect(CAROUSEL_FULL_ROW).toBe(4)
  })

  it.each([
    [0, 'empty'],
    [-1, 'empty'],
    [Number.NaN, 'empty'],
    [1, 'evenly'],
    [3, 'evenly'],
    [4, 'between'],
    [5, 'scroll'],
    [6, 'scroll'],
    [40, 'scroll'],
  ])('%d wines → %s', (count, layout) => {
    expect(carouselLayout(count)).toBe(layout)
  })
})
