/**
 * The standalone server's way to its upstreams: a Fetch (http.ts) over node:http(s) with
 * keep-alive agents, in place of the runtime's `fetch`. Measured by `npm run bench:server`, the
 * runtime's fetch (undici, web streams both ways) cost about 1.1 ms of CPU per proxied search on
 * the 2-core machine, more than the whole proxy beside it (0.7 ms): at 500 requests per second
 * that alone was over half a core. The handlers are unchanged: they still take any Fetch.
 *
 * What it keeps of `fetch`'s behaviour, since the handlers rely on it: the request's signal
 * aborts the call and the promise rejects with the signal's reason (so fetchWithDeadline's
 * TimeoutError still reads as a timeout); an event stream is passed on as it comes, and
 * cancelling the body closes the upstream connection. What it does not do: follow redirects
 * (an upstream API answers where it is asked) or ask for compressed answers.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { Readable } from 'node:stream'
import type { Fetch } from './http'

/** Status codes whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304])

function responseHeaders(res: IncomingMessage): Headers {
  const headers = new Headers()
  const raw = res.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? '', raw[i + 1] ?? '')
  return headers
}

export function nodeFetch(): Fetch {
  const agents = {
    'http:': new HttpAgent({ keepAlive: true }),
    'https:': new HttpsAgent({ keepAlive: true }),
  }
  return async (request) => {
    const url = new URL(request.url)
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TypeError(`Only http and https upstreams: ${url.protocol}`)
    const { signal } = request
    signal.throwIfAborted()
    // The handlers send small JSON bodies: read at once, sent with their length.
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : null
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    return new Promise<Response>((resolve, reject) => {
      const outgoing = send(url, {
        method: request.method,
        headers: Object.fromEntries(request.headers),
        agent: agents[url.protocol === 'https:' ? 'https:' : 'http:'],
      })
      let answered: IncomingMessage | undefined
      const abort = () => {
        const reason: unknown = signal.reason
        const error = reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError')
        outgoing.destroy(error)
        answered?.destroy(error)
        reject(error)
      }
      signal.addEventListener('abort', abort, { once: true })
      outgoing.on('error', (error) => {
        signal.removeEventListener('abort', abort)
        reject(error)
      })
      outgoing.on('response', (res) => {
        answered = res
        const status = res.statusCode ?? 502
        const headers = responseHeaders(res)
        res.on('close', () => signal.removeEventListener('abort', abort))
        if (NO_BODY.has(status) || request.method === 'HEAD') {
          res.resume()
          resolve(new Response(null, { status, headers }))
          return
        }
        if ((headers.get('content-type') ?? '').startsWith('text/event-stream')) {
          // `toWeb` is typed with node:stream/web's ReadableStream, which is the global one at
          // run time but another type.
          resolve(
            new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, headers }),
          )
          return
        }
        // Any other answer is one JSON document: gathered, then handed over whole (cheaper than
        // a web stream of its pieces, and the deadline then covers all of it).
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status, headers })))
        res.on('error', reject)
      })
      outgoing.end(body ?? undefined)
    })
  }
}
