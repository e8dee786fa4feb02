/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import { defineConfig, type BuildEnvironmentOptions } from 'vite'
import react from '@vitejs/plugin-react'
import pkg from './package.json' with { type: 'json' }

const root = fileURLToPath(new URL('.', import.meta.url))
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
    plugins: [react()],
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
          rolldownOptions: {
            input: { 'wine-widgets': 'mount/index.ts' },
            preserveEntrySignatures: 'exports-only',
            output: {
              entryFileNames: '[name].js',
              chunkFileNames: 'chunks/[name]-[hash].js',
              assetFileNames: 'assets/[name]-[hash][extname]',
              codeSplitting: {
                groups: [
                  // React is needed by every widget: one long-cached chunk.
                  {
                    name: 'vendor-react',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  },
                  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
                  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
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
