/**
 * The demo site for the cross-engine journeys: `demo-pages/server.mjs` (the same server and built
 * files as the Chromium suite) behind a small proxy that inserts the harness script
 * (`in-page.ts`) as the first script of every HTML page. Everything else passes through
 * untouched, including the MSW service worker and the sommelier's event stream.
 *
 * Two modes, as the demo server's: `demo` (MSW in the browser, every journey) and `prod`
 * (`server.mjs --prod`: the site's API answered server-side by the same MSW handlers, built to
 * dist-prod/api.js by `demo-pages/build-prod.mjs`), for a journey the service worker cannot serve
 * in one engine. Both listen on ports the system gives, so a server left over from another run
 * never fails this one.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { startHtmlProxy, type HtmlProxy } from './html-proxy.ts'
import { installCross } from './in-page.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const SNIPPET = `<script>(${installCross.toString()})()</script>`
/** What `demo-pages/build-prod.mjs` writes, for `server.mjs --prod` (demo-pages/prod.mjs). */
export const PROD_API = fileURLToPath(new URL('../dist-prod/api.js', import.meta.url))

export interface DemoSite {
  baseURL: string
  /**
   * Event streams (`text/event-stream`, the sommelier's answer in prod mode) answered from now on
   * stop after their first `events` events until `releaseStreams()`: the test decides when the
   * rest comes, so what the page shows meanwhile is checked however loaded the machine is.
   */
  holdStreams(events: number): void
  releaseStreams(): void
  close(): Promise<void>
}

export interface DemoSiteOptions {
  /** `demo` (default): MSW in the browser; `prod`: the API answered by the server. */
  mode?: 'demo' | 'prod'
  /** The proxy's port (default: a free one). */
  port?: number
}

/**
 * Starts `demo-pages/server.mjs` on a free port (PORT=0) and resolves with that port, read from
 * its "[demo] serving … on http://127.0.0.1:PORT/" line.
 */
function startServer(
  mode: 'demo' | 'prod',
  ms = 20_000,
): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['demo-pages/server.mjs', ...(mode === 'prod' ? ['--prod'] : [])],
    { cwd: root, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => {
      child.kill('SIGTERM')
      reject(new Error(`the demo server (${mode}) did not start within ${ms / 1000} s`))
    }, ms)
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const port = /\[demo\] serving .* on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1]
      if (port) {
        clearTimeout(timer)
        // Keep reading (and dropping) its output so the pipe never fills.
        child.stdout.removeAllListeners('data').resume()
        resolve({ port: Number(port), child })
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the demo server (${mode}) exited (${code}) before listening`))
    })
  })
}

/** Starts the demo server and the proxy in front of it (both on 127.0.0.1). */
export async function startDemoSite({
  mode = 'demo',
  port = 0,
}: DemoSiteOptions = {}): Promise<DemoSite> {
  if (mode === 'prod' && !existsSync(PROD_API))
    throw new Error(`${PROD_API} is missing: run node demo-pages/build-prod.mjs`)
  const { port: inner, child } = await startServer(mode)
  let hold: number | undefined
  const held = new Set<() => void>()

  /** Passes an event stream on event by event, stopping after `limit` until released. */
  function passStream(up: IncomingMessage, res: ServerResponse, limit: number) {
    let pending = ''
    let sent = 0
    let ended = false
    const flush = () => {
      for (;;) {
        const end = pending.indexOf('\n\n')
        if (end === -1 || (hold !== undefined && sent >= limit)) break
        res.write(pending.slice(0, end + 2))
        pending = pending.slice(end + 2)
        sent++
      }
      if (ended && (hold === undefined || sent < limit)) {
        held.delete(flush)
        res.end(pending)
      }
    }
    held.add(flush)
    up.setEncoding('utf8')
    up.on('data', (text: string) => {
      pending += text
      flush()
    })
    up.on('end', () => {
      ended = true
      flush()
    })
  }

  let proxy: HtmlProxy
  try {
    proxy = await startHtmlProxy({
      target: `http://127.0.0.1:${inner}`,
      port,
      page({ html, status, headers }, res) {
        const body = /<head[^>]*>/i.test(html)
          ? html.replace(/<head[^>]*>/i, (head) => head + SNIPPET)
          : SNIPPET + html
        delete headers['content-security-policy']
        res.writeHead(status, headers)
        res.end(body)
      },
      other(up, res) {
        const type = up.headers['content-type'] ?? ''
        if (!type.startsWith('text/event-stream') || hold === undefined) return false
        res.writeHead(up.statusCode ?? 502, up.headers)
        passStream(up, res, hold)
        return true
      },
    })
  } catch (error) {
    child.kill('SIGTERM')
    throw error
  }
  return {
    baseURL: proxy.url,
    holdStreams: (events) => {
      hold = events
    },
    releaseStreams: () => {
      hold = undefined
      for (const flush of [...held]) flush()
    },
    close: async () => {
      await proxy.close()
      child.kill('SIGTERM')
    },
  }
}
