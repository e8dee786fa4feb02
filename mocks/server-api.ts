/**
 * The mock back office as a real server answers it (`npm run demo:prod`): the one handler list
 * (`mocks/handlers.ts`) run in Node by MSW's own `getResponse`, without a service worker or an
 * interceptor. `demo-pages/server.mjs --prod` passes every request that is not a file or a page
 * here; `demo-pages/build-prod.mjs` bundles this module to `dist-prod/api.js` for it.
 *
 * Hosted search arrives through the site's own proxy path (the config's `algolia.hosts`, here
 * `[{ "url": "/algolia" }]`): `/algolia/1/indexes/…` is answered by the same search mock as
 * `https://{appId}-dsn.algolia.net/1/indexes/…`.
 *
 * The state (`db`: the logged-in user, orders, points) is one for the whole server, shared by
 * every visitor and reset when it restarts; faults are not used here.
 */
import { getResponse } from 'msw'
import { db } from './db'
import { handlers } from './handlers'

/** The path the demo pages' `algolia.hosts` points at. */
export const SEARCH_PROXY_PATH = '/algolia'

/** A long-running server keeps the last calls only (the browser keeps 200 in sessionStorage). */
const MAX_CALLS = 500

/**
 * The request Algolia itself would receive for one sent to the site's search proxy
 * (`/algolia/1/indexes/*\/queries?x-algolia-application-id=APP…` →
 * `https://app-dsn.algolia.net/1/indexes/*\/queries?…`), or the request itself.
 */
export async function toSearchHost(request: Request): Promise<Request> {
  const url = new URL(request.url)
  if (!url.pathname.startsWith(`${SEARCH_PROXY_PATH}/`)) return request
  const appId =
    url.searchParams.get('x-algolia-application-id') ??
    request.headers.get('x-algolia-application-id') ??
    ''
  // An app id that cannot be a host name is sent to a host the search mock does not serve: 404.
  const host = /^[a-z0-9-]+$/i.test(appId) ? `${appId.toLowerCase()}-dsn.algolia.net` : 'invalid'
  const path = url.pathname.slice(SEARCH_PROXY_PATH.length) + url.search
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer()
  return new Request(new URL(path, `https://${host}`), {
    method: request.method,
    headers: request.headers,
    body,
  })
}

/**
 * The handlers' answer to a request, or undefined when no handler takes it (a page, a file, an
 * unknown address). A handler's network error (`HttpResponse.error()`) is a Response of type
 * "error": the server drops the connection.
 */
export async function answer(request: Request): Promise<Response | undefined> {
  const origin = new URL(request.url).origin
  const response = await getResponse(handlers, await toSearchHost(request), { baseUrl: origin })
  if (db.calls.length > MAX_CALLS) db.calls.splice(0, db.calls.length - MAX_CALLS)
  return response
}
