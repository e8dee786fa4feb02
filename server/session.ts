/**
 * Who is asking: the site itself says, from the shopper's own cookies. The proxy forwards the
 * Cookie header to `GET {site}/login/getcurrentuser` (the call the widgets make) and reads
 * `isLoggedIn`. No cookie, no call.
 */
import { defaultFetch, fetchWithDeadline, type Fetch } from './http'

export interface Session {
  /**
   * Stable per shopper: a hash of their e-mail address (limits count per shopper, across their
   * tabs and logins, and no address is written to the limits store).
   */
  id: string
}

/** The logged-in shopper, or null. Rejects when the site could not say (answered 5xx, or not at all). */
export type CheckSession = (request: Request) => Promise<Session | null>

export interface SiteSessionOptions {
  /** The site's origin (`https://shop.example`), or how to find it from the request. */
  site: string | ((request: Request) => string)
  fetch?: Fetch
  /** @default 5000 */
  timeoutMs?: number
}

export class SiteUnavailableError extends Error {
  constructor(detail: string) {
    super(`The site could not tell who is asking: ${detail}`)
    this.name = 'SiteUnavailableError'
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export function siteSession({
  site,
  fetch: fetcher = defaultFetch,
  timeoutMs = 5000,
}: SiteSessionOptions): CheckSession {
  return async (request) => {
    const cookie = request.headers.get('cookie')
    if (!cookie) return null
    const origin = (typeof site === 'function' ? site(request) : site).replace(/\/+$/, '')
    const ask = (path: string, headers: Record<string, string> = {}) =>
      fetchWithDeadline(
        fetcher,
        `${origin}${path}`,
        { headers: { cookie, accept: 'application/json', ...headers } },
        timeoutMs,
        request.signal,
      ).catch((error: unknown) => {
        throw new SiteUnavailableError(String(error))
      })

    let answer = await ask('/login/getcurrentuser')
    // A site that wants its CSRF token even on this read answers 419 (Laravel): fetch the
    // session's token with the same cookie and ask once more, as the widgets do.
    if (answer.status === 419) {
      const token = await ask('/cp/auth/token', { accept: 'text/plain' })
      if (!token.ok) throw new SiteUnavailableError(`the CSRF token answered ${token.status}`)
      answer = await ask('/login/getcurrentuser', { 'x-csrf-token': (await token.text()).trim() })
    }
    if (answer.status === 401 || answer.status === 403 || answer.status === 419) return null
    if (!answer.ok) throw new SiteUnavailableError(`getcurrentuser answered ${answer.status}`)
    let body: unknown
    try {
      body = await answer.json()
    } catch {
      throw new SiteUnavailableError('getcurrentuser answered something other than JSON')
    }
    if (!isRecord(body) || body.isLoggedIn !== true) return null
    const email = isRecord(body.user) && typeof body.user.email === 'string' ? body.user.email : ''
    // Logged in without an address (an unexpected answer): the cookie is the best key left.
    return { id: await sha256(email ? `email:${email.trim().toLowerCase()}` : `cookie:${cookie}`) }
  }
}
