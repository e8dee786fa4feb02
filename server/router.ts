/**
 * Several proxies behind one handler, by path: a request goes to the handler whose path it is
 * under (`/api/rules` takes `/api/rules/evaluate/shipping`); null when none takes it, so the
 * host (the CMS, the demo server) answers it itself.
 */
import type { Handler, RequestInfo } from './http'

export type Router = (request: Request, info?: RequestInfo) => Promise<Response | null>

export function route(routes: Readonly<Record<string, Handler>>): Router {
  const entries = Object.entries(routes).map(([path, handler]): [string, Handler] => [
    path.replace(/\/+$/, ''),
    handler,
  ])
  return async (request, info) => {
    const { pathname } = new URL(request.url)
    for (const [path, handler] of entries)
      if (pathname === path || pathname.startsWith(`${path}/`)) return handler(request, info)
    return null
  }
}
