/**
 * Runs the Playwright suite with the same Node that runs this script (the project's Node 22 under
 * npm) and exits with its code. Extra arguments go to `playwright test` (a file, `-g title`…).
 * Expects dist/ and dist-demo/ to be built: `npm run test:e2e` builds them first.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
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

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli')
const args = [cli, 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]
console.log(`[e2e] playwright ${args.slice(1).join(' ')}`)
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' })
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
