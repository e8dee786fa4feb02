import type { Plugin } from 'vite'
import { findRoute, handle as handleDemoRequest } from '../demo-pages/site.mjs'
import { reserveCss } from './reserve-plugin.ts'

/** The reserve stylesheet's address, the same as the built one's: the dev server joins its files. */
const RESERVE_CSS = '/widgets/wine-widgets.css'

/**
 * The built demo's script addresses → the sources the dev server transforms (the MSW bootstrap,
 * the library entry, the catalogue and bank).
 */
const DEV_SOURCES: [from: string, to: string][] = [
  ['/demo/demo.js', '/demo-pages/boot.ts'],
  ['/widgets/wine-widgets.js', '/mount/index.ts'],
  ['/demo/catalogue.js', '/demo-pages/catalogue.ts'],
  ['/demo/bank.js', '/demo-pages/bank.ts'],
]

/** A demo page's HTML pointing at the sources instead of dist/ and dist-demo/. */
export function devPageHtml(html: string): string {
  return DEV_SOURCES.reduce((page, [from, to]) => page.replaceAll(`"${from}"`, `"${to}"`), html)
}

/**
 * `npm run dev` (`vite`): the demo site (`demo-pages/site.mjs`, the pages `npm run demo` serves)
 * on Vite's dev server, its scripts pointed at the sources, with hot reload (React Fast Refresh
 * for components, CSS modules in place) and the MSW worker. Nothing is built.
 */
export function demoDevServer(): Plugin {
  return {
    name: 'wine-demo-dev-server',
    apply: 'serve',
    configureServer(server) {
      // A reserve file changed: the page swaps the stylesheet's <link> as Vite does for its own CSS.
      server.watcher.on('change', (file) => {
        if (!file.endsWith('reserve.css')) return
        server.ws.send({
          type: 'update',
          updates: [
            {
              type: 'css-update',
              path: RESERVE_CSS,
              acceptedPath: RESERVE_CSS,
              timestamp: Date.now(),
            },
          ],
        })
      })
      server.middlewares.use((req, res, next) => {
        let pathname: string
        try {
          pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
        } catch {
          next()
          return
        }
        if (pathname === RESERVE_CSS) {
          res.setHeader('Content-Type', 'text/css; charset=utf-8')
          res.setHeader('Cache-Control', 'no-cache')
          res.end(reserveCss())
          return
        }
        const demoPath =
          findRoute(pathname) !== undefined ||
          pathname.startsWith('/assets/') ||
          pathname === '/mockServiceWorker.js' ||
          /^\/demo\/bank\/?$/.test(pathname)
        if (!demoPath) {
          next()
          return
        }
        handleDemoRequest(req, res, {
          transformHtml: (path, html) => server.transformIndexHtml(path, devPageHtml(html)),
        }).catch(next)
      })
    },
  }
}
