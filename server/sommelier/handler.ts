/**
 * The sommelier's proxy: `POST {path}` with `{ locale, messages }` from a logged-in shopper,
 * answered by the language model's event stream, passed through unchanged.
 *
 * In order, each refusal before anything reaches the model:
 *   405 not a POST; 415 not JSON (a cross-site form cannot send JSON without asking first);
 *   429 too many requests from this address; 401 the site says nobody is logged in (503 when the
 *   site could not say); 429 too many requests from this shopper; 413/400 a body that does not
 *   fit (request.ts). Then the model is asked with the server's own prompt and settings.
 *
 * The model's failures become the statuses the chat already reads as "not available now"
 * (502, 503 when the model is over its own rate, 504 when it does not answer in time); the
 * shopper never sees the upstream's own error, which may name the account.
 */
import type { Locale } from '../../src/domain/types'
import type { SommelierLine } from '../../src/domain/sommelier-request'
import {
  defaultFetch,
  defaultLog,
  NO_STORE,
  fetchWithDeadline,
  ipOf,
  isTimeout,
  jsonError,
  readJsonBody,
  schemaError,
  tooManyRequests,
  type Fetch,
  type Handler,
  type Log,
} from '../http'
import { unlimited, type Limiter } from '../limits'
import { SiteUnavailableError, type CheckSession } from '../session'
import { DEFAULT_MODEL_SETTINGS, chatCompletionBody, type ModelSettings } from './prompt'
import { readSommelierRequest } from './request'

export interface SommelierLimits {
  /** Per logged-in shopper (Session.id). */
  session: Limiter
  /** Per client address, counted before the session check (which costs the site a call). */
  ip: Limiter
}

export interface SommelierHandlerOptions {
  /** The OpenAI-compatible API's base URL, up to `/chat/completions` (`https://api.openai.com/v1`). */
  upstream: string
  /** Sent as `Authorization: Bearer …`; never leaves the server. */
  apiKey: string
  checkSession: CheckSession
  limits?: Partial<SommelierLimits>
  /** The model, temperature and token cap (default: prompt.ts). */
  model?: Partial<ModelSettings>
  /** The path the proxy answers (the config's `sommelier.url`). @default '/api/sommelier' */
  path?: string
  fetch?: Fetch
  /** How long the model may take to start answering. @default 30000 */
  upstreamTimeoutMs?: number
  log?: Log
}

/** The largest body 10 lines of 500 characters can make, with room for JSON escapes. */
const MAX_BODY_BYTES = 32 * 1024

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': NO_STORE,
  // Proxies in front (nginx) must pass each event on as it comes, not the whole answer at once.
  'X-Accel-Buffering': 'no',
}

export function createSommelierHandler(options: SommelierHandlerOptions): Handler {
  const {
    apiKey,
    checkSession,
    path = '/api/sommelier',
    fetch: fetcher = defaultFetch,
    upstreamTimeoutMs = 30_000,
    log = defaultLog,
  } = options
  const endpoint = `${options.upstream.replace(/\/+$/, '')}/chat/completions`
  const limits: SommelierLimits = {
    session: options.limits?.session ?? unlimited,
    ip: options.limits?.ip ?? unlimited,
  }
  const settings: ModelSettings = { ...DEFAULT_MODEL_SETTINGS, ...options.model }

  async function askModel(locale: Locale, lines: SommelierLine[], signal: AbortSignal) {
    let upstream: Response
    try {
      upstream = await fetchWithDeadline(
        fetcher,
        endpoint,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${apiKey}`,
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
          },
          body: JSON.stringify(chatCompletionBody(locale, lines, settings)),
        },
        upstreamTimeoutMs,
        signal,
      )
    } catch (error) {
      if (signal.aborted) return jsonError(499, 'The request was cancelled.')
      log(`sommelier: the model did not answer (${endpoint})`, error)
      return isTimeout(error)
        ? jsonError(504, 'The sommelier did not answer in time.')
        : jsonError(502, 'The sommelier is not available.')
    }
    if (!upstream.ok) {
      const detail = (await upstream.text().catch(() => '')).slice(0, 500)
      log(`sommelier: the model answered ${upstream.status}`, detail)
      if (upstream.status === 429) {
        const wait = upstream.headers.get('retry-after')
        return jsonError(503, 'The sommelier is busy.', wait ? { 'Retry-After': wait } : {})
      }
      return jsonError(502, 'The sommelier is not available.')
    }
    const type = upstream.headers.get('content-type') ?? ''
    if (type.startsWith('text/event-stream') && upstream.body)
      return new Response(upstream.body, { status: 200, headers: STREAM_HEADERS })
    // An upstream that ignores `stream` answers one JSON completion: the chat reads that too.
    if (type.includes('application/json'))
      return new Response(upstream.body, {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Cache-Control': NO_STORE },
      })
    await upstream.body?.cancel()
    log(`sommelier: the model answered ${type || 'no content type'}`)
    return jsonError(502, 'The sommelier is not available.')
  }

  return async (request, info) => {
    if (new URL(request.url).pathname !== path) return jsonError(404, 'Not found.')
    if (request.method !== 'POST') return jsonError(405, 'Use POST.', { Allow: 'POST' })
    if (!(request.headers.get('content-type') ?? '').includes('application/json'))
      return jsonError(415, 'Send JSON (Content-Type: application/json).')

    const byIp = await limits.ip.consume(ipOf(info))
    if (!byIp.allowed) return tooManyRequests(byIp.retryAfter)

    let session
    try {
      session = await checkSession(request)
    } catch (error) {
      if (!(error instanceof SiteUnavailableError)) throw error
      log('sommelier: the session check failed', error)
      return jsonError(503, 'The shop could not check your session.')
    }
    if (!session) return jsonError(401, 'Log in to chat with the sommelier.')

    const bySession = await limits.session.consume(session.id)
    if (!bySession.allowed) return tooManyRequests(bySession.retryAfter)

    const body = await readJsonBody(request, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const reading = readSommelierRequest(body.value)
    if (!reading.ok) return schemaError(reading.issues)

    return askModel(reading.request.locale, reading.request.messages, request.signal)
  }
}
