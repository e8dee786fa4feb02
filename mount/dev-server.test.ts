// @vitest-environment node
/**
 * `npm run dev` smoke test: Vite's dev server starts with the project config and serves the demo
 * pages (the same routes as `npm run demo`) pointed at the sources, with the hot-reload client,
 * the library entry and the MSW worker; the GA4 demo cookie turns analytics on in the config.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ViteDevServer } from 'vite'
import { fileURLToPath } from 'node:url'
import { server as mockServer } from '../mocks/node'

const root = fileURLToPath(new URL('..', import.meta.url))
let server: ViteDevServer | undefined
let base = ''

beforeAll(async () => {
  // This file talks to a real local server: the mocks (which refuse unmocked requests) stand aside.
  mockServer.close()
  server = await createServer({
    root,
    configFile: `${root}vite.config.ts`,
    logLevel: 'silent',
    server: { port: 0, strictPort: false, host: '127.0.0.1', ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('the dev server has no port')
  base = `http://127.0.0.1:${address.port}`
}, 30_000)

afterAll(async () => {
  await server?.close()
  mockServer.listen({ onUnhandledFrame: 'error' }) // as the setup left it (it closes it last)
})

describe('npm run dev', () => {
  it('serves a demo page with hot reload and its scripts pointed at the sources', async () => {
    const res = await fetch(`${base}/en/giftbox`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('data-widget="giftbox"')
    expect(html).toContain('/@vite/client')
    expect(html).toContain('/@react-refresh')
    expect(html).toContain('src="/demo-pages/boot.ts" data-widgets-src="/mount/index.ts"')
    expect(html).toContain('href="/widgets/wine-widgets.css"')
    expect(html).not.toContain('/widgets/wine-widgets.js')
    expect(html).not.toContain('"analytics"')
  })

  it('serves the library entry transformed from source, and the MSW worker', async () => {
    const entry = await fetch(`${base}/mount/index.ts`)
    expect(entry.status).toBe(200)
    expect(entry.headers.get('content-type')).toContain('javascript')
    expect(await entry.text()).toContain('WineWidgets')

    const worker = await fetch(`${base}/mockServiceWorker.js`)
    expect(worker.status).toBe(200)
    expect(worker.headers.get('service-worker-allowed')).toBe('/')
    // The demo's worker (demo-pages/mock-worker.mjs), not MSW's file as it is.
    expect(await worker.text()).toContain('Demo (demo-pages/mock-worker.mjs)')
  })

  it("serves the reserve stylesheet joined from mount/reserve.css and the widgets' own files", async () => {
    const res = await fetch(`${base}/widgets/wine-widgets.css`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/css')
    const css = await res.text()
    expect(css.indexOf('--ww-floor-s: initial')).toBeGreaterThanOrEqual(0)
    expect(css.indexOf("[data-widget='faq']")).toBeGreaterThan(css.indexOf('--ww-floor-s: initial'))
  })

  it('turns the demo GA4 analytics on with the wine_demo_analytics cookie', async () => {
    const res = await fetch(`${base}/fr/panier`, {
      headers: { cookie: 'wine_demo_analytics=ga4' },
    })
    expect(res.status).toBe(200)
    const block = /id="wine-widgets-config">([\s\S]*?)<\/script>/.exec(await res.text())
    expect(JSON.parse(block?.[1] ?? '{}')).toMatchObject({ demo: true, analytics: { ga4: true } })
  })
})
