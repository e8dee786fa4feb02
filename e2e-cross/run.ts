/**
 * Runs the cross-engine journeys (journeys.test.ts) in Firefox ESR and WebKit, one engine after
 * the other (each keeps one browser busy: two at once would fight over a 2-core machine), against
 * one demo site (a journey marked `prodIn` starts a production-mode server of its own in those
 * engines), and prints a summary per engine with its duration and a closing "N passed, N failed"
 * line.
 *
 *   node e2e-cross/run.ts                      both engines, phone and desktop sizes
 *   node e2e-cross/run.ts webkit               one engine
 *   node e2e-cross/run.ts chromium             Chromium too (by name only: e2e/ covers it)
 *   CROSS_ONLY=sommelier node e2e-cross/run.ts webkit    only the journeys named so
 *
 * Expects dist/ and dist-demo/ to be built (`npm run test:cross` builds them first); builds
 * dist-prod/api.js itself (`demo-pages/build-prod.mjs`, ~2 s) for the prod-mode server.
 * Environment: CROSS_PORT (the demo site's port; default a free one), CROSS_SIZES
 * (phone,desktop), CROSS_ONLY (comma-separated words of journey names), FIREFOX_PATH,
 * CHROMIUM_PATH, WEBKIT_MINIBROWSER.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startDemoSite } from './server.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
for (const file of ['dist/wine-widgets.js', 'dist-demo/demo.js']) {
  if (!existsSync(new URL(`../${file}`, import.meta.url))) {
    console.error(`[cross] ${file} is missing: run npm run build && npm run build:demo first.`)
    process.exit(1)
  }
}

const started = Date.now()
const seconds = (since: number) => Math.round((Date.now() - since) / 1000)

// The server-side mock API of the prod-mode server, built from the current mocks/.
const built = await new Promise<number>((resolve) => {
  spawn(process.execPath, ['demo-pages/build-prod.mjs'], { cwd: root, stdio: 'inherit' }).on(
    'exit',
    (c) => resolve(c ?? 1),
  )
})
if (built !== 0) {
  console.error('[cross] node demo-pages/build-prod.mjs failed')
  process.exit(1)
}

const named = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const engines = named.length > 0 ? named : ['firefox', 'webkit']
const file = 'e2e-cross/journeys.test.ts'

const need: Record<string, string> = {
  firefox: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
  webkit: '/usr/bin/WebKitWebDriver',
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
}
const install: Record<string, string> = {
  firefox: 'firefox-esr',
  webkit: 'webkit2gtk-driver xvfb',
  chromium: 'chromium',
}

const site = await startDemoSite({ port: Number(process.env.CROSS_PORT ?? 0) })
const only = process.env.CROSS_ONLY ? ` with CROSS_ONLY=${process.env.CROSS_ONLY}` : ''
console.log(`[cross] demo site on ${site.baseURL}; ${file}${only} in ${engines.join(', ')}`)

interface Result {
  engine: string
  passed: number
  failed: number
  seconds: number
  note?: string
}
const results: Result[] = []

for (const engine of engines) {
  const start = Date.now()
  if (!existsSync(need[engine] ?? '')) {
    results.push({
      engine,
      passed: 0,
      failed: 1,
      seconds: 0,
      note: `${need[engine]} is missing: apt-get install -y ${install[engine]}`,
    })
    continue
  }
  console.log(`\n[cross] ${engine}`)
  let output = ''
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--test', '--test-concurrency=1', '--test-reporter=spec', file],
      {
        cwd: root,
        env: { ...process.env, CROSS_ENGINE: engine, CROSS_BASE_URL: site.baseURL },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      process.stdout.write(chunk)
    })
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)))
  })
  // Counted from the spec reporter's own closing lines ("ℹ pass 14", "ℹ fail 0").
  const passed = Number(/ℹ pass (\d+)/.exec(output)?.[1] ?? 0)
  const failed =
    Number(/ℹ fail (\d+)/.exec(output)?.[1] ?? 0) +
    Number(/ℹ cancelled (\d+)/.exec(output)?.[1] ?? 0)
  results.push({
    engine,
    passed,
    failed: code !== 0 && failed === 0 ? 1 : failed,
    seconds: seconds(start),
    ...(code !== 0 && failed === 0 && { note: `the run exited with ${code}` }),
  })
}
await site.close()

console.log(`\n[cross] summary (${file}${only}; ${seconds(started)} s in all)`)
for (const r of results)
  console.log(
    `  ${r.engine.padEnd(9)} ${r.passed} passed, ${r.failed} failed  ${r.seconds} s${r.note ? `  (${r.note})` : ''}`,
  )
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
