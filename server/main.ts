/**
 * The proxies as a Node server of their own (beside the CMS, behind the same host name):
 *
 *   npm run build:server && SITE_URL=… LLM_BASE_URL=… node dist-server/main.js
 *
 * Environment: config.ts's variables, plus PORT (default 8787), HOST (default 127.0.0.1),
 * REDIS_URL (limits shared by every instance; memory otherwise) and TRUST_PROXY=1 (the caller's
 * address is the last one of X-Forwarded-For, as the reverse proxy in front wrote it).
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import { createProxiesFromEnv } from './config'
import type { LimitStore } from './limits'
import { toNodeListener } from './node'

const env = process.env
let store: LimitStore = { kind: 'memory' }
if (env.REDIS_URL) {
  // No offline queue: while Redis is away, limits count in memory instead of waiting for it.
  const client = new Redis(env.REDIS_URL, { enableOfflineQueue: false })
  client.on('error', (error: unknown) => {
    console.error('[proxy] redis:', error)
  })
  store = { kind: 'redis', client }
}

const { handle, skipped } = createProxiesFromEnv(env, { store })
for (const proxy of skipped) console.warn(`[proxy] not serving ${proxy}`)

const forwardedFor = (req: IncomingMessage): string | undefined => {
  const header = req.headers['x-forwarded-for']
  const last = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').pop()?.trim()
  return last || req.socket.remoteAddress
}

const server = createServer(
  toNodeListener(handle, env.TRUST_PROXY === '1' ? { clientIp: forwardedFor } : {}),
)
const port = Number(env.PORT ?? 8787)
server.listen(port, env.HOST ?? '127.0.0.1', () => {
  // Listening on a TCP port, address() is an AddressInfo (a string only for pipes); PORT=0 asks
  // the system for a free port, named here.
  const { address, port: listening } = server.address() as AddressInfo
  console.log(`[proxy] listening on ${address}:${listening} (limits: ${store.kind})`)
})
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.close(() => process.exit(0))
    server.closeAllConnections()
  })
