/// <reference types="vitest/config" />
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type BuildEnvironmentOptions, type Plugin, type Rolldown } from 'vite'
import react from '@vitejs/plugin-react'
import browserslistToEsbuild from 'browserslist-to-esbuild'
import pkg from './package.json' with { type: 'json' }
import { findRoute, handle as handleDemoRequest } from './demo-pages/site.mjs'
import { EDITORIAL_WIDGETS, SITE_WIDGETS, textBundleOf } from './mount/bundles'
import { widgetNames, widgetNamespaces } from './build/text-files'
import { scopedNames } from './build/scoped-name'

const root = fileURLToPath(new URL('.', import.meta.url))
const LOCALES = ['en', 'fr', 'nl'] as const
const TEXTS = 'virtual:wine-texts'
/** The URL of a text file, imported by the entry (to preload it) and by the core (to load it). */
const TEXTS_URL = `${TEXTS}/url`

const readLocale = (locale: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >

/**
 * The text files and the namespaces each one holds: per text bundle of mount/bundles.ts, `common`
 * and the namespaces its widgets' components name in `useTranslation` (build/text-files.ts reads
 * them from the code); a namespace no widget names gets a file of its own (`ns-<name>`).
 */
export function textFiles(): Record<string, string[]> {
  const files: Record<string, Set<string>> = {}
  for (const widget of widgetNames(root)) {
    const file = (files[textBundleOf(widget)] ??= new Set(['common']))
    for (const ns of widgetNamespaces(root, widget)) file.add(ns)
  }
  const covered = new Set(Object.values(files).flatMap((f) => [...f]))
  for (const ns of Object.keys(readLocale('en')))
    if (!covered.has(ns)) files[`ns-${ns}`] = new Set(['common', ns])
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, [...v].sort()]))
}

/**
 * The widgets' texts, from `locales/{en,fr,nl}.json`, one small file per locale and text file of
 * `textFiles()` (a page downloads only the texts of the widgets it shows, in a few requests).
 * `virtual:wine-texts` exports `files` (text file → namespaces) and `load(locale, file)`;
 * `virtual:wine-texts/url` exports `textsUrl(locale, file)`, null outside the library build.
 * - Library build: the files are `chunks/texts-<locale>-<file>-<hash>.js`, emitted as they are
 *   (not chunks: their names are known before bundling, so the entry can preload a widget's texts
 *   as soon as it finds its tag, in parallel with its code); `<hash>` is one hash of every text.
 * - Dev server, tests, demo build: `virtual:wine-texts/<locale>/<file>` modules.
 */
function wineTexts(): Plugin {
  let emit = false
  const files = textFiles()
  const content = (locale: string, file: string) => {
    const texts = readLocale(locale)
    const namespaces = files[file] ?? []
    return `export default ${JSON.stringify(Object.fromEntries(namespaces.map((ns) => [ns, texts[ns]])))}`
  }
  const hash = createHash('sha256')
    .update(JSON.stringify([files, LOCALES.map(readLocale)]))
    .digest('base64url')
    .slice(0, 8)
  const fileName = (locale: string, file: string) => `texts-${locale}-${file}-${hash}.js`
  return {
    name: 'wine-texts',
    configResolved(config) {
      emit = config.command === 'build' && config.mode !== 'demo'
    },
    buildStart() {
      for (const locale of LOCALES) {
        this.addWatchFile(fileURLToPath(new URL(`./locales/${locale}.json`, import.meta.url)))
        if (emit)
          for (const file of Object.keys(files))
            this.emitFile({
              type: 'asset',
              fileName: `chunks/${fileName(locale, file)}`,
              source: content(locale, file),
            })
      }
    },
    resolveId(id) {
      return id === TEXTS || id.startsWith(`${TEXTS}/`) ? `\0${id}` : null
    },
    load(id) {
      if (id === `\0${TEXTS_URL}`) {
        if (!emit) return 'export const textsUrl = () => null'
        // The entry imports this module, so it is part of the entry (dist/) and `import.meta.url`
        // is the entry's URL, also when the core calls it. (`new URL(template, import.meta.url)`
        // written out would be taken by Vite for an asset glob.)
        return (
          'const base = import.meta.url\n' +
          `export const textsUrl = (locale, file) => new URL(\`./chunks/${fileName('${locale}', '${file}')}\`, base).href`
        )
      }
      if (id === `\0${TEXTS}`) {
        const load = emit
          ? `import { textsUrl } from ${JSON.stringify(TEXTS_URL)}\n` +
            'export const load = (locale, file) => import(/* @vite-ignore */ textsUrl(locale, file))'
          : `const loaders = {${LOCALES.map(
              (locale) =>
                `${locale}: {${Object.keys(files)
                  .map(
                    (f) =>
                      `${JSON.stringify(f)}: () => import(${JSON.stringify(`${TEXTS}/${locale}/${f}`)})`,
                  )
                  .join(',')}}`,
            ).join(',')}}\n` + 'export const load = (locale, file) => loaders[locale][file]()'
        return `export const files = ${JSON.stringify(files)}\n${load}`
      }
      const match = id.startsWith(`\0${TEXTS}/`) && /\/(en|fr|nl)\/([\w-]+)$/.exec(id)
      if (!match) return null
      const [, locale = '', file = ''] = match
      return content(locale, file)
    },
  }
}

