/**
 * The proxies as a service to run (main.ts): a Node HTTP server around the router with what a
 * load balancer and an operator need beside the three paths:
 * - `GET /healthz` (the process answers) and `GET /readyz` (ready to serve, or 503 with the
 *   reasons), answered before the router: never rate-limited, never proxied;
 * - one JSON log line per request (method, path without its query, status, duration, upstream
 *   time, the limiter's decision, the request id that is also sent back as `X-Request-Id`): no
 *   body, no cookie, no key, no query (the browser's search client puts its key there);
 * - a graceful stop, `drain()`: new requests get a 503 with `Retry-After`, the answers in flight
 *   (the sommelier's streams) finish up to a deadline, then the server closes.
 *
 * Upstream time and limiter decisions are gathered per request through AsyncLocalStorage: the
 * handlers stay web-standard Fetch handlers that know nothing of this (tracedFetch and
 * tracedLimiter wrap what they are given).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Fetch } from './http'
import type { Limiter, LimitRule } from './limits'
import { toRequest, writeResponse } from './node'
import type { Router } from './router'

/** A structured log line; written as one line of JSON. */
export type LogEntry = { level: 'info' | 'warn' | 'error'; msg: string } & Record<string, unknown>
export type JsonLog = (entry: LogEntry) => void

/** What one request's handler did, gathered while it runs. */
interface Trace {
  upstreamMs: number
  limit: 'none' | 'allowed' | 'refused'
  refusedBy?: string
}

const traces = new AsyncLocalStorage<Trace>()

/** `fetch` that adds the time to the upstream's answer headers to the current request's log. */
export function tracedFetch(fetcher: Fetch): Fetch {
  return async (request) => {
    const started = performance.now()
    try {
      return await fetcher(request)
    } finally {
      const trace = traces.getStore()
      if (trace) trace.upstreamMs += performance.now() - started
    }
  }
}

/** A limiter whose decision goes into the current request's log. */
export function tracedLimiter(limiter: Limiter, rule: LimitRule): Limiter {
  return {
    async consume(key) {
      const result = await limiter.consume(key)
      const trace = traces.getStore()
      if (trace && trace.limit !== 'refused') {
        trace.limit = result.allowed ? 'allowed' : 'refused'
        if (!result.allowed) trace.refusedBy = rule.name
      }
      return result
    },
  }
}

export interface ServiceOptions {
  handle: Router
  /** Why the service cannot serve yet; empty when it can. */
  readiness: () => Promise<string[]>
  log: JsonLog
  /** The caller's address; by default the socket's. */
  clientIp?: (req: IncomingMessage) => string | undefined
  /** How long answers in flight may take to finish once draining. */
  drainTimeoutMs: number
  /** Seconds a refused caller is told to wait while the server drains. @default 5 */
  retryAfterSeconds?: number
}

export interface Service {
  server: Server
  /**
   * Stops gracefully: answers new requests 503, waits for those in flight up to the deadline,
   * cuts the rest, closes the server. Resolves with how many were cut.
   */
  drain(): Promise<{ cut: number }>
}

/** An id a load balancer or the site passed on is kept when it is a plain token. */
const PASSED_ID = /^[A-Za-z0-9._:-]{1,64}$/

const json = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...headers,
  })
  res.end(JSON.stringify(body))
}

const ms = (value: number) => Math.round(value * 10) / 10

export function createService(options: ServiceOptions): Service {
  const { handle, readiness, log, clientIp, drainTimeoutMs, retryAfterSeconds = 5 } = options
  const inFlight = new Set<ServerResponse>()
  let draining: Promise<{ cut: number }> | null = null

  async function answer(req: IncomingMessage, res: ServerResponse, path: string, trace: Trace) {
    if (path === '/healthz' || path === '/readyz') {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        json(res, 405, { message: 'Use GET.' }, { Allow: 'GET, HEAD' })
        return
      }
      if (path === '/healthz') {
        json(res, 200, { status: 'ok' })
        return
      }
      const reasons = draining ? ['draining: the server is stopping'] : await readiness()
      json(
        res,
        reasons.length ? 503 : 200,
        reasons.length ? { status: 'not ready', reasons } : { status: 'ready' },
      )
      return
    }
    if (draining) {
      json(
        res,
        503,
        { message: 'The server is restarting: try again.' },
        { 'Retry-After': String(retryAfterSeconds), Connection: 'close' },
      )
      return
    }
    inFlight.add(res)
    res.on('close', () => inFlight.delete(res))
    const gone = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) gone.abort()
    })
    const ip = clientIp ? clientIp(req) : req.socket.remoteAddress
    const response = await traces.run(trace, () =>
      handle(toRequest(req, gone.signal), ip ? { ip } : {}),
    )
    await writeResponse(res, response ?? Response.json({ message: 'Not found.' }, { status: 404 }))
  }

  const server = createServer((req, res) => {
    const started = performance.now()
    const passed = req.headers['x-request-id']
    const id = typeof passed === 'string' && PASSED_ID.test(passed) ? passed : randomUUID()
    res.setHeader('X-Request-Id', id)
    // The path only: the query may hold a key (the search client's), and it is the caller's text.
    const path = ((req.url ?? '/').split('?', 1)[0] ?? '/').slice(0, 200)
    const trace: Trace = { upstreamMs: 0, limit: 'none' }
    res.on('close', () => {
      log({
        level: 'info',
        msg: 'request',
        id,
        method: req.method,
        path,
        status: res.statusCode,
        ms: ms(performance.now() - started),
        upstreamMs: ms(trace.upstreamMs),
        limit: trace.limit,
        ...(trace.refusedBy && { refusedBy: trace.refusedBy }),
        // The caller left, or the drain's deadline cut the answer, before its end.
        ...(!res.writableFinished && { aborted: true }),
      })
    })
    answer(req, res, path, trace).catch((error: unknown) => {
      log({ level: 'error', msg: 'the handler failed', id, error: describe(error) })
      if (!res.headersSent) json(res, 500, { message: 'Server error.' })
      else res.destroy()
    })
  })

  function drain(): Promise<{ cut: number }> {
    draining ??= new Promise((resolve) => {
      // Still listening: a request that comes now gets the 503 above (a load balancer then
      // sends it elsewhere) rather than a refused connection. Idle keep-alive connections are
      // closed now, busy ones after their answer (Connection: close from now on).
      server.closeIdleConnections()
      let cut = 0
      const deadline = setTimeout(() => {
        // Their 'close' (which writes their log line) then finishes the drain below.
        cut = inFlight.size
        for (const res of inFlight) res.destroy()
      }, drainTimeoutMs)
      const check = () => {
        if (inFlight.size > 0) return
        clearTimeout(deadline)
        server.close()
        server.closeAllConnections()
        resolve({ cut })
      }
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader('Connection', 'close')
        res.on('close', check)
      }
      check()
    })
    return draining
  }

  return { server, drain }
}

/** An error as one short line: its message (and its cause's), never a stack. */
export function describe(detail: unknown): string {
  if (detail instanceof Error) {
    const cause = detail.cause instanceof Error ? ` (${detail.cause.message})` : ''
    return `${detail.message}${cause}`.slice(0, 300)
  }
  if (typeof detail === 'string') return detail.slice(0, 300)
  try {
    // JSON.stringify says `string`, but gives undefined for undefined and functions.
    const text = JSON.stringify(detail) as string | undefined
    return (text ?? String(detail)).slice(0, 300)
  } catch {
    return String(detail).slice(0, 300)
  }
}
