import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsFiles } from '../mount/catalogue'
import { CHUNK_PLAN } from './chunk-plan'
import { COMPILE_HINT } from './compile-hints'

/**
 * The library's chunk graph (vite.config.ts `chunkOf`), read from the build manifest of a real
 * build. A cycle between chunks is a defect even when the code runs: the build then lists a
 * chunk's stylesheet after its dependant's, and the widgets' baseline (mount/baseline.css, in the
 * core's stylesheet) overrides the widgets' own rules of the same weight. It moved the header at
 * load on every page (CLS 0.03) when a module the core imports was placed in the site chunk.
 */
interface ManifestChunk {
  file: string
  name?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}

const root = fileURLToPath(new URL('..', import.meta.url))
let outDir = ''
let manifest: Record<string, ManifestChunk> = {}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'wine-chunks-'))
  // The production build, as `npm run build` makes it: vitest runs with NODE_ENV=test, which
  // would give React's development code to the chunks measured here.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      logLevel: 'silent',
      // Maps: which source modules each chunk holds (the chunk plan's test).
      build: { outDir, emptyOutDir: true, sourcemap: 'hidden' },
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
}, 120_000)

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true })
})

/** The chunks `key` imports statically, directly or through others. */
function reached(key: string): Set<string> {
  const seen = new Set<string>()
  const queue = [...(manifest[key]?.imports ?? [])]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue
    seen.add(next)
    queue.push(...(manifest[next]?.imports ?? []))
  }
  return seen
}

describe('the chunk graph', () => {
  it('has no cycle of static imports', () => {
    const cycles = Object.keys(manifest).filter((key) => reached(key).has(key))
    expect(cycles.map((key) => manifest[key]?.file)).toEqual([])
  })

  it('puts the page base (its stylesheet holds the baseline) before every chunk that needs it', () => {
    const base = Object.keys(manifest).find(
      (key) => /(^|\/)_?page-base-/.test(key) && manifest[key]?.file.endsWith('.js'),
    )
    expect(base).toBeDefined()
    const baseCss = manifest[base!]?.css ?? []
    expect(baseCss).toHaveLength(1)
    // What the page base needs never needs it: its stylesheet is listed first.
    for (const dependency of reached(base!)) expect(reached(dependency).has(base!)).toBe(false)
  })

  it('gives every widget, React or not, the baseline before its own stylesheet', () => {
    const base = Object.values(manifest).find((c) => c.name === 'page-base')
    const baseline = base?.css?.[0]
    expect(baseline).toBeDefined()
    const widgets = Object.values(manifest).filter(
      (c) => c.isDynamicEntry && /^[A-Z]/.test(c.name ?? '') && (c.css?.length ?? 0) > 0,
    )
    expect(widgets.map((c) => c.name)).toContain('Quotes')
    for (const widget of widgets) {
      const reachedCss = [
        ...reached(Object.keys(manifest).find((k) => manifest[k] === widget)!),
      ].flatMap((key) => manifest[key]?.css ?? [])
      expect(reachedCss, widget.name).toContain(baseline)
    }
  })
})

/**
 * The chunks of shared code (imported statically by others, not loaded by an `import()` of their
 * own): each one is a request more on every page that needs it. vite.config.ts decides them
 * (`chunkOf`); rolldown adds one by itself for a module that several lazy chunks share and no
 * rule places. That is how a 1 KB helper became a request of its own on every page once (the
 * bench caught it). A name added here is a decision: say in vite.config.ts why it stands alone.
 */
const SHARED_CHUNKS = [
  // vite.config.ts groups: the libraries, the page base, the core, the site widgets
  'core',
  'page-base',
  'rolldown-runtime',
  'site',
  'vendor-base',
  'vendor-lite',
  // what a few widgets share and the others never load
  'Accordion',
  // the buy boxes' button and confirmation (a wine's, a gift box's)
  'AddButton',
  'HiddenLabelInput',
  'HitCard',
  'InvoiceList',
  'LoginPanel',
  // the buy boxes' reads and quantity field, also read by the sommelier's cards (chunk-plan.ts)
  'buy',
  'Tabs',
  'account',
  'after-login',
  'checkout',
  'collections',
  'dates',
  'shared-controller',
  'validation',
]

