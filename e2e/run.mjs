/**
 * Runs the Playwright suite with the same Node that runs this script (the project's Node 22 under
 * npm) and exits with its code. Extra arguments go to `playwright test` (a file, `-g title`…).
 * Expects dist/ and dist-demo/ to be built: `npm run test:e2e` builds them first.
 *
 * The demo server listens on a free port the system gives (E2E_PORT to choose one), so a server
 * left over from another run never fails this one.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
for (const dir of ['dist/wine-widgets.js', 'dist-demo/demo.js']) {
  if (!existsSync(new URL(`../${dir}`, import.meta.url))) {
    console.error(
      `[e2e] ${dir} is missing: run npm run build && npm run build:demo (or npm run test:e2e).`,
    )
    process.exit(1)
  }
}

/** A port nothing listens on now (the system's pick for port 0). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

const port = process.env.E2E_PORT ?? String(await freePort())
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli')
const args = [cli, 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]
console.log(`[e2e] playwright ${args.slice(1).join(' ')}`)
console.log(`[e2e] demo server on port ${port}`)
const child = spawn(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: port },
})
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