/** Comments out, whitespace collapsed (never before a colon: `a :hover` is a selector). */
const minifyCss = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim()

/**
 * Library build only: emits `mount/reserve.css` as `dist/wine-widgets.css`, the stylesheet the CMS
 * links in <head> so every widget tag has its box before any script runs (README, embedding).
 */
function reserveStylesheet(): Plugin {
  const source = fileURLToPath(new URL('./mount/reserve.css', import.meta.url))
  return {
    name: 'wine-widgets-css',
    apply: (_config, env) => env.command === 'build' && env.mode !== 'demo',
    buildStart() {
      this.addWatchFile(source)
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'wine-widgets.css',
        source: minifyCss(readFileSync(source, 'utf8')),
      })
    },
  }
}

/**
 * The built demo's script and stylesheet addresses → the sources the dev server transforms (the
 * MSW bootstrap, the library entry, the reserved-space stylesheet, the catalogue and bank).
 */
const DEV_SOURCES: [from: string, to: string][] = [
  ['/demo/demo.js', '/demo-pages/boot.ts'],
  ['/widgets/wine-widgets.js', '/mount/index.ts'],
  ['/widgets/wine-widgets.css', '/mount/reserve.css'],
  ['/demo/catalogue.js', '/demo-pages/catalogue.ts'],
  ['/demo/bank.js', '/demo-pages/bank.ts'],
]

/** A demo page's HTML pointing at the sources instead of dist/ and dist-demo/. */
export function devPageHtml(html: string): string {
  return DEV_SOURCES.reduce((page, [from, to]) => page.replaceAll(`"${from}"`, `"${to}"`), html)
}

/**
 * `npm run dev` (`vite`): the demo site (`demo-pages/site.mjs`, the pages `npm run demo` serves)
 * on Vite's dev server, its scripts pointed at the sources, with hot reload (React Fast Refresh
 * for components, CSS modules in place) and the MSW worker. Nothing is built.
 */
function demoDevServer(): Plugin {
  return {
    name: 'wine-demo-dev-server',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        let pathname: string
        try {
          pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
        } catch {
          next()
          return
        }
        const demoPath =
          findRoute(pathname) !== undefined ||
          pathname.startsWith('/assets/') ||
          pathname === '/mockServiceWorker.js' ||
          /^\/demo\/bank\/?$/.test(pathname)
        if (!demoPath) {
          next()
          return
        }
        handleDemoRequest(req, res, {
          transformHtml: (path, html) => server.transformIndexHtml(path, devPageHtml(html)),
        }).catch(next)
      })
    },
  }
}

/**
 * The libraries every widget needs, React or not (i18next, React Query's core): one chunk, with
 * the page base. A widget drawn without React (quotes) loads these and not React.
 */
