/**
 * Node's HTTP server around a Fetch handler: the request becomes a web Request (its body
 * streamed, its signal aborted when the client goes away), the Response is written as it comes
 * (an event stream event by event, with back-pressure), and the socket's address is the caller's
 * `ip` unless `clientIp` says otherwise (behind a reverse proxy: its forwarded header).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { once } from 'node:events'
import { Readable } from 'node:stream'
import type { RequestInfo } from './http'

/** A handler that may decline a request (null): the listener then answers 404. */
export type NodeHandler = (request: Request, info: RequestInfo) => Promise<Response | null>

export interface NodeListenerOptions {
  /** The caller's address; by default the socket's. */
  clientIp?: (req: IncomingMessage) => string | undefined
}

export function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2's pseudo-headers (`:path`…) are not headers a Request can carry.
    if (value === undefined || name.startsWith(':')) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const host = req.headers.host ?? 'localhost'
  return new Request(new URL(req.url ?? '/', `http://${host}`), {
    method: req.method,
    headers,
    signal,
    ...(hasBody && {
      // `toWeb` is typed with node:stream/web's ReadableStream, which is the global one at run
      // time but another type; `duplex` is required for a streamed request body.
      body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
      duplex: 'half',
    }),
  })
}

export async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  if (!response.body) {
    res.writeHead(response.status, headers)
    res.end()
    return
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    // A JSON answer is small and whole: sent in one write with its length, rather than piece by
    // piece and a closing chunk (two writes; npm run bench:server measured the difference).
    const body = Buffer.from(await response.arrayBuffer())
    delete headers['transfer-encoding']
    headers['content-length'] = String(body.byteLength)
    res.writeHead(response.status, headers)
    res.end(body)
    return
  }
  res.writeHead(response.status, headers)
  const reader = response.body.getReader()
  // A client that leaves mid-answer stops the body at once (and so the upstream it comes from),
  // not at its next piece, which may never come.
  res.on('close', () => {
    if (!res.writableFinished) void reader.cancel().catch(() => undefined)
  })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (res.destroyed) return
      if (!res.write(value)) await once(res, 'drain')
    }
    res.end()
  } catch {
    // The body broke off (an upstream that stopped mid-stream): so does this answer.
    res.destroy()
  } finally {
    // Stops the upstream too when the client left before the end.
    void reader.cancel().catch(() => undefined)
  }
}

export function toNodeListener(handler: NodeHandler, options: NodeListenerOptions = {}) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const gone = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) gone.abort()
    })
    const ip = options.clientIp ? options.clientIp(req) : req.socket.remoteAddress
    const run = async () => {
      const response = await handler(toRequest(req, gone.signal), ip ? { ip } : {})
      await writeResponse(
        res,
        response ?? Response.json({ message: 'Not found.' }, { status: 404 }),
      )
    }
    run().catch((error: unknown) => {
      console.error('[proxy] the handler failed', error)
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json' })
        res.end('{"message":"Server error."}')
      } else res.destroy()
    })
  }
}
