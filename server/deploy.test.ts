/**
 * The deployment examples name what they must: the container file runs the one built file on
 * Node 22 and lists every setting; the systemd unit runs it with Node, lets the drain finish
 * before it kills, and lists every setting; docs/deploy.md documents each setting.
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { DEFAULT_DRAIN_TIMEOUT_MS, VARIABLES } from './settings'

const read = (path: string) => readFile(new URL(`../${path}`, import.meta.url), 'utf8')
const NAMES = Object.keys(VARIABLES)

describe('deployment examples', () => {
  it('the container file: node:22-slim, the built file alone, every setting named', async () => {
    const dockerfile = await read('server/deploy/Dockerfile')
    const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+\s/.test(line))
    expect(instructions.filter((line) => /^(FROM|COPY|CMD|STOPSIGNAL) /.test(line))).toEqual([
      'FROM node:22-slim',
      'COPY dist-server/main.js ./main.js',
      'STOPSIGNAL SIGTERM',
      'CMD ["node", "main.js"]',
    ])
    expect(NAMES.filter((name) => !dockerfile.includes(name))).toEqual([])
    // Docker's default stop timeout (10 s) would cut the drain: the file says to raise it.
    expect(dockerfile).toContain(`--stop-timeout ${DEFAULT_DRAIN_TIMEOUT_MS / 1000 + 10}`)
  })

  it('the systemd unit: the built file with Node, a stop timeout past the drain, every setting', async () => {
    const unit = await read('server/deploy/wine-proxies.service')
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node \/opt\/wine-proxies\/main\.js$/m)
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m)
    expect(unit).toMatch(/^TimeoutStopSec=40$/m)
    expect(unit).toMatch(/^RestartPreventExitStatus=78$/m)
    expect(NAMES.filter((name) => !unit.includes(name))).toEqual([])
  })

  it('docs/deploy.md documents every setting', async () => {
    const doc = await read('docs/deploy.md')
    expect(NAMES.filter((name) => !doc.includes(`\`${name}\``))).toEqual([])
  })
})
