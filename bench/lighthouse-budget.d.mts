/** A page's medians as bench/lighthouse.mjs measures them, with its ratios to the naive build. */
export interface MeasuredPage {
  path: string
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  libraryKB: number
  scoreRatio: number
  lcpRatio: number
  tbtRatio: number
  bytesRatio: number
}

/** A rule set of bench/budget.json's `lighthouse` (or its `targets`). */
export interface LighthouseBudget {
  tbtFloorMs?: number
  default?: Record<string, number>
  pages?: Record<string, Record<string, number>>
}

export function lighthouseProblems(
  budget: LighthouseBudget | undefined,
  measured: { pages: MeasuredPage[] },
): string[]