const VENDOR_LITE = /node_modules[\\/](i18next|@tanstack[\\/]query-core)[\\/]/
/** React Query's infinite queries, which only the carousel uses. */
const INFINITE_QUERY =
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](infiniteQueryObserver|useInfiniteQuery)\.js$/
/** The libraries every React widget root needs (React, React Query, react-i18next, immer). */
const VENDOR_BASE =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|immer|react-i18next)[\\/]|rolldown[\\/]runtime|[\\/]build[\\/]use-sync-external-store\.ts$/
/**
 * What every widget root needs (providers, store, bus, texts, http, and the page's session
 * service, started before the first widget renders), and tiny modules many widgets use (the
 * bus hook, safe links, rotation, the session's routes): one request instead of a handful of
 * tiny ones. The account calls (current-user check, login, sign-up) load with the widgets that
 * show the user.
 */
const CORE =
  /[\\/](mount[\\/](root|page-services)|src[\\/](store[\\/](state|store|shared-store|activity)|session[\\/](session-service|routes|redirect)|api[\\/]logout|config[\\/]config\.ts|report[\\/]use-report-error|i18n|bus[\\/]use-bus|domain[\\/](safe-url|to-number|trimmed-text)|ui[\\/](ErrorBoundary|widget-tag)|page[\\/]use-page))\b/
/**
 * What every widget needs, React or not, besides the entry (src/page/page-base.ts and what a
 * widget drawn without React needs: the texts, http, the page's QueryClient, the collection
 * reads, rotation, the DOM root); what these import goes with them.
 */
const PAGE_BASE =
  /[\\/](src[\\/](report[\\/](report|page-leave)|page[\\/](page-context|page-base)|bus[\\/]bus|payment[\\/]forget-pending|api[\\/](collection-url|collection-query|query-client)|i18n[\\/]i18n|http[\\/](http|signals|csrf)|domain[\\/]rotation)|mount[\\/]dom-root)\.ts$|[\\/]mount[\\/]baseline\.css$/
const WIDGET_DEFINITION = /[\\/]widgets[\\/][^\\/]+[\\/]index\.ts$/
const inWidgets = (names: readonly string[]) =>
  new RegExp(`[\\\\/]widgets[\\\\/](${names.join('|')})[\\\\/]`)
const IN_SITE_WIDGET = inWidgets(SITE_WIDGETS)
const IN_EDITORIAL_WIDGET = inWidgets(EDITORIAL_WIDGETS)

/** Whether a module for which `test` holds imports `id` statically, directly or through others. */
function importedBy(
  id: string,
  ctx: Rolldown.ChunkingContext,
  test: (importer: string) => boolean,
): boolean {
  const seen = new Set<string>([id])
  const queue = [id]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const importer of ctx.getModuleInfo(next)?.importers ?? []) {
      if (test(importer)) return true
      if (seen.has(importer)) continue
      seen.add(importer)
      queue.push(importer)
    }
  }
  return false
}

/**
 * The modules that load a module: the nearest dynamically imported modules (a widget's
 * component, a panel it opens later) or the entry, found by walking its static importers up.
 */
function loadersOf(id: string, ctx: Rolldown.ChunkingContext): Set<string> {
  const roots = new Set<string>()
  const seen = new Set<string>([id])
  const queue = [id]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = ctx.getModuleInfo(next)
    if (!info) continue
    if (info.isEntry || info.dynamicImporters.length > 0) {
      roots.add(next)
      continue
    }
    for (const importer of info.importers.filter((i) => !seen.has(i))) {
      seen.add(importer)
      queue.push(importer)
    }
  }
  return roots
}

/**
 * Library build only: the chunk of each module (null: rolldown's automatic chunking, which puts
 * a module in the chunk of the one dynamic import that needs it, or in a chunk shared by those
 * that do).
 * - vendor-base, vendor-valibot: long-cached libraries (valibot only for saved-state schemas,
 *   loaded when the tab saved something, with the stored id lists read through it).
 * - core: see CORE.
 * - site: the site widgets' components (mount/bundles.ts) and what they need at first render,
 *   also when other widgets need it too (the site widgets are on every page of the real site,
 *   so their chunk is always there), unless the entry or an editorial widget needs it (a page of
 *   quotes alone must not download the header's code); what the panels they open later need only
 *   stays with those panels.
 */
