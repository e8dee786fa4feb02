import type { Plugin } from 'vite'
import { findRoute, handle as handleDemoRequest } from '../demo-pages/site.mjs'

/**
 * The built demo's script and stylesheet addresses → the sources the dev server transforms (the
 * MSW bootstrap, the library entry, the reserved-space stylesheet, the catalogue and bank).
 */
const DEV_SOURCES: [from: string, to: string][] = [
  ['/demo/demo.js', '/demo-pages/boot.ts'],
  ['/widgets/wine-widgets.js', '/mount/index.ts'],
  ['/widgets/wine-widgets.css', '/mount/reserve.css'],
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
      server.middlewares.use((req, res, next) => {
        let pathname: string
        try {
          pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
        } catch {
          next()
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
