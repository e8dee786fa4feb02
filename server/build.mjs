/**
 * Builds the proxies' Node server (server/main.ts) into one file, dist-server/main.js, with every
 * package it uses (ioredis, rate-limiter-flexible, valibot) inside: it runs with `node main.js`
 * on Node 22 in a folder that holds nothing else (docs/deploy.md). `node server/build.mjs <dir>`
 * writes it elsewhere (the tests build into a temporary folder).
 */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Writes `{outDir}/main.js` (and its source map); resolves once written. */
export async function buildServer(outDir = join(root, 'dist-server')) {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    // Bundle the packages too (an SSR build leaves them as imports by default): no node_modules
    // on the host, and no package versions to keep in step with the build.
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node22',
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        input: { main: 'server/main.ts' },
        output: { format: 'es', entryFileNames: '[name].js', codeSplitting: false },
      },
    },
  })
  return join(outDir, 'main.js')
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined)
  console.log(`[build-server] ${out}`)
}
