import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TestModule, Vitest } from 'vitest/node'
import contractText from '../contract/openapi.yaml?raw'
import { ContractCheck } from './contract-check'
import ContractCoverage from './contract-coverage'
import { PENDING_DRIFT } from './contract-pending'

const operations = new ContractCheck(contractText).operations()
const allDrift = PENDING_DRIFT.map((d) => `${d.operation} ${d.part}`)

/** A test module of the run as the reporter reads it: its project, file and recorded meta. */
const module = (file: string, covered: string[], pending: string[] = allDrift) =>
  // The reporter reads these three members only; a whole TestModule needs a real run.
  ({
    project: { name: 'node' },
    moduleId: file,
    meta: () => ({ contract: { covered, pending } }),
  }) as unknown as TestModule

/** The files vitest would run, and whether the run was narrowed by a test name. */
function reporter(files: string[], testNamePattern?: RegExp) {
  const coverage = new ContractCoverage()
  // The reporter reads the config and the list of every test file; nothing else of Vitest.
  coverage.onInit({
    config: { root: process.cwd(), testNamePattern },
    globTestSpecifications: () =>
      Promise.resolve(files.map((moduleId) => ({ project: { name: 'node' }, moduleId }))),
  } as unknown as Vitest)
  return coverage
}

describe('the contract coverage of the unit run', () => {
  const exitCode = process.exitCode
  afterEach(() => {
    process.exitCode = exitCode
  })

  function run(coverage: ContractCoverage, modules: TestModule[]) {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    process.exitCode = undefined
    return coverage.onTestRunEnd(modules).then(() => ({
      text: out.mock.calls.map(([chunk]) => String(chunk)).join(''),
      failed: process.exitCode === 1,
    }))
  }

  it('passes a whole run that called every operation', async () => {
    const result = await run(reporter(['a', 'b']), [
      module('a', operations.slice(0, 5)),
      module('b', operations.slice(5)),
    ])
    expect(result.failed).toBe(false)
    expect(result.text).toContain(`${operations.length} of ${operations.length} operations`)
  })

  it('fails a whole run that never called an operation, and names it', async () => {
    const result = await run(reporter(['a']), [module('a', operations.slice(1))])
    expect(result.failed).toBe(true)
    expect(result.text).toContain(`never called by the unit run: ${operations[0]}`)
  })

  it('fails a whole run once a pending drift is no longer seen', async () => {
    const result = await run(reporter(['a']), [module('a', operations, [])])
    expect(result.failed).toBe(PENDING_DRIFT.length > 0)
  })

  it('only reports a run of some files, or of some tests', async () => {
    const some = await run(reporter(['a', 'b']), [module('a', [])])
    expect(some.failed).toBe(false)
    expect(some.text).toContain('some files only: not checked')
    const named = await run(reporter(['a'], /grape/), [module('a', [])])
    expect(named.failed).toBe(false)
  })
})
