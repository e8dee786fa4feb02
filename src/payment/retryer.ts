/**
 * The backoff every retried call of the checkout shares (the steps after the charge, the
 * shipping quote): 1, 2, 4, 8, 16, then 30 s. A failure is never retried at once, so a back
 * office that is down is not hammered, and never waits longer than 30 s, so a shopper watching
 * the page sees it recover soon after the service does.
 */
export const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const

/** The wait after `failures` failures in a row (at least 1); past the table, its last wait. */
export const backoffDelay = (failures: number, delays: readonly number[] = BACKOFF_MS): number =>
  delays[Math.max(failures, 1) - 1] ?? delays[delays.length - 1] ?? 0

export interface Retryer {
  /** Tries failed in a row since the last success (or `reset`). */
  failures(): number
  /** The wait before the next try, or undefined when the tries are spent. */
  nextDelay(): number | undefined
  /** Counts a failure and waits `nextDelay()`, or less if `wake` is called meanwhile. */
  pause(): Promise<void>
  /** A try succeeded: the next failure waits the first delay again. */
  reset(): void
  /** Ends the current wait at once (the shopper's "Try again now", or a stop). */
  wake(): void
}

/** A retryer that gives up after the last of `delays` (the next page load tries again). */
export function createRetryer(
  delays: readonly number[],
  sleep: (ms: number) => Promise<void>,
): Retryer {
  let failures = 0
  let wake: (() => void) | null = null
  return {
    failures: () => failures,
    nextDelay: () => delays[failures],
    async pause() {
      const ms = delays[failures] ?? 0
      failures += 1
      await Promise.race([sleep(ms), new Promise<void>((resolve) => (wake = resolve))])
      wake = null
    },
    reset: () => {
      failures = 0
    },
    wake: () => wake?.(),
  }
}
