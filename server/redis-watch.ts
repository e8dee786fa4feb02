/**
 * Redis's connection as the operator needs to read it: one log line when it is lost (or cannot be
 * reached at the start), one when it is back, whatever the number of reconnect attempts between
 * (ioredis emits an error on each, every few hundred milliseconds). Meanwhile the limits count in
 * each instance's memory (limits.ts).
 */
import type { Redis } from 'ioredis'
import { describe, type JsonLog } from './service'

export function watchRedis(client: Redis, log: JsonLog): void {
  let state: 'starting' | 'up' | 'down' = 'starting'
  const lost = (reason: string) => {
    if (state === 'down') return
    log({
      level: 'error',
      msg: state === 'up' ? 'redis: lost' : 'redis: unreachable',
      reason,
      note: 'limits count per instance until it is back',
    })
    state = 'down'
  }
  client.on('ready', () => {
    log({ level: 'info', msg: state === 'down' ? 'redis: back' : 'redis: connected' })
    state = 'up'
  })
  client.on('error', (error: unknown) => {
    lost(describe(error))
  })
  client.on('close', () => {
    if (state === 'up') lost('the connection closed')
  })
}

/** Why Redis cannot count now, or null when it answers a PING within `ms`. */
export async function redisProblem(client: Redis, ms = 1000): Promise<string | null> {
  // Without an offline queue a PING would fail at once with ioredis's own wording; say it plainly.
  if (client.status !== 'ready') return `redis: not connected (${client.status})`
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`redis: no answer to PING within ${ms} ms`), ms)
  })
  try {
    return await Promise.race([
      client.ping().then(
        () => null,
        (error: unknown) => `redis: ${describe(error)}`,
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}
