// @vitest-environment node
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import browserslistToEsbuild from 'browserslist-to-esbuild'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { oldestTargets, unsupportedIn } from '../eslint.config.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  browserslist: string[]
}

/** Lints `code` as if it were a shipped module (src/), with the project's real config. */
async function lint(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT })
  const [result] = await eslint.lintText(code, {
    filePath: resolve(ROOT, 'src/services/browser-target-probe.ts'),
  })
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`)
}

/** The browser target: package.json's browserslist, followed by the build and the lint. */
describe('browser target', () => {
  it('Safari and iOS 16.4 are the oldest Apple targets, as docs/embedding.md says', () => {
    expect(pkg.browserslist).toEqual(expect.arrayContaining(['Safari >= 16.4', 'iOS >= 16.4']))
    expect(oldestTargets()).toMatchObject({ safari: '16.4', safari_ios: '16.4' })
    const embedding = readFileSync(resolve(ROOT, 'docs/embedding.md'), 'utf8')
    expect(embedding).toMatch(/Safari \(macOS\), iOS\/iPadOS \| 16\.4 and later/)
  })

  it('the library build targets the same list', () => {
    const target = browserslistToEsbuild(undefined, { path: ROOT })
    expect(target).toEqual(expect.arrayContaining(['safari16.4', 'ios16.4']))
    expect(target.some((t) => t.startsWith('firefox'))).toBe(true)
    expect(readFileSync(resolve(ROOT, 'vite.config.ts'), 'utf8')).toContain(
      'target: browserslistToEsbuild(undefined, { path: root })',
    )
  })

  it('knows which static members the oldest Safari lacks', () => {
    expect(unsupportedIn('AbortSignal', 'any').sort()).toEqual(
      ['Safari 16.4', 'iOS Safari 16.4'].sort(),
    )
    expect(unsupportedIn('AbortSignal', 'timeout')).toEqual([])
    expect(unsupportedIn('Promise', 'withResolvers')).toContain('Safari 16.4')
    expect(unsupportedIn('Object', 'keys')).toEqual([])
  })

  it('fails the lint on AbortSignal.any without a fallback', async () => {
    const messages = await lint(
      'export const both = (a: AbortSignal, b: AbortSignal) => AbortSignal.any([a, b])\n',
    )
    expect(messages).toEqual([
      expect.stringMatching(
        /^local\/static-api-target: AbortSignal\.any is not supported in .*\bSafari 16\.4/,
      ),
    ])
  }, 30_000)

  it('accepts it behind a check, and flags a global Safari lacks', async () => {
    const messages = await lint(
      [
        'export const a = (x: AbortSignal, y: AbortSignal) =>',
        "  'any' in AbortSignal ? AbortSignal.any([x, y]) : x",
        'export const b = (x: AbortSignal, y: AbortSignal) =>',
        "  typeof AbortSignal.any === 'function' ? AbortSignal.any([x, y]) : x",
        'export const c = AbortSignal.timeout(5)',
        'export const d = requestIdleCallback(() => undefined)',
        '',
      ].join('\n'),
    )
    expect(messages).toEqual([expect.stringMatching(/^compat\/compat: requestIdleCallback/)])
  }, 30_000)
})
