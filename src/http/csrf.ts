import { HttpError, request, type RequestOptions } from './http'
import { pageSlot } from '../page/page-context'

export const CSRF_TOKEN_URL = '/cp/auth/token'

/** The page's CSRF token (spec section 6): fetched once per page. */
const page = pageSlot<{ token: Promise<string> | null }>(() => ({ token: null }))

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
 * An account call (spec section 6): fetches the CSRF token once per page, sends it as
 * X-CSRF-TOKEN, and on 419 (stale token) fetches a new one and retries once.
 */
export async function accountRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const send = async (t: string) =>
    request<T>(url, { ...options, headers: { ...options.headers, 'X-CSRF-TOKEN': t } })
  try {
    return await send(await (page.get().token ?? fetchToken()))
  } catch (error) {
    if (error instanceof HttpError && error.status === 419) return send(await fetchToken())
    throw error
  }
}
