/**
 * Random choice of the sommelier's suggestion cards ("2 random hits per
 * dish line", "at most 2 search hits per suggestion").
 */
import { randomIndex } from './rotation'

/** Search hits shown under one line of the sommelier's structured answer. */
export const HITS_PER_SUGGESTION = 2

/**
 * Up to `count` distinct items of `items`, chosen uniformly at random (a partial Fisher–Yates
 * shuffle of a copy: the input is never changed). Fewer items than `count` gives all of them,
 * in random order. `random` returns a number in [0, 1) like `Math.random`; tests pass a fixed one.
 */
export function pickRandom<T>(
  items: readonly T[],
  count: number,
  random: () => number = Math.random,
): T[] {
  const pool = [...items]
  const n = Math.max(0, Math.min(Math.floor(count), pool.length))
  for (let i = 0; i < n; i += 1) {
    const j = i + randomIndex(pool.length - i, random)
    const swap = pool[i] as T
    pool[i] = pool[j] as T
    pool[j] = swap
  }
  return pool.slice(0, n)
}
