/**
 * Random rotation for the quotes and the slider: every 15 s another entry,
 * chosen at random, never the same one twice in a row.
 */

/** Seconds between two entries ("Slider and quotes rotation 15 s"). */
export const ROTATION_SECONDS = 15

/**
 * An index below `count` (at least 1), chosen uniformly with `random` (a number in [0, 1) like
 * `Math.random`). Clamped, so a `random()` that returns exactly 1 (or noise beyond) still gives the
 * last index and one below 0 the first.
 */
export function randomIndex(count: number, random: () => number = Math.random): number {
  return Math.min(count - 1, Math.max(0, Math.floor(random() * count)))
}

/**
 * The index to show after `current` among `length` entries.
 *
 * - `length` 1 → 0 (the only entry); `length` 0 or less → -1 (there is nothing to show).
 * - `length` > 1 and `current` a valid index → one of the OTHER indices, each with probability
 *   1 / (length − 1); `current` is never returned.
 * - `current` outside 0…length−1 (e.g. -1 before the first pick) → any index, uniformly.
 *
 * `random` returns a number in [0, 1) like `Math.random`; tests pass a fixed one.
 */
export function nextIndex(
  current: number,
  length: number,
  random: () => number = Math.random,
): number {
  if (!Number.isInteger(length) || length <= 0) return -1
  if (length === 1) return 0
  const valid = Number.isInteger(current) && current >= 0 && current < length
  const choices = valid ? length - 1 : length
  const pick = randomIndex(choices, random)
  if (!valid) return pick
  // Skip over `current`: picks 0…current−1 stay, picks current…length−2 shift up by one.
  return pick >= current ? pick + 1 : pick
}
