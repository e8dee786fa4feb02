import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/**
 * Which text namespaces each widget needs, read from its code: the names its components give to
 * `useTranslation(…)` (or, in a widget drawn without React, to `textsFor(…)`), in the widget's folder and in every module it imports from the project
 * (a cart imports the login panel, so it needs `login`). Components name their namespaces once,
 * there; the build groups them into text files from this (vite.config.ts, `wine-texts`).
 */

const SOURCE = /\.(tsx?)$/
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g
const USE_TRANSLATION = /\b(?:useTranslation|textsFor)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g
const NAME = /['"]([\w-]+)['"]/g

/** A source without its comments (a call shown in a doc comment names nothing). */
const withoutComments = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')

/** The namespaces named by `useTranslation` calls in one source text. */
export function namespacesIn(source: string): string[] {
  const found = new Set<string>()
  for (const [, arg = ''] of withoutComments(source).matchAll(USE_TRANSLATION))
    for (const [, ns = ''] of arg.matchAll(NAME)) found.add(ns)
  return [...found]
}

/** The project file a relative import names (`./x` → `./x.ts`, `./x.tsx` or `./x/index.ts`). */
function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile())
      return candidate
  return null
}

/** Every source module reachable from `entries` through relative imports (tests excepted). */
function reachable(entries: readonly string[]): string[] {
  const seen = new Set<string>()
  const queue = [...entries]
  while (queue.length > 0) {
    const file = queue.pop()
    if (file === undefined || seen.has(file) || /\.test\.tsx?$/.test(file)) continue
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const [, spec = ''] of source.matchAll(IMPORT)) {
      const target = resolveImport(file, spec)
      if (target) queue.push(target)
    }
  }
  return [...seen]
}

/** The namespaces a widget's code names: `widgets/<name>/index.ts` and all it imports. */
export function widgetNamespaces(root: string, widget: string): string[] {
  const dir = join(root, 'widgets', widget)
  const entries = readdirSync(dir)
    .filter((f) => SOURCE.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f))
  const found = new Set<string>()
  for (const file of reachable(entries))
    for (const ns of namespacesIn(readFileSync(file, 'utf8'))) found.add(ns)
  return [...found].sort()
}

/** Every widget folder's name (the folder is the widget's `data-widget` name). */
export const widgetNames = (root: string): string[] =>
  readdirSync(join(root, 'widgets'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