function chunkOf(id: string, ctx: Rolldown.ChunkingContext): string | null {
  // The carousel's infinite query only: with the carousel, not on every page.
  if (INFINITE_QUERY.test(id)) return null
  if (VENDOR_LITE.test(id)) return 'vendor-lite'
  if (VENDOR_BASE.test(id)) return 'vendor-base'
  // The stored id lists (paid orders and carts, GA4 purchases sent) are read with valibot and
  // used only where it is loaded: with it, not a chunk (and a request) of their own.
  if (/node_modules[\\/]valibot[\\/]|[\\/]src[\\/]store[\\/]id-list\.ts$/.test(id))
    return 'vendor-valibot'
  // What every widget needs besides the entry (src/page/page-base.ts: the bus, the error report,
  // page leave, the page context; the collection URLs of the entry's editorial prefetch; what a
  // widget drawn without React needs): one small chunk every widget page loads, imported
  // dynamically by the entry so that it is requested together with the widgets' code, not
  // before it. The collection's request starts without waiting for a chunk of its own, or for
  // the libraries the collections chunk needs.
  if (PAGE_BASE.test(id) || id === `\0${TEXTS}`) return 'page-base'
  if (CORE.test(id)) return 'core'
  const isEntry = (m: string) => ctx.getModuleInfo(m)?.isEntry ?? false
  const inEntry = isEntry(id) || importedBy(id, ctx, isEntry)
  // What a page-base module imports is in the page base too (unless the entry has it): anywhere
  // else the page base would import that chunk, and it could import the page base back.
  if (!inEntry && importedBy(id, ctx, (m) => PAGE_BASE.test(m) || m === `\0${TEXTS}`))
    return 'page-base'
  // What a core module imports is in the core too (unless the entry has it already). Anywhere
  // else the core would import that chunk, and a chunk that imports the core back (the site
  // chunk does) makes a cycle: the build then lists the core's stylesheet after that chunk's, and
  // the widgets' baseline (mount/baseline.css, then in the core's stylesheet) overrides the widgets'
  // own rules of the same weight (it moved the header at load). build/chunks.test.ts checks it.
  if (!inEntry && importedBy(id, ctx, (m) => CORE.test(m))) return 'core'
  const roots = [...loadersOf(id, ctx)]
  const siteAtFirstRender = (root: string) =>
    IN_SITE_WIDGET.test(root) &&
    (ctx.getModuleInfo(root)?.dynamicImporters.some((i) => WIDGET_DEFINITION.test(i)) ?? false)
  const elsewhere = (root: string) =>
    IN_EDITORIAL_WIDGET.test(root) || (ctx.getModuleInfo(root)?.isEntry ?? true)
  if (roots.some(siteAtFirstRender) && !roots.some(elsewhere)) return 'site'
  return null
}

/** Gives each branch's options the build type (a ternary of literals would not unify). */
const build = (options: BuildEnvironmentOptions) => options

/**
 * Two builds share this file:
 * - default (`vite build`): the library the CMS loads: `dist/wine-widgets.js` (the mount runtime
 *   only), one lazy chunk per widget, shared vendor chunks, CSS per widget and a manifest.
 * - `--mode demo` (`vite build --mode demo`): the demo-only scripts (`dist-demo/demo.js`, the MSW
 *   bootstrap that registers the fake services and then imports the library,
 *   `dist-demo/catalogue.js` and `dist-demo/bank.js`) that the static demo pages load. They are
 *   never part of `dist/`.
 */
