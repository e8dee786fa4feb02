import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The node project runs its files without isolation (vite.config.ts): a file that replaces a
 * module would do it for the files after it in the same worker, or find the module already
 * loaded unreplaced. Such files are `*.isolated.test.ts`, run in a project of their own.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const DIRS = ['src', 'widgets', 'mount', 'mocks', 'fixtures', 'build']
const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path)
    return entry.name.endsWith('.test.ts') && !entry.name.endsWith('.isolated.test.ts')
      ? [path]
      : []
  })
}

describe('node test files without isolation', () => {
  it('replace no module (those are *.isolated.test.ts)', () => {
    const offending = DIRS.flatMap((dir) => testFiles(join(root, dir)))
      .filter((file) => file !== fileURLToPath(import.meta.url))
      .filter((file) => REPLACES_MODULES.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
    expect(offending).toEqual([])
  })
})
