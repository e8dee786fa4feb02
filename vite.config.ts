/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import { defineConfig, type BuildEnvironmentOptions } from 'vite'
import react from '@vitejs/plugin-react'
import browserslistToEsbuild from 'browserslist-to-esbuild'
import pkg from './package.json' with { type: 'json' }
import { chunkOf, resolveDependencies } from './build/chunk-plan.ts'
import { compileHints } from './build/compile-hints.ts'
import { demoDevServer } from './build/demo-dev-server.ts'
import { reserveStylesheet } from './build/reserve-plugin.ts'
import { schemaSplit } from './build/schema-split.ts'
import { scopedNames } from './build/scoped-name.ts'
import { standIns } from './build/stand-ins.ts'
import { wineTexts } from './build/texts-plugin.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

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
    plugins: [
      react(),
      wineTexts(),
      reserveStylesheet(),
      compileHints(),
      demoDevServer(),
      schemaSplit(),
    ],
    resolve: { alias: standIns },
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
          // Maps are written (for upload to an error tracker, docs/deploy.md) but the
          // scripts do not reference them: browsers never fetch them, visitors see no sources.
          sourcemap: 'hidden',
          cssCodeSplit: true,
          // The supported browsers (`browserslist` in package.json, docs/embedding.md): the
          // oldest version of each, e.g. ['chrome156', 'firefox153', 'ios16.4', 'safari16.4'].
          target: browserslistToEsbuild(undefined, { path: root }),
          // Each widget's import in the entry lists the chunks and stylesheets it needs (Vite's
          // preload map): when a tag is found they are all requested at once, not one level of
          // imports at a time. No polyfill: every supported browser has modulepreload.
          modulePreload: {
            polyfill: false,
            resolveDependencies,
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
                groups: [{ name: chunkOf, debugName: 'chunk-plan' }],
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
            exclude: ['**/*.isolated.test.ts', '**/node_modules/**'],
            // Files share a worker's modules (the mock server, its handlers, the contract's
            // check): each file re-importing them was two thirds of this project's time (194 s
            // -> 52 s). The setup resets every page's state per test; a file that replaces
            // modules (vi.mock, vi.resetModules) is a `.isolated.test.ts`, run below
            // (build/test-isolation.test.ts holds that rule).
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'node-isolated',
            environment: 'node',
            setupFiles: ['mocks/vitest-setup.ts'],
            include: ['{src,widgets,mount,mocks,fixtures,build}/**/*.isolated.test.ts'],
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
