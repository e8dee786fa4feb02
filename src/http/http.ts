/**
 * Fetch wrapper for the site's own endpoints: JSON in and out, form data where the endpoint takes
 * form data. Every failure (non-OK status, network error, no answer in time, unreadable body)
 * raises an HttpError whose message is "Error fetching data" and which carries
 * the call (method, URL) and what it answered (status, 0 when there was no response, and the
 * kind of failure), so the report names the endpoint without each caller saying it. Every call
 * has a timeout: a hung server ends like a network error, never as a spinner forever.
 */
import { TimeoutError, linkSignals } from './signals'

/** How long a call may take, answer body included, unless it says otherwise. */
export const DEFAULT_TIMEOUT_MS = 15_000
/**
 * The payment steps (order creation, payment intent, checkout, confirmation, points): the back
 * office may be slow there, and giving up too early costs a retry; still never forever.
 */
export const PAYMENT_TIMEOUT_MS = 45_000

export type HttpMethod = 'GET' | 'POST'

/**
 * How a call failed: an error status, no answer (`network`), no answer in time (`timeout`), or
 * an answer without the documented shape (`malformed`).
 */
export type FailureKind = 'status' | 'network' | 'timeout' | 'malformed'

/** What a failed call answered, as the console and `wine-widgets:error` name it. */
export type Answered = number | 'network error' | 'timeout' | 'malformed answer'

const NO_ANSWER = {
  network: 'network error',
  timeout: 'timeout',
  malformed: 'malformed answer',
} as const

export interface FailedCall {
  method: HttpMethod
  url: string
  /** The HTTP status, 0 when no answer came. */
  status: number
  kind: FailureKind
  /**
   * Who must answer the call, when it is not one of the site's endpoints (the hosted search):
   * the report names it instead of the contract.
   */
  service?: string
}

export class HttpError extends Error {
  readonly method: HttpMethod
  readonly url: string
  readonly status: number
  readonly kind: FailureKind
  readonly service: string | undefined
  constructor(call: FailedCall, options?: { cause?: unknown }) {
    super('Error fetching data', options)
    this.name = 'HttpError'
    this.method = call.method
    this.url = call.url
    this.status = call.status
    this.kind = call.kind
    this.service = call.service
  }

  /** The status for an error answer, else what went wrong instead (no answer, a bad one). */
  get answered(): Answered {
    return this.kind === 'status' ? this.status : NO_ANSWER[this.kind]
  }
}

/**
 * An answer without the documented shape: it fails like a failed call ("Error fetching data"),
 * with status 200 and `reason` as the cause, so callers handle one kind of failure.
 */
export function malformed(method: HttpMethod, url: string, reason: string): HttpError {
  return new HttpError(
    { method, url, status: 200, kind: 'malformed' },
    { cause: new Error(reason) },
  )
}

export type Body =
  { json: unknown } | { form: Record<string, string | number | boolean> } | undefined

export interface RequestOptions {
  method?: 'GET' | 'POST'
  body?: Body
  headers?: Record<string, string>
  /** Cancels the call: it then rejects with the signal's reason, not an HttpError. */
  signal?: AbortSignal
  /** How to read the answer. @default 'json' */
  parse?: 'json' | 'text' | 'none'
  /** Give up (HttpError, status 0) when the answer is not fully in after this long. */
  timeoutMs?: number
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let body: BodyInit | undefined
  if (options.body && 'json' in options.body) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body.json)
  } else if (options.body && 'form' in options.body) {
    const form = new FormData()
    for (const [k, v] of Object.entries(options.body.form)) form.append(k, String(v))
    body = form
  }
  const method = options.method ?? (body ? 'POST' : 'GET')
  const linked = linkSignals([options.signal], options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  // The caller's own cancellation is passed on as is; a timeout is a failure like no answer.
  const fail = (cause: unknown): unknown => {
    if (options.signal?.aborted) return cause
    const timedOut = linked.signal.reason instanceof TimeoutError
    return new HttpError(
      { method, url, status: 0, kind: timedOut ? 'timeout' : 'network' },
      { cause: timedOut ? linked.signal.reason : cause },
    )
  }
  try {
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: linked.signal,
      })
    } catch (cause) {
      throw fail(cause)
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined)
      throw new HttpError({ method, url, status: response.status, kind: 'status' })
    }
    const parse = options.parse ?? 'json'
    // `T` is what the caller declares the endpoint answers; callers check the shape they use.
    if (parse === 'none') return undefined as T
    let text: string
    try {
      text = await response.text()
    } catch (cause) {
      // The body stopped coming (dropped, or too slow): no usable answer.
      throw fail(cause)
    }
    try {
      // As above: the declared answer type; JSON.parse gives `any`, text is a string.
      return (parse === 'text' ? text : JSON.parse(text)) as T
    } catch (cause) {
      throw new HttpError({ method, url, status: response.status, kind: 'malformed' }, { cause })
    }
  } finally {
    linked.dispose()
  }
}

export const getJson = <T>(url: string, signal?: AbortSignal) => request<T>(url, { signal })

export const postJson = <T>(url: string, json: unknown, signal?: AbortSignal) =>
  request<T>(url, { method: 'POST', body: { json }, signal })

export const postForm = <T>(
  url: string,
  form: Record<string, string | number | boolean>,
  signal?: AbortSignal,
) => request<T>(url, { method: 'POST', body: { form }, signal })
