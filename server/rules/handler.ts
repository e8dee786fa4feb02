/**
 * The rules service's proxy: `POST {path}/evaluate/{decision}` with `{ context }` for the two
 * decisions the widgets use, and nothing else:
 *   - shipping: `{ cartAmount, bottles, free, countryCode }` (src/domain/checkout.ts), the answer's
 *     `result.output` is the cost;
 *   - loyalty: `{ date, wineCode, vintage, volume }` (src/services/rules.ts), the answer's
 *     `result.output` is the promotion.
 * Another decision or path is a 404, another method a 405, a context that does not fit its
 * schema (one more key included) a 400; none reaches the rules service. The access token is added
 * here and never leaves the server. Any failure of the rules service is a 502 or 504: the
 * widgets only log it (no promotion, shipping cost unknown).
 */
import * as v from 'valibot'
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

const money = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1_000_000))
const code = (max: number) => v.pipe(v.string(), v.maxLength(max))

export const DECISION_CONTEXTS = {
  shipping: v.strictObject({
    cartAmount: money,
    bottles: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)),
    free: v.boolean(),
    countryCode: v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/, 'a two-letter country code')),
  }),
  loyalty: v.strictObject({
    date: v.pipe(v.string(), v.isoDate('a YYYY-MM-DD date')),
    wineCode: v.pipe(code(64), v.minLength(1)),
    vintage: code(16),
    volume: code(32),
  }),
} as const

export type Decision = keyof typeof DECISION_CONTEXTS

const isDecision = (name: string): name is Decision => Object.hasOwn(DECISION_CONTEXTS, name)

export interface RulesHandlerOptions {
  /**
   * The rules service's project URL, up to `/evaluate` (GoRules:
   * `https://rules.example/api/projects/{project}`).
   */
  upstream: string
  /** Sent as `X-Access-Token`; never leaves the server. */
  accessToken: string
  /** The document key of each decision in the rules project. @default the decision's name */
  documents?: Partial<Record<Decision, string>>
  /** The path the proxy answers (the config's `rules.url`). @default '/api/rules' */
  path?: string
  /** Per client address. @default none */
  limiter?: Limiter
  fetch?: Fetch
  /** @default 5000 (the widgets give up after 5 s too) */
  upstreamTimeoutMs?: number
  log?: Log
}

/** A context is a handful of short fields. */
const MAX_BODY_BYTES = 4 * 1024

export function createRulesHandler(options: RulesHandlerOptions): Handler {
  const {
    accessToken,
    path = '/api/rules',
    limiter = unlimited,
    fetch: fetcher = defaultFetch,
    upstreamTimeoutMs = 5000,
    log = defaultLog,
  } = options
  const root = options.upstream.replace(/\/+$/, '')
  const documentPath = (decision: Decision) =>
    (options.documents?.[decision] ?? decision).split('/').map(encodeURIComponent).join('/')

  return async (request, info) => {
    const pathname = new URL(request.url).pathname
    const prefix = `${path}/evaluate/`
    const name = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : ''
    if (!isDecision(name)) return jsonError(404, 'Not found.')
    if (request.method !== 'POST') return jsonError(405, 'Use POST.', { Allow: 'POST' })

    const allowed = await limiter.consume(ipOf(info))
    if (!allowed.allowed) return tooManyRequests(allowed.retryAfter)

    const body = await readJsonBody(request, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = v.safeParse(v.strictObject({ context: DECISION_CONTEXTS[name] }), body.value)
    if (!parsed.success) return schemaError(parsed.issues)

    const url = `${root}/evaluate/${documentPath(name)}`
    let upstream: Response
    try {
      upstream = await fetchWithDeadline(
        fetcher,
        url,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-Access-Token': accessToken,
          },
          body: JSON.stringify({ context: parsed.output.context }),
        },
        upstreamTimeoutMs,
        request.signal,
      )
    } catch (error) {
      log(`rules: ${name} did not answer`, error)
      return isTimeout(error)
        ? jsonError(504, 'The rules service did not answer in time.')
        : jsonError(502, 'The rules service is not available.')
    }
    let answer: unknown
    try {
      answer = await upstream.json()
    } catch {
      answer = undefined
    }
    if (!upstream.ok) {
      log(`rules: ${name} answered ${upstream.status}`, answer)
      return jsonError(502, 'The rules service is not available.')
    }
    if (typeof answer !== 'object' || answer === null || !('result' in answer)) {
      log(`rules: ${name} answered without a result`, answer)
      return jsonError(502, 'The rules service answered without a result.')
    }
    // The result and its timing only: a trace or the release's details stay here.
    const performance = 'performance' in answer ? answer.performance : undefined
    return Response.json(
      { result: answer.result, ...(typeof performance === 'string' && { performance }) },
      { headers: { 'Cache-Control': NO_STORE } },
    )
  }
}
