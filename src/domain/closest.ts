/**
 * "Did you mean": the known name closest to a misspelt one. Names an editor or integrator types
 * (a tag's attributes, the config block's keys) are short, so a plain edit distance is enough.
 */

/** How many single-character edits (insert, delete, replace) turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (const [i, ca] of Array.from(a).entries()) {
    const current = [i + 1]
    for (const [j, cb] of Array.from(b).entries()) {
      current.push(
        Math.min(
          (previous[j + 1] ?? 0) + 1,
          (current[j] ?? 0) + 1,
          (previous[j] ?? 0) + (ca === cb ? 0 : 1),
        ),
      )
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

/** Typos worth a "did you mean": at most this many edits away (`data-intervall`, `algola`). */
export const MAX_TYPO_DISTANCE = 2

/**
 * The known name nearest to `name` within `MAX_TYPO_DISTANCE` edits (the first listed on a tie),
 * or null when none is that close (then it is not a typo of ours: a host's own attribute).
 * Case is ignored: `publishablekey` is a typo of `publishableKey`.
 */
export function closest(name: string, known: readonly string[]): string | null {
  let best: string | null = null
  let bestDistance = MAX_TYPO_DISTANCE + 1
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}
