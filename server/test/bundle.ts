/**
 * The deployable file under test: `buildAlone()` builds dist-server/main.js into a temporary
 * folder and copies that one file into another, empty one (nothing beside it: no node_modules,
 * no source map); `startBundle(file, env)` runs it there with the project's Node 22 and reads its
 * JSON log lines. Every process started is killed after the test.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach } from 'vitest'
import { buildServer } from '../build.mjs'
import type { LogEntry } from '../service'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** The `node` devDependency (Node 22, what the docs promise), else the Node running the tests. */
export const NODE = existsSync(join(ROOT, 'node_modules/.bin/node'))
  ? join(ROOT, 'node_modules/.bin/node')
  : process.execPath

const folders: string[] = []
afterAll(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** Builds the server and returns the path of main.js, alone in an empty folder. */
export async function buildAlone(): Promise<string> {
  const built = await mkdtemp(join(tmpdir(), 'proxy-build-'))
  const alone = await mkdtemp(join(tmpdir(), 'proxy-alone-'))
  folders.push(built, alone)
  const file = await buildServer(built)
  await copyFile(file, join(alone, 'main.js'))
  return join(alone, 'main.js')
}

export type Line = LogEntry & { time: string }

export interface Running {
  url: string
  /** Every JSON line written so far, in order. */
  lines: Line[]
  /** Resolves with the first line (from the start) that matches. */
  line(match: (line: Line) => boolean, timeoutMs?: number): Promise<Line>
  /** Text written that was not a JSON line (none is expected). */
  other: string[]
  signal(name: NodeJS.Signals): void
  /** The exit code, once the process has ended. */
  exited: Promise<number | null>
  pid: number
}

const running: ChildProcess[] = []
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

/**
 * Starts main.js in its own folder with exactly `env` (no variable of the test's own) on a port
 * the system picks; resolves once it listens, or once it exited (`url` is then empty).
 */
export async function startBundle(file: string, env: Record<string, string>): Promise<Running> {
  const child = spawn(NODE, [file], {
    cwd: join(file, '..'),
    env: { PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  const lines: Line[] = []
  const other: string[] = []
  const waiting = new Set<() => void>()
  let rest = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n')
    rest = parts.pop() ?? ''
    for (const text of parts) {
      try {
        // The server writes LogEntry objects with their time (main.ts); checked by the tests.
        lines.push(JSON.parse(text) as Line)
      } catch {
        other.push(text)
      }
    }
    for (const wake of waiting) wake()
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => other.push(chunk))
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      for (const wake of waiting) wake()
      resolve(code)
    })
  })

  const line = (match: (line: Line) => boolean, timeoutMs = 5000) =>
    new Promise<Line>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(check)
        reject(
          new Error(`no such log line within ${timeoutMs} ms; lines: ${JSON.stringify(lines)}`),
        )
      }, timeoutMs)
      function check() {
        const found = lines.find(match)
        if (!found && child.exitCode === null) return
        clearTimeout(timer)
        waiting.delete(check)
        if (found) resolve(found)
        else reject(new Error(`exited (${child.exitCode}) without it: ${JSON.stringify(lines)}`))
      }
      waiting.add(check)
      check()
    })

  let url = ''
  try {
    const listening = await line((l) => l.msg === 'listening' || l.level === 'error')
    if (listening.msg === 'listening') url = `http://127.0.0.1:${String(listening.port)}`
  } catch {
    // Exited before listening: the test reads the lines and the exit code.
  }
  return {
    url,
    lines,
    line,
    other,
    signal: (name) => child.kill(name),
    exited,
    pid: child.pid ?? 0,
  }
}
