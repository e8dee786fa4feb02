import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'

/**
 * End-to-end suite: Debian's Chromium drives the demo site (demo-pages/server.mjs serving the
 * built library from dist/ and the MSW bootstrap from dist-demo/). Build both first:
 * `npm run test:e2e` does (build, build:demo, then e2e/run.mjs).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium was not found at ${CHROMIUM}. Install it with \`apt-get install -y chromium\` ` +
      '(as root) or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  )
}

// e2e/run.mjs picks a free port and passes it to every worker; 4173 only for a bare `playwright test`.
const PORT = Number(process.env.E2E_PORT ?? 4173)
const root = fileURLToPath(new URL('..', import.meta.url))

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    // A trace records every action's DOM and screen: a fifth of the suite's CPU time on the 2-core
    // CI machine, for a file no one can open there (a failure is read from the log). Locally it is
    // kept for a failed test; `--trace on` records one anywhere.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node demo-pages/server.mjs',
    cwd: root,
    env: { PORT: String(PORT) },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 20_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
