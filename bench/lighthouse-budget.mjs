/**
 * The Lighthouse budget's rule (bench/budget.json `lighthouse`), apart from the runner so a unit
 * test can hold it without loading Lighthouse (build/bench-budget.test.ts).
 */
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-')

/**
 * Every Lighthouse figure outside `budget` (budget.json's `lighthouse`, or its `targets`), as
 * readable lines. Times and the score are judged as ratios to the naive build of the same run (a
 * slower or busier machine moves both); bytes and CLS, which do not depend on the machine, are
 * also judged as they are. A TBT at most `tbtFloorMs` passes whatever naive's: below it a ratio of
 * two small, noisy figures says nothing. A score of 100 passes any score ratio: no page can score
 * more, so a ratio above naive's 96 (1.04) would ask for the impossible.
 */
export function lighthouseProblems(budget, { pages }) {
  if (!budget) return []
  const problems = []
  const atMost = (v, l) => v <= l
  const floor = budget.tbtFloorMs ?? 0
  // figure, budget key, label, decimals, the check a figure must pass
  const checks = [
    [
      'scoreRatio',
      'minScoreRatio',
      'score × naive',
      2,
      (v, l, page) => v >= l || page.score >= 100,
    ],
    ['lcpRatio', 'maxLcpRatio', 'LCP × naive', 2, atMost],
    ['tbtRatio', 'maxTbtRatio', 'TBT × naive', 2, (v, l, page) => v <= l || page.tbtMs <= floor],
    ['cls', 'maxCls', 'CLS', 3, atMost],
    ['libraryKB', 'maxLibraryKB', 'library KB', 1, atMost],
    ['bytesRatio', 'maxBytesRatio', 'library bytes × naive', 2, atMost],
  ]
  for (const page of pages) {
    const rule = { ...budget.default, ...budget.pages?.[page.path] }
    for (const [figure, key, label, digits, passes] of checks) {
      const value = page[figure]
      if (rule[key] !== undefined && !(Number.isFinite(value) && passes(value, rule[key], page)))
        problems.push(`lighthouse ${page.path}: ${label} ${fmt(value, digits)} vs ${rule[key]}`)
    }
  }
  return problems
}