describe('the shared chunks', () => {
  it('are the ones meant (a new one is a request more on the pages that need it)', () => {
    const shared = Object.values(manifest)
      .filter((c) => c.file.endsWith('.js') && !c.isEntry && !c.isDynamicEntry)
      .map((c) => c.name ?? c.file)
      .filter((name) => !name.startsWith('texts-'))
    expect(shared.sort()).toEqual([...SHARED_CHUNKS].sort())
  })
})

/** Whether a module has code of its own (one that only re-exports has none in any chunk). */
const holdsCode = (path: string) =>
  /^(?!\s*(\/\/|\/\*|\*|export \{[^}]*\} from |import ))\S/m.test(
    readFileSync(join(root, path), 'utf8'),
  )

describe('the chunk plan (build/chunk-plan.ts)', () => {
  it.each(Object.entries(CHUNK_PLAN))(
    'puts the modules it names in the %s chunk',
    (name, paths) => {
      const chunk = Object.values(manifest).find((c) => c.name === name && c.file.endsWith('.js'))
      expect(chunk, `a ${name} chunk`).toBeDefined()
      const map = JSON.parse(readFileSync(join(outDir, `${chunk!.file}.map`), 'utf8')) as {
        sources: string[]
      }
      // Sources are relative to the chunk's folder; the plan's paths to the repository root.
      const folder = dirname(join(outDir, chunk!.file))
      const sources = map.sources.map((s) => relative(root, resolve(folder, s)))
      const scripts = paths.filter((p) => !p.endsWith('.css') && holdsCode(p))
      expect(scripts.filter((p) => !sources.includes(p))).toEqual([])
    },
  )
})

/** The source modules a chunk holds (from its map), as paths from the repository root. */
function sourcesOf(key: string): string[] {
  const file = manifest[key]?.file ?? ''
  // Rolldown's runtime helpers (a few lines of its own) come without a map.
  if (manifest[key]?.name === 'rolldown-runtime') return []
  const map = JSON.parse(readFileSync(join(outDir, `${file}.map`), 'utf8')) as { sources: string[] }
  return map.sources.map((s) => relative(root, resolve(dirname(join(outDir, file)), s)))
}

describe('a page whose widgets are all drawn without React (the quotes-only page)', () => {
  it('loads neither React nor i18next: the quotes chunk, the page base and what they import', () => {
    const quotes = Object.keys(manifest).find(
      (k) => manifest[k]?.isDynamicEntry && manifest[k].name === 'Quotes',
    )
    const base = Object.keys(manifest).find(
      (k) => manifest[k]?.name === 'page-base' && manifest[k].file.endsWith('.js'),
    )
    expect(quotes && base).toBeTruthy()
    const chunks = [...new Set([quotes!, base!, ...reached(quotes!), ...reached(base!)])]
    const libraries = chunks
      .flatMap(sourcesOf)
      .filter((s) => /node_modules\/(i18next|react-i18next|react|react-dom)\//.test(s))
    expect(libraries).toEqual([])
    // While a React widget's chunks do carry them (vendor-base): the check above can see them.
    const vendor = Object.keys(manifest).find((k) => manifest[k]?.name === 'vendor-base')
    expect(sourcesOf(vendor!).some((s) => s.includes('node_modules/i18next/'))).toBe(true)
  })
})

describe('the entry (dist/wine-widgets.js, the one script every page loads first)', () => {
  it('is at most 6 KB gzip (bench/budget.json): what an entry module exports is in it', () => {
    const entry = Object.values(manifest).find((c) => c.isEntry)
    expect(entry?.file).toBe('wine-widgets.js')
    const bytes = gzipSync(readFileSync(join(outDir, entry!.file))).length
    expect(bytes).toBeLessThanOrEqual(6 * 1024)
  })
})

/** KB with one decimal, as the docs write sizes (1 KB = 1024 bytes, like the entry's budget). */
const kb = (bytes: number, digits = 1) => (bytes / 1024).toFixed(digits)

/**
 * The docs' size statements rewritten with this build's figures: what a browser may download
 * (every file but the maps and the manifest) as-is, gzip and brotli; the entry; the stylesheet.
 */
function withBuiltSizes(doc: string): string {
  const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => !f.endsWith('.map') && !f.startsWith('.vite') && statSync(join(outDir, f)).isFile(),
  )
  const sizes = (file: string) => {
    const bytes = readFileSync(join(outDir, file))
    return { raw: bytes.length, gzip: gzipSync(bytes).length, br: brotliCompressSync(bytes).length }
  }
  const all = files.map(sizes)
  const sum = (key: 'raw' | 'gzip' | 'br') => all.reduce((total, s) => total + s[key], 0)
  const entry = sizes('wine-widgets.js')
  const css = sizes('wine-widgets.css')
  return doc
    .replace(
      /(Measured on this\s+build \()\d+ files, maps left out\): [\d.]+ KB as-is, [\d.]+ KB gzip, [\d.]+ KB brotli\.(\s+)The entry is [\d.]+ KB(\s+)\([\d.]+ KB gzip\), the stylesheet [\d.]+ KB \([\d.]+ KB gzip\)/,
      (_m, start: string, gap1: string, gap2: string) =>
        `${start}${files.length} files, maps left out): ${kb(sum('raw'), 0)} KB as-is, ` +
        `${kb(sum('gzip'), 0)} KB gzip, ${kb(sum('br'), 0)} KB brotli.${gap1}The entry is ` +
        `${kb(entry.raw)} KB${gap2}(${kb(entry.gzip)} KB gzip), the stylesheet ${kb(css.raw)} KB ` +
        `(${kb(css.gzip)} KB gzip)`,
    )
    .replace(
      /(`wine-widgets\.css` \()[\d.]+ KB, [\d.]+ KB gzipped/,
      (_m, start: string) => `${start}${kb(css.raw)} KB, ${kb(css.gzip)} KB gzipped`,
    )
}

describe('the sizes the docs give', () => {
  it.each(['docs/deploy.md', 'docs/embedding.md'])(
    "are this build's in %s (UPDATE_DOCS=1 rewrites them)",
    (doc) => {
      const path = join(root, doc)
      const text = readFileSync(path, 'utf8')
      const built = withBuiltSizes(text)
      if (process.env.UPDATE_DOCS && built !== text) writeFileSync(path, built)
      else expect(text).toBe(built)
      // The statements are still there to check (a reworded one would pass unchecked).
      expect(text).toMatch(/KB gzip/)
    },
  )
})

/** The names of the scripts the build wrote. */
const scriptFiles = () =>
  readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))

