/**
 * The proxies as a Node server of their own (beside the CMS, behind the same host name):
 *
 *   npm run build:server && SITE_URL=… LLM_BASE_URL=… node dist-server/main.js
 *
 * One file with its packages inside (server/build.mjs): it runs on Node 22 with nothing beside it
 * (docs/deploy.md). Settings: settings.ts's VARIABLES; a wrong value stops the start (exit 1,
 * naming the variable, exit 78). Logs are JSON lines on stdout (service.ts). SIGTERM or SIGINT drains:
 * new requests 503, answers in flight finish within DRAIN_TIMEOUT_MS, then the process exits 0.
 */
import type { IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import { createProxiesFromEnv } from './config'
import type { LimitStore } from './limits'
import { redisProblem, watchRedis } from './redis-watch'
import { createService, describe, tracedFetch, tracedLimiter, type JsonLog } from './service'
import { readServerSettings } from './settings'
import { nodeFetch } from './upstream'

const log: JsonLog = (entry) => {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`)
}

const reading = readServerSettings(process.env)
if (!reading.ok) {
  log({
    level: 'error',
    msg: `bad configuration: ${reading.errors.join('; ')}`,
    errors: reading.errors,
  })
  // 78 (sysexits' EX_CONFIG): a service manager can tell a wrong setting, which a restart only
  // repeats, from a failure that one may cure (systemd's RestartPreventExitStatus=78).
  process.exit(78)
}
const settings = reading.settings

let redis: Redis | undefined
let store: LimitStore = { kind: 'memory' }
if (settings.redisUrl) {
  // No offline queue: while Redis is away, limits count in memory instead of waiting for it.
  redis = new Redis(settings.redisUrl, { enableOfflineQueue: false })
  watchRedis(redis, log)
  store = { kind: 'redis', client: redis }
}

const { handle, skipped } = createProxiesFromEnv(process.env, {
  store,
  fetch: tracedFetch(nodeFetch()),
  wrapLimiter: tracedLimiter,
  log: (message, detail) => {
    log({ level: 'warn', msg: message, ...(detail !== undefined && { detail: describe(detail) }) })
  },
})
for (const proxy of skipped) log({ level: 'warn', msg: `not serving ${proxy}` })

const forwardedFor = (req: IncomingMessage): string | undefined => {
  const header = req.headers['x-forwarded-for']
  const last = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').pop()?.trim()
  return last || req.socket.remoteAddress
}

const service = createService({
  handle,
  log,
  drainTimeoutMs: settings.drainTimeoutMs,
  ...(settings.trustProxy && { clientIp: forwardedFor }),
  readiness: async () => {
    const reasons = skipped.map((proxy) => `not serving ${proxy}`)
    const problem = redis ? await redisProblem(redis) : null
    return problem ? [...reasons, problem] : reasons
  },
})

service.server.on('error', (error) => {
  log({ level: 'error', msg: `cannot listen: ${describe(error)}` })
  process.exit(1)
})
service.server.listen(settings.port, settings.host, () => {
  // Listening on a TCP port, address() is an AddressInfo (a string only for pipes); PORT=0 asks
  // the system for a free port, named here.
  const { address, port } = service.server.address() as AddressInfo
  log({ level: 'info', msg: 'listening', address, port, limits: store.kind, node: process.version })
})

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    // A second signal does not wait for the drain.
    if (stopping) process.exit(1)
    stopping = true
    log({ level: 'info', msg: `${signal}: draining`, timeoutMs: settings.drainTimeoutMs })
    void service.drain().then(({ cut }) => {
      log({ level: 'info', msg: 'stopped', cut })
      redis?.disconnect()
      process.exit(0)
    })
  })
