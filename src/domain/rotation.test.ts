import { describe, expect, it } from 'vitest'
import { ROTATION_SECONDS, nextIndex, randomIndex } from './rotation'

const fixed = (value: number) => () => value

describe('nextIndex: never the same entry twice in a row', () => {
  it('rotates every 15 seconds', () => {
    expect(ROTATION_SECONDS).toBe(15)
  })

  it.each([
    // current, length, random, expected
    [0, 1, 0, 0],
    [0, 1, 0.99, 0],
    [-1, 1, 0.5, 0],
  ])('length 1: nextIndex(%i, %i) with random %f → %i', (current, length, random, expected) => {
    expect(nextIndex(current, length, fixed(random))).toBe(expected)
  })

  it.each([
    [0, 0],
    [3, 0],
    [0, -2],
  ])('nothing to show: nextIndex(%i, %i) → -1', (current, length) => {
    expect(nextIndex(current, length, fixed(0.5))).toBe(-1)
  })

  it.each([
    // With 4 entries and current 1 the others are 0, 2, 3: random splits [0, 1) in thirds.
    [1, 4, 0, 0],
    [1, 4, 0.33, 0],
    [1, 4, 0.34, 2],
    [1, 4, 0.66, 2],
    [1, 4, 0.67, 3],
    [1, 4, 0.999, 3],
    [0, 2, 0, 1],
    [0, 2, 0.999, 1],
    [1, 2, 0, 0],
    [1, 2, 0.999, 0],
    [3, 4, 0.999, 2],
    [0, 4, 0, 1],
  ])('nextIndex(%i, %i) with random %f → %i', (current, length, random, expected) => {
    expect(nextIndex(current, length, fixed(random))).toBe(expected)
  })

  it.each([
    [-1, 4, 0, 0],
    [-1, 4, 0.5, 2],
    [-1, 4, 0.999, 3],
    [7, 4, 0.3, 1],
    [1.5, 4, 0.3, 1],
  ])(
    'first pick (current %s not an index of %i) with random %f → %i',
    (current, length, random, expected) => {
      expect(nextIndex(current, length, fixed(random))).toBe(expected)
    },
  )

  it('stays in range when random returns 1', () => {
    expect(nextIndex(0, 3, fixed(1))).toBe(2)
    expect(nextIndex(2, 3, fixed(1))).toBe(1)
    expect(nextIndex(-1, 3, fixed(1))).toBe(2)
  })

  it('covers every other index exactly once over an even grid of random values', () => {
    for (let length = 2; length <= 6; length++) {
      for (let current = 0; current < length; current++) {
        const seen = Array.from({ length: length - 1 }, (_, k) =>
          nextIndex(current, length, fixed((k + 0.5) / (length - 1))),
        )
        const expected = Array.from({ length }, (_, i) => i).filter((i) => i !== current)
        expect(seen.sort((a, b) => a - b)).toEqual(expected)
      }
    }
  })

  it('with Math.random never repeats and reaches all other entries', () => {
    const counts = [0, 0, 0, 0, 0]
    let current = 2
    for (let i = 0; i < 2000; i++) {
      const next = nextIndex(current, 5)
      expect(next).not.toBe(current)
      expect(next).toBeGreaterThanOrEqual(0)
      expect(next).toBeLessThan(5)
      counts[next]! += 1
      current = next
    }
    expect(counts.every((c) => c > 0)).toBe(true)
  })
})

describe('randomIndex: a uniform index below the count', () => {
  it.each<[number, number, number]>([
    [4, 0, 0],
    [4, 0.24, 0],
    [4, 0.25, 1],
    [4, 0.99, 3],
    [4, 1, 3],
    [4, 1.5, 3],
    [4, -0.1, 0],
    [1, 0.7, 0],
  ])('%i entries, random() %f → %i', (count, value, index) => {
    expect(randomIndex(count, fixed(value))).toBe(index)
  })
})