export default defineConfig(({ mode }) => {
  const demo = mode === 'demo'
  return {
    root,
    base: './',
    // In the worktree, not node_modules/.vite: node_modules may be shared between checkouts, and
    // two dev servers would overwrite each other's pre-bundled dependencies.
    cacheDir: '.vite',
    plugins: [react(), wineTexts(), reserveStylesheet(), demoDevServer()],
    // Libraries' imports that this product never needs (each stand-in says why): InstantSearch's
    // history router imports qs for its default createURL/parseURL, ours are given; React 19
    // reads no propTypes and has the hook the shim provides to React 16 and 17.
    resolve: {
      alias: [
        { find: /^qs$/, replacement: fileURLToPath(new URL('build/no-qs.ts', import.meta.url)) },
        {
          find: /^prop-types$/,
          replacement: fileURLToPath(new URL('build/prop-types.ts', import.meta.url)),
        },
        {
          find: /^use-sync-external-store\/shim(\/index\.js)?$/,
          replacement: fileURLToPath(new URL('build/use-sync-external-store.ts', import.meta.url)),
        },
      ],
    },
    server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173) },
    define: { __WINE_WIDGETS_VERSION__: JSON.stringify(pkg.version) },
    css: {
      modules: {
        // Hashed, prefixed class names: nothing leaks into the host page and host selectors
        // written against our markup cannot match by accident. Short, and never shared
        // (build/scoped-name.ts).
        generateScopedName: scopedNames(root),
      },
    },
    build: demo
      ? build({
          outDir: 'dist-demo',
          emptyOutDir: true,
          sourcemap: true,
          rolldownOptions: {
            // demo: starts the MSW worker, then imports the library (demo-pages/boot.ts);
            // catalogue: the editors' widget catalogue on `/`, generated from the registry;
            // bank: the demo bank on `/demo/bank` that Bancontact payments are sent to.
            input: {
              demo: 'demo-pages/boot.ts',
              catalogue: 'demo-pages/catalogue.ts',
              bank: 'demo-pages/bank.ts',
            },
            output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        })
      : build({
          outDir: 'dist',
          emptyOutDir: true,
          manifest: true,
          // Maps are written (for upload to an error tracker, README "Source maps") but the
          // scripts do not reference them: browsers never fetch them, visitors see no sources.
          sourcemap: 'hidden',
          cssCodeSplit: true,
          // The supported browsers (`browserslist` in package.json, stated in the README): the
          // oldest version of each, e.g. ['chrome156', 'firefox153', 'ios16.4', 'safari16.4'].
          target: browserslistToEsbuild(undefined, { path: root }),
          // Each widget's import in the entry lists the chunks and stylesheets it needs (Vite's
          // preload map): when a tag is found they are all requested at once, not one level of
          // imports at a time. No polyfill: every supported browser has modulepreload.
          modulePreload: {
            polyfill: false,
            // What the page base's and the root's imports (started at the same time as a
            // widget's) already request is not listed again in every widget's import: the entry
            // stays small.
            resolveDependencies: (file, deps, { hostType }) =>
              hostType === 'js' && !/(^|\/)(core|page-base)-/.test(file)
                ? deps.filter(
                    (d) => !/(^|\/)(vendor-base|vendor-lite|page-base|rolldown-runtime)-/.test(d),
                  )
                : deps,
          },
          rolldownOptions: {
            input: { 'wine-widgets': 'mount/index.ts' },
            // The entry exports nothing: it installs window.WineWidgets.
            preserveEntrySignatures: false,
            // react-stripe-js creates its 22 element components at the top level, without a pure
            // annotation: only the Payment Element is used, the others are dropped.
            treeshake: { manualPureFunctions: ['createElementComponent'] },
            output: {
              entryFileNames: '[name].js',
              chunkFileNames: 'chunks/[name]-[hash:6].js',
              assetFileNames: 'assets/[name]-[hash:6][extname]',
              codeSplitting: {
                // A group takes only its own modules: shared dependencies (e.g. src/domain/types,
                // which the entry needs too) must not drag the entry into a widget-only chunk.
                includeDependenciesRecursively: false,
                groups: [{ name: chunkOf }],
              },
            },
          },
        }),
    test: {
      restoreMocks: true,
      unstubGlobals: true,
      testTimeout: 10_000,
      // The contract's coverage (mocks/contract-coverage.ts) after the usual report.
      reporters: ['default', './mocks/contract-coverage.ts'],
      // Pure modules run in node (no DOM to build: jsdom creation was half the unit run); a `.ts`
      // test that needs a DOM says so with `// @vitest-environment jsdom`. Components run in jsdom.
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            setupFiles: ['mocks/vitest-setup.ts'],
            include: ['{src,widgets,mount,mocks,fixtures,build}/**/*.test.ts'],
          },
        },
        {
          // The reference proxies (server/): plain Node, real HTTP, no MSW and no DOM.
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts'],
            restoreMocks: true,
            unstubGlobals: true,
            testTimeout: 10_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            setupFiles: ['mocks/vitest-setup.ts'],
            include: ['{src,widgets,mount,mocks,fixtures}/**/*.test.tsx'],
          },
        },
      ],
    },
  }
})
