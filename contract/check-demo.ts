/**
 * The conformance kit against `npm run demo:prod`'s API, as CI runs it (`npm run contract:demo`,
 * a step of `npm test` and .ci/run): bundles the mock back office (demo-pages/build-prod.mjs →
 * dist-prod/api.js), starts demo-pages/server.mjs --prod on a free port, runs
 * `npm run contract:check` against it as an integrator would (Claire's demo account, a wine on
 * sale, the demo's session version cookie), and stops the server. Exits with the kit's status.
 * The library build is not needed: the kit calls the API only.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

const built = await run(process.execPath, ['demo-pages/build-prod.mjs'])
if (built !== 0) process.exit(built)

const server = spawn(process.execPath, ['demo-pages/server.mjs', '--prod'], {
  cwd: root,
  env: { ...process.env, PORT: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
})
// The "[demo] serving … on http://127.0.0.1:PORT/" line names the port the system chose.
const origin = await new Promise<string>((resolve, reject) => {
  server.on('exit', (code) => reject(new Error(`the demo server exited (${code}) before serving`)))
  createInterface({ input: server.stdout }).on('line', (line) => {
    const found = /\[demo\] serving .* on (https?:\/\/[^/\s]+)\//.exec(line)
    if (found?.[1]) resolve(found[1])
  })
})

let status: number
try {
  status = await run(process.execPath, [
    'contract/check.ts',
    ...['--site', origin, '--user', 'claire@example.com:droplets-420'],
    ...['--product', 'W10001', '--version-cookie', 'private_content_version'],
  ])
} finally {
  server.removeAllListeners('exit')
  server.kill('SIGTERM')
}
process.exit(status)
