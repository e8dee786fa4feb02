import { HttpError, request, type RequestOptions } from './http'
import { pageSlot } from '../page/page-context'

export const CSRF_TOKEN_URL = '/cp/auth/token'

interface CsrfSlot {
  /** The page's CSRF token: fetched by the first account call, then kept. */
  token: Promise<string> | null
  /** Told when an account call answers 401 (src/session/session.ts: ask who is logged in). */
  onUnauthenticated: (() => void) | null
}
const page = pageSlot<CsrfSlot>(() => ({ token: null, onUnauthenticated: null }))

function fetchToken(): Promise<string> {
  const state = page.get()
  const token = request<string>(CSRF_TOKEN_URL, { parse: 'text' }).then((t) => t.trim())
  state.token = token
  // A failed token fetch must not be cached: the next account call tries again.
  token.catch(() => {
    if (state.token === token) state.token = null
  })
  return token
}

/**
 * Who hears that an account call answered 401: the server no longer knows the visitor the page
 * shows (a session reused from an earlier page of the tab may have ended on the server since).
 */
export function onUnauthenticated(listener: () => void): void {
  page.get().onUnauthenticated = listener
}

/**
 * An account call: fetches the CSRF token with the page's first account call
 * (never before: a page that makes none asks for no token), sends it as X-CSRF-TOKEN, and on 419
 * (stale token) fetches a new one and retries once. A 401 is still thrown to the caller, and
 * told to `onUnauthenticated`.
 */
export async function accountRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const send = async (t: string) =>
    request<T>(url, { ...options, headers: { ...options.headers, 'X-CSRF-TOKEN': t } })
  try {
    try {
      return await send(await (page.get().token ?? fetchToken()))
    } catch (error) {
      if (error instanceof HttpError && error.status === 419) return await send(await fetchToken())
      throw error
    }
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) page.get().onUnauthenticated?.()
    throw error
  }
}

/**
 * The session may have changed elsewhere (another page of the tab, another tab: a login or logout
 * there gave it a new token): the next account call fetches the token instead of sending the kept
 * one and being refused with 419 first.
 */
export function forgetCsrfToken(): void {
  page.get().token = null
}

/**
 * A call after which the site gives the session a new token (login, logout, account creation,
 * password reset, as the contract says): the kept token is dropped once it answers, so the next
 * account call fetches the new one instead of being refused with 419 first.
 */
export async function sessionChangingRequest<T>(
  url: string,
  options: RequestOptions = {},
): Promise<T> {
  const answer = await accountRequest<T>(url, options)
  page.get().token = null
  return answer
}
