/**
 * The run's contract coverage: a vitest reporter (vite.config.ts) that gathers what each test file
 * recorded (mocks/vitest-setup.ts: the operations its calls exercised, the pending drifts it saw)
 * and, on a run of the whole suite, fails it when an operation of contract/openapi.yaml was never
 * called, or when a pending drift (./contract-pending.ts) is no longer seen and can go. A run of
 * some files only reports the figures.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Reporter, TestModule, Vitest } from 'vitest/node'
import type { ContractRecord } from './contract-check'

/** The key of the file task's meta where the setup leaves the file's record. */
export const CONTRACT_META = 'contract'

declare module 'vitest' {
  interface TaskMeta {
    [CONTRACT_META]?: ContractRecord
  }
}

export default class ContractCoverage implements Reporter {
  private vitest: Vitest | undefined

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  async onTestRunEnd(testModules: readonly TestModule[]): Promise<void> {
    const { ContractCheck } = await import('./contract-check')
    const { PENDING_DRIFT } = await import('./contract-pending')
    const root = this.vitest?.config.root ?? process.cwd()
    const text = readFileSync(join(root, 'contract/openapi.yaml'), 'utf8')
    const operations = new ContractCheck(text).operations()
    const covered = new Set<string>()
    const pendingSeen = new Set<string>()
    for (const module of testModules) {
      const record = module.meta()[CONTRACT_META]
      record?.covered.forEach((op) => covered.add(op))
      record?.pending.forEach((p) => pendingSeen.add(p))
    }
    const missing = operations.filter((op) => !covered.has(op))
    const staleDrift = PENDING_DRIFT.filter(
      (d) => ![...pendingSeen].some((seen) => seen.startsWith(`${d.operation} ${d.part}`)),
    )
    const whole = await this.isWholeSuite(testModules)
    const out = process.stdout
    out.write(
      `\n contract: ${operations.length - missing.length} of ${operations.length} operations ` +
        `exercised${whole ? '' : ' (some files only: not checked)'}\n`,
    )
    for (const d of PENDING_DRIFT)
      if (!staleDrift.includes(d)) out.write(`   pending drift, ${d.operation}: ${d.reason}\n`)
    if (!whole) return
    const problems = [
      ...missing.map((op) => `   never called by the unit run: ${op}`),
      ...staleDrift.map(
        (d) =>
          `   pending drift no longer seen, remove it from mocks/contract-pending.ts: ${d.operation}`,
      ),
    ]
    if (problems.length === 0) return
    out.write(`${problems.join('\n')}\n`)
    process.exitCode = 1
  }

  /** Whether every test file of every project ran, every test of them selected. */
  private async isWholeSuite(testModules: readonly TestModule[]): Promise<boolean> {
    const vitest = this.vitest
    if (!vitest || vitest.config.testNamePattern || vitest.config.shard) return false
    const all = await vitest.globTestSpecifications()
    const ran = new Set(testModules.map((m) => `${m.project.name}:${m.moduleId}`))
    return all.every((spec) => ran.has(`${spec.project.name}:${spec.moduleId}`))
  }
}
