/**
 * A proxy in front of the demo server that hands each HTML page, whole and uncompressed, to the
 * test's `page` callback, which writes it as the test needs (with a script inserted, in pieces);
 * everything else passes through as it came, unless `other` takes it. The cross-engine harness
 * and the Chromium suite's streamed-page check both stand on it.
 */
import {
  createServer,
  request,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

export interface HtmlAnswer {
  html: string
  status: number
  /** The upstream's headers without `content-length` (the page's text is the callback's). */
  headers: OutgoingHttpHeaders
}

export interface HtmlProxyOptions {
  /** The upstream's origin, e.g. `http://127.0.0.1:4300`. */
  target: string
  /** The proxy's port (default: a free one). */
  port?: number
  page(answer: HtmlAnswer, res: ServerResponse): void
  /** A non-HTML answer: true when it wrote `res` itself. */
  other?(up: IncomingMessage, res: ServerResponse): boolean
}

export interface HtmlProxy {
  url: string
  close(): Promise<void>
}

export async function startHtmlProxy({
  target,
  port = 0,
  page,
  other,
}: HtmlProxyOptions): Promise<HtmlProxy> {
  const server = createServer((req, res) => {
    const upstream = request(
      new URL(req.url ?? '/', target),
      // Uncompressed, so that the page can be read as text.
      { method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } },
      (up) => {
        if (!(up.headers['content-type'] ?? '').startsWith('text/html')) {
          if (other?.(up, res)) return
          res.writeHead(up.statusCode ?? 502, up.headers)
          up.pipe(res)
          return
        }
        const chunks: Buffer[] = []
        up.on('data', (chunk: Buffer) => chunks.push(chunk))
        up.on('end', () => {
          const headers = { ...up.headers }
          delete headers['content-length']
          const html = Buffer.concat(chunks).toString('utf8')
          page({ html, status: up.statusCode ?? 502, headers }, res)
        })
      },
    )
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  // listen() on a TCP port answers an AddressInfo.
  const { port: bound } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${bound}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
