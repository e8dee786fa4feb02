/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import pkg from './package.json' with { type: 'json' }

const root = fileURLToPath(new URL('.', import.meta.url))
const LOCALES = ['en', 'fr', 'nl'] as const
const TEXTS = 'virtual:wine-texts'

/**
 * Splits `locales/{en,fr,nl}.json` into one tiny module per locale and top-level namespace, so a
 * page downloads only the texts of the widgets it shows. `virtual:wine-texts` exports
 * `loaders[locale][namespace]`, each a lazy import of `virtual:wine-texts/<locale>/<namespace>`.
 */
function localeNamespaces(): Plugin {
  const read = (locale: string): Record<string, unknown> =>
    JSON.parse(readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8'))
  return {
    name: 'wine-texts',
    resolveId(id) {
      return id === TEXTS || id.startsWith(`${TEXTS}/`) ? `\0${id}` : null
    },
    load(id) {
      if (id === `\0${TEXTS}`) {
        const entries = LOCALES.map((locale) => {
          const fns = Object.keys(read(locale)).map(
            (ns) =>
              `${JSON.stringify(ns)}: () => import(${JSON.stringify(`${TEXTS}/${locale}/${ns}`)})`,
          )
          return `${locale}: {${fns.join(',')}}`
        })
        return `export const loaders = {${entries.join(',')}}`
      }
      const match = id.startsWith(`\0${TEXTS}/`) && /\/(en|fr|nl)\/([\w-]+)$/.exec(id)
      if (!match) return null
      const [, locale = '', ns = ''] = match
      this.addWatchFile(fileURLToPath(new URL(`./locales/${locale}.json`, import.meta.url)))
      return `export default ${JSON.stringify({ [ns]: read(locale)[ns] })}`
    },
  }
}

const DOC_KEYS = new Set(['description', 'example', 'doc'])

interface AstNode {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

/**
 * Library build only: blanks the editor documentation (`description`, `example`, prop `doc`) in
 * the widget definitions, which sit in the entry every page downloads. The catalogue (demo
 * build), the README generator and the tests read the definitions from source, docs included.
 */
function stripWidgetDocs(): Plugin {
  return {
    name: 'strip-widget-docs',
    apply: (_config, env) => env.command === 'build' && env.mode !== 'demo',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]widgets[\\/][^\\/]+[\\/]index\.ts$/.test(id)) return null
      const cuts: [number, number][] = []
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit)
        if (!node || typeof node !== 'object') return
        const n = node as AstNode
        const key = n.key as AstNode | undefined
        const value = n.value as AstNode | undefined
        const name =
          key?.type === 'Identifier' ? key.name : key?.type === 'Literal' ? key.value : null
        if (n.type === 'Property' && DOC_KEYS.has(String(name)) && value) {
          if (value.type === 'Literal' || value.type === 'TemplateLiteral')
            cuts.push([value.start, value.end])
        }
        for (const k of Object.keys(n)) if (k !== 'start' && k !== 'end') visit(n[k])
      }
      visit(this.parse(code))
      let out = code
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0]))
        out = out.slice(0, start) + "''" + out.slice(end)
      return { code: out, map: null }
    },
  }
}

/** Gives each branch's options the build type (a ternary of literals would not unify). */
const build = (options: BuildEnvironmentOptions) => options

/**
 * Two builds share this file:
 * - default (`vite build`): the library the CMS loads: `dist/wine-widgets.js` (the mount runtime
 *   only), one lazy chunk per widget, shared vendor chunks, CSS per widget and a manifest.
 * - `--mode demo` (`vite build --mode demo`): the demo-only scripts (`dist-demo/demo.js`, the MSW
 *   bootstrap that then imports the library, and `dist-demo/catalogue.js`) that the static demo
 *   pages load. They are never part of `dist/`.
 */
export default defineConfig(({ mode }) => {
  const demo = mode === 'demo'
  return {
    root,
    base: './',
    plugins: [react(), localeNamespaces(), stripWidgetDocs()],
    define: { __WINE_WIDGETS_VERSION__: JSON.stringify(pkg.version) },
    css: {
      modules: {
        // Hashed, prefixed class names: nothing leaks into the host page and host selectors
        // written against our markup cannot match by accident.
        generateScopedName: 'ww-[hash:base64:6]',
      },
    },
    build: demo
      ? build({
          outDir: 'dist-demo',
          emptyOutDir: true,
          sourcemap: true,
          rolldownOptions: {
            // demo: starts the MSW worker, then imports the library (demo-pages/boot.ts);
            // catalogue: the editors' widget catalogue on `/`, generated from the registry.
            input: { demo: 'demo-pages/boot.ts', catalogue: 'demo-pages/catalogue.ts' },
            output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        })
      : build({
          outDir: 'dist',
          emptyOutDir: true,
          manifest: true,
          sourcemap: true,
          cssCodeSplit: true,
          target: 'es2022',
          // No preload map in the entry (it lists every widget's dependencies and grows with each
          // one): the root chunk, fetched alongside any widget's chunk, already pulls React and
          // the core, so a widget's own few imports cost at most one extra round trip.
          modulePreload: false,
          rolldownOptions: {
            input: { 'wine-widgets': 'mount/index.ts' },
            // The entry exports nothing: it installs window.WineWidgets.
            preserveEntrySignatures: false,
            output: {
              entryFileNames: '[name].js',
              chunkFileNames: 'chunks/[name]-[hash].js',
              assetFileNames: 'assets/[name]-[hash][extname]',
              codeSplitting: {
                // A group takes only its own modules: shared dependencies (e.g. src/domain/types,
                // which the entry needs too) must not drag the entry into a widget-only chunk.
                includeDependenciesRecursively: false,
                groups: [
                  // React is needed by every widget: one long-cached chunk.
                  {
                    name: 'vendor-react',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  },
                  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
                  { name: 'vendor-immer', test: /node_modules[\\/]immer[\\/]/ },
                  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
                  // What every widget root needs (providers, store, bus, texts, http): one request
                  // instead of a handful of tiny ones.
                  {
                    name: 'core',
                    test: /[\\/](mount[\\/](root|fallback)|src[\\/](store[\\/](state|store|shared-store|activity)|i18n|http|ui[\\/]ErrorBoundary))\b/,
                  },
                ],
              },
            },
          },
        }),
    test: {
      environment: 'jsdom',
      include: ['{src,widgets,mount,mocks,fixtures}/**/*.test.{ts,tsx}'],
      setupFiles: ['mocks/vitest-setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      testTimeout: 10_000,
    },
  }
})
