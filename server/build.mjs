/**
 * Builds the proxies' Node server (server/main.ts) to dist-server/main.js, so it runs on plain
 * Node without a TypeScript loader: `npm run build:server && npm run server`. The packages it
 * uses (rate-limiter-flexible, ioredis, valibot) are imported from node_modules.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: true,
    outDir: join(root, 'dist-server'),
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: { main: 'server/main.ts' },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
})
console.log('[build-server] dist-server/main.js')
