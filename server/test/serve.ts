/**
 * Test helpers: a handler behind a real Node HTTP server on a free port, and fake upstreams (local
 * HTTP servers that record what reaches them and answer what the test says).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'
import { toNodeListener, type NodeHandler } from '../node'

const open: Server[] = []

afterEach(async () => {
  const servers = open.splice(0)
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        }),
    ),
  )
})

export interface Served {
  url: string
  server: Server
}

/** Listens on 127.0.0.1 and a port the system gives; closed after the test. */
export async function serve(handler: NodeHandler): Promise<Served> {
  const server = createServer(toNodeListener(handler))
  open.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // Listening on a TCP port, address() is an AddressInfo (a string only for pipes).
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, server }
}

export interface Received {
  method: string
  path: string
  headers: Headers
  body: string
}

export interface FakeUpstream {
  url: string
  /** Every request that reached it, in order. */
  received: Received[]
}

/** A fake upstream: records each request, then answers with `answer(request)`. */
export async function fakeUpstream(
  answer: (received: Received) => Response | Promise<Response>,
): Promise<FakeUpstream> {
  const received: Received[] = []
  const { url } = await serve(async (request) => {
    const entry: Received = {
      method: request.method,
      path: new URL(request.url).pathname,
      headers: request.headers,
      body: request.body ? await request.text() : '',
    }
    received.push(entry)
    return answer(entry)
  })
  return { url, received }
}

/** POST JSON (or any text) to a served handler. */
export function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
