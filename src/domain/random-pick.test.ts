import { describe, expect, it } from 'vitest'
import { HITS_PER_SUGGESTION, pickRandom } from './random-pick'

/** A random() that returns the given values in turn. */
const sequence = (...values: number[]) => {
  let i = 0
  return () => values[i++ % values.length]!
}

describe('pickRandom (at most 2 search hits per suggestion)', () => {
  it('shows 2 hits per suggestion', () => {
    expect(HITS_PER_SUGGESTION).toBe(2)
  })

  it.each([
    { random: [0, 0], expected: ['a', 'b'] },
    { random: [0.99, 0.99], expected: ['e', 'a'] },
    { random: [0.5, 0], expected: ['c', 'b'] },
    { random: [1, 1], expected: ['e', 'a'] },
  ])('picks $expected with random() = $random', ({ random, expected }) => {
    expect(pickRandom(['a', 'b', 'c', 'd', 'e'], 2, sequence(...random))).toEqual(expected)
  })

  it('never picks the same item twice and only items of the list', () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const picked = pickRandom([1, 2, 3, 4], 2, sequence((seed * 0.137) % 1, (seed * 0.71) % 1))
      expect(picked).toHaveLength(2)
      expect(new Set(picked).size).toBe(2)
      for (const p of picked) expect([1, 2, 3, 4]).toContain(p)
    }
  })

  it('gives every item when there are fewer than asked, and nothing from nothing', () => {
    expect(pickRandom(['only'], 2, () => 0.3)).toEqual(['only'])
    expect(pickRandom([], 2)).toEqual([])
    expect(pickRandom(['a', 'b'], 0)).toEqual([])
    expect(pickRandom(['a', 'b'], -1)).toEqual([])
  })

  it('leaves the list it was given unchanged', () => {
    const list = ['a', 'b', 'c']
    pickRandom(list, 2, () => 0.9)
    expect(list).toEqual(['a', 'b', 'c'])
  })

  it('spreads its choices over the whole list', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 200; i += 1)
      for (const p of pickRandom(['a', 'b', 'c', 'd'], 2)) seen.add(p)
    expect([...seen].sort()).toEqual(['a', 'b', 'c', 'd'])
  })
})
