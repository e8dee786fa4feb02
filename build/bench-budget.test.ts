import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { lighthouseProblems } from '../bench/lighthouse-budget.mjs'

const budget = JSON.parse(readFileSync(new URL('../bench/budget.json', import.meta.url), 'utf8'))

/** A measured page: ours and naive's medians, with the ratios bench/lighthouse.mjs computes. */
function page(path: string, ours: Figures, naive: Figures) {
  return {
    path,
    ...ours,
    naive,
    scoreRatio: ours.score / naive.score,
    lcpRatio: ours.lcpMs / naive.lcpMs,
    tbtRatio: ours.tbtMs / naive.tbtMs,
    bytesRatio: ours.libraryKB / naive.libraryKB,
  }
}
interface Figures {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  libraryKB: number
}

const naiveFast = { score: 98, lcpMs: 1200, tbtMs: 120, cls: 0, libraryKB: 200 }
const naiveSlow = { score: 71, lcpMs: 3400, tbtMs: 900, cls: 0, libraryKB: 200 }

describe('the Lighthouse budget: ahead of the naive build of the same run', () => {
  it('passes a page ahead of naive on a slow machine, whatever its absolute figures', () => {
    const ours = { score: 74, lcpMs: 3100, tbtMs: 610, cls: 0, libraryKB: 130 }
    expect(
      lighthouseProblems(budget.lighthouse, { pages: [page('/fr/', ours, naiveSlow)] }),
    ).toEqual([])
  })

  it('fails a page behind naive on a fast machine, whatever its absolute figures', () => {
    const ours = { score: 96, lcpMs: 1300, tbtMs: 150, cls: 0, libraryKB: 130 }
    expect(
      lighthouseProblems(budget.lighthouse, { pages: [page('/fr/', ours, naiveFast)] }),
    ).toEqual([
      'lighthouse /fr/: score × naive 0.98 vs 1',
      'lighthouse /fr/: LCP × naive 1.08 vs 1',
      'lighthouse /fr/: TBT × naive 1.25 vs 1',
    ])
  })

  it('lets a TBT under the floor pass whatever naive measured', () => {
    const ours = { score: 99, lcpMs: 1000, tbtMs: 40, cls: 0, libraryKB: 130 }
    const naive = { ...naiveFast, tbtMs: 10 }
    expect(lighthouseProblems(budget.lighthouse, { pages: [page('/fr/', ours, naive)] })).toEqual(
      [],
    )
  })

  it('lets a score of 100 meet any score target: no page scores more', () => {
    const naive = { ...naiveFast, score: 96 }
    const top = { score: 100, lcpMs: 1000, tbtMs: 40, cls: 0, libraryKB: 130 }
    const below = { ...top, score: 99 }
    const targets = { pages: { '/en/cart#empty': { minScoreRatio: 1.05 } } }
    expect(lighthouseProblems(targets, { pages: [page('/en/cart#empty', top, naive)] })).toEqual([])
    expect(lighthouseProblems(targets, { pages: [page('/en/cart#empty', below, naive)] })).toEqual([
      'lighthouse /en/cart#empty: score × naive 1.03 vs 1.05',
    ])
  })

  it('judges bytes and layout shift as they are', () => {
    const ours = { score: 99, lcpMs: 1000, tbtMs: 40, cls: 0.2, libraryKB: 180 }
    expect(
      lighthouseProblems(budget.lighthouse, { pages: [page('/fr/', ours, naiveFast)] }),
    ).toEqual([
      'lighthouse /fr/: CLS 0.200 vs 0.01',
      'lighthouse /fr/: library KB 180.0 vs 152.4',
      'lighthouse /fr/: library bytes × naive 0.90 vs 0.68',
    ])
  })
})