/** The text of every script the build wrote. */
const builtScripts = () => scriptFiles().map((file) => readFileSync(join(outDir, file), 'utf8'))

describe('the scripts pages download', () => {
  it("start with V8's compile hint, but the entry and the texts (JSON: no function)", () => {
    const files = scriptFiles()
    const texts = files.filter((file) => /(^|\/)texts-/.test(file))
    expect(texts.length).toBeGreaterThan(0)
    const code = files.filter((file) => !texts.includes(file) && file !== 'wine-widgets.js')
    expect(code.length).toBeGreaterThan(20)
    const without = code.filter(
      (file) => !readFileSync(join(outDir, file), 'utf8').startsWith(`${COMPILE_HINT}\n`),
    )
    expect(without).toEqual([])
  })

  it('carry none of the editor documentation (widgets/*/docs.json)', () => {
    const scripts = builtScripts()
    expect(scripts.length).toBeGreaterThan(5)
    const texts = Object.values(docsFiles).flatMap((d) => [
      d.description,
      d.reserve,
      ...Object.values(d.attributes),
    ])
    expect(texts.length).toBeGreaterThan(19)
    for (const text of texts) expect(scripts.some((s) => s.includes(text))).toBe(false)
  })

  it('do not preload the entry, which has run before any import it leads to', () => {
    // Vite's preload map of a chunk's dynamic imports (`__vite__mapDeps`), as written in it: a
    // JSON list of file names.
    const maps = builtScripts().flatMap((s) =>
      [...s.matchAll(/m\.f=(\[[^\]]*\])/g)].map((m) => JSON.parse(m[1] ?? '[]') as string[]),
    )
    expect(maps.some((files) => files.some((f) => /SearchPanel-/.test(f)))).toBe(true)
    expect(maps.flat().filter((f) => /(^|\/)wine-widgets\.js$/.test(f))).toEqual([])
  })

  it('carry neither qs nor its dependencies (the search router writes the address itself)', () => {
    const scripts = builtScripts()
    // An option name of qs's parser, and get-intrinsic's table (side-channel's dependency).
    for (const mark of ['allowPrototypes', '%AsyncFromSyncIteratorPrototype%'])
      expect(scripts.filter((s) => s.includes(mark))).toEqual([])
  })
})
