/**
 * A real redis-server for a test file, on a free port, without persistence; stopped after. Fails
 * with a clear message when redis-server is not installed (CI installs it: .ci/run).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface RedisServer {
  port: number
  url: string
  /** Stops the server; resolves once the process has exited. */
  stop(): Promise<void>
}

const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server'

/** A port nothing listens on now (the system's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      // Listening on a TCP port, address() is an AddressInfo (a string only for pipes).
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()))
}

/** On a free port, or on `port` (a restart where the clients expect it). */
export async function startRedis(port?: number): Promise<RedisServer> {
  port ??= await freePort()
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${REDIS_SERVER} was not found: the Redis limits are tested against a real server. ` +
                'Install it (apt-get install -y redis-server) or point REDIS_SERVER at one.',
            )
          : error,
      )
    })
    child.once('exit', (code) => {
      reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`))
    })
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        child.stdout.off('data', read)
        child.stdout.resume()
        resolve()
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  })
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM')
      await exited(child)
    },
  }
}
