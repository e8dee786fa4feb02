/**
 * Builds what `npm run demo:prod` and the bench need beside the library build (`dist/`):
 *
 *   node demo-pages/build-prod.mjs               → dist-prod/api.js, the mock API for the server
 *   node demo-pages/build-prod.mjs --naive DIR   → also DIR/: the naive build of the library
 *
 * - `dist-prod/api.js`: `mocks/server-api.ts` (the MSW handler list answering in Node) bundled for
 *   Node, so `demo-pages/server.mjs --prod` stays plain JavaScript; msw and the other packages are
 *   imported from node_modules.
 * - The naive build (bench/run.mjs): the same library, same code and same Vite config, with every
 *   widget eager in one file: an entry that imports each widget's component and the mount
 *   runtime's lazy modules statically, then `mount/index.ts`, with code splitting off
 *   (`wine-widgets.js` plus one stylesheet holding every widget's CSS). It is the "no splitting"
 *   baseline the bench compares each page with.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const NAIVE_ENTRY = 'virtual:naive-entry'

/** The relative targets of `import('./…')` in a module (the lazy parts the registry loads). */
function lazyTargets(file) {
  const source = readFileSync(file, 'utf8')
  const dir = resolve(file, '..')
  return [...source.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)].map((m) =>
    resolve(dir, m[1]),
  )
}

/** The naive entry's static imports: every widget and every lazy part of the runtime, eager. */
function naiveImports() {
  const widgets = readdirSync(join(root, 'widgets'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(root, 'widgets', d.name, 'index.ts'))
  const mountEntry = join(root, 'mount', 'index.ts')
  return [...new Set([mountEntry, ...widgets].flatMap(lazyTargets)), mountEntry]
}

/** Vite plugin: the naive entry, and no code splitting. */
function naiveBundle() {
  return {
    name: 'naive-bundle',
    config(config) {
      const options = (config.build ??= {}).rolldownOptions ?? {}
      config.build.rolldownOptions = {
        ...options,
        input: { 'wine-widgets': NAIVE_ENTRY },
        output: { ...options.output, codeSplitting: false },
      }
    },
    resolveId(id) {
      return id === NAIVE_ENTRY ? `\0${NAIVE_ENTRY}` : null
    },
    load(id) {
      if (id !== `\0${NAIVE_ENTRY}`) return null
      return naiveImports()
        .map((file) => `import ${JSON.stringify(file)}`)
        .join('\n')
    },
  }
}

/** `dist-prod/api.js`: the server-side mock API. */
export async function buildApi() {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: true,
      outDir: join(root, 'dist-prod'),
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        input: { api: 'mocks/server-api.ts' },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  })
}

/** The naive build of the library into `outDir`. */
export async function buildNaive(outDir) {
  await build({
    configFile: join(root, 'vite.config.ts'),
    root,
    mode: 'production',
    logLevel: 'warn',
    plugins: [naiveBundle()],
    // One file of every widget is the point: no warning about its size.
    build: { outDir: resolve(outDir), emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  await buildApi()
  console.log('[build-prod] dist-prod/api.js')
  const naive = args.indexOf('--naive')
  if (naive !== -1) {
    const dir = args[naive + 1]
    if (!dir) throw new Error('--naive needs a directory')
    await buildNaive(dir)
    console.log(`[build-prod] naive build in ${resolve(dir)}`)
  }
}
