/**
 * The demo site for the cross-engine journeys: `demo-pages/server.mjs` (the same server and built
 * files as the Chromium suite) behind a small proxy that inserts the harness script
 * (`in-page.ts`) as the first script of every HTML page. Everything else passes through
 * untouched, including the MSW service worker.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, request, type Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { installCross } from './in-page.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const SNIPPET = `<script>(${installCross.toString()})()</script>`

export interface DemoSite {
  baseURL: string
  close(): Promise<void>
}

async function waitFor(url: string, child: ChildProcess, ms = 20_000): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the demo server exited (${child.exitCode})`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`the demo server did not answer on ${url} within ${ms / 1000} s`)
}

/** Starts the demo server on `port + 1` and the proxy on `port` (both on 127.0.0.1). */
export async function startDemoSite(port: number): Promise<DemoSite> {
  const inner = port + 1
  const child = spawn(process.execPath, ['demo-pages/server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(inner) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor(`http://127.0.0.1:${inner}/`, child)

  const proxy: Server = createServer((req, res) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port: inner,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'accept-encoding': 'identity' },
      },
      (up) => {
        const type = up.headers['content-type'] ?? ''
        if (!type.startsWith('text/html')) {
          res.writeHead(up.statusCode ?? 502, up.headers)
          up.pipe(res)
          return
        }
        const chunks: Buffer[] = []
        up.on('data', (c: Buffer) => chunks.push(c))
        up.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8')
          const body = /<head[^>]*>/i.test(html)
            ? html.replace(/<head[^>]*>/i, (head) => head + SNIPPET)
            : SNIPPET + html
          const headers = { ...up.headers }
          delete headers['content-length']
          delete headers['content-security-policy']
          res.writeHead(up.statusCode ?? 502, headers)
          res.end(body)
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
    proxy.once('error', reject)
    proxy.listen(port, '127.0.0.1', resolve)
  })
  return {
    baseURL: `http://127.0.0.1:${port}`,
    close: async () => {
      proxy.closeAllConnections()
      await new Promise<void>((resolve) => proxy.close(() => resolve()))
      child.kill('SIGTERM')
    },
  }
}
