/**
 * The mock back office as a real server answers it (`npm run demo:prod`): the one handler list
 * (`mocks/handlers.ts`) run in Node by MSW's own `getResponse`, without a service worker or an
 * interceptor. `demo-pages/server.mjs --prod` passes every request that is not a file or a page
 * here; `demo-pages/build-prod.mjs` bundles this module to `dist-prod/api.js` for it.
 *
 * The sommelier (`/api/sommelier`), the rules (`/api/rules/…`) and hosted search through the
 * site's own proxy path (the config's `algolia.hosts`, `/algolia/1/indexes/…`) are answered by
 * the reference proxies (server/, mocks/demo-proxies.ts), whose upstreams are the mocks.
 *
 * Like the CMS, the server gives a visitor a session cookie (`SESSION_COOKIE`) with its first API
 * answer: the sommelier's proxy forwards it to the session check, as it would the CMS's own. The
 * state (`db`: the logged-in user, orders, points) is still one for the whole server, shared by
 * every visitor and reset when it restarts; faults are not used here.
 */
import { getResponse } from 'msw'
import { db } from './db'
import { createDemoProxies } from './demo-proxies'
import { handlers } from './handlers'

/** A long-running server keeps the last calls only (the browser keeps 200 in sessionStorage). */
const MAX_CALLS = 500

/** The site's own API (the mock back office), for a request to it. */
const site = async (request: Request): Promise<Response> =>
  (await getResponse(handlers, request, { baseUrl: new URL(request.url).origin })) ??
  Response.json({ message: 'Not found' }, { status: 404 })

const proxies = createDemoProxies({ site })

/** The demo's session cookie (the CMS's would be `laravel_session`). */
export const SESSION_COOKIE = 'demo_session'

const hasSession = (request: Request) =>
  (request.headers.get('cookie') ?? '')
    .split(';')
    .some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`))

/**
 * The contract's Cache-Control (components.headers): the CMS collections briefly public, every
 * other answer of the back office `private, no-store`, as a real site sends them.
 */
const isCollection = (request: Request) =>
  /^\/api\/collections\//.test(new URL(request.url).pathname)

const cacheControl = (request: Request) =>
  isCollection(request) ? 'public, max-age=60, stale-while-revalidate=300' : 'private, no-store'

/**
 * The answer with its Cache-Control (unless it set one), and a new session cookie for a visitor
 * who has none yet (never on a collection's answer, which a CDN may keep).
 */
function withSession(request: Request, response: Response): Response {
  if (response.type === 'error') return response
  const headers = new Headers(response.headers)
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', cacheControl(request))
  if (!hasSession(request) && !isCollection(request))
    headers.append(
      'Set-Cookie',
      `${SESSION_COOKIE}=${crypto.randomUUID()}; Path=/; HttpOnly; SameSite=Lax`,
    )
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/**
 * The answer to a request, or undefined when nothing takes it (a page, a file, an unknown
 * address). A handler's network error (`HttpResponse.error()`) is a Response of type "error":
 * the server drops the connection.
 */
export async function answer(request: Request): Promise<Response | undefined> {
  const origin = new URL(request.url).origin
  const response =
    (await proxies(request)) ?? (await getResponse(handlers, request, { baseUrl: origin }))
  if (db.calls.length > MAX_CALLS) db.calls.splice(0, db.calls.length - MAX_CALLS)
  return response && withSession(request, response)
}
