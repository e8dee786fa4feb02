/**
 * What the three proxies share: the Fetch handler shape, JSON error answers, and reading a small
 * JSON body with a size cap. Only web-standard APIs (Request, Response, streams, AbortSignal), so
 * the handlers run unchanged in Node, in an edge worker or beside the CMS.
 */
import * as v from 'valibot'

/** Facts about the caller that a Request does not carry (the adapter fills them in). */
export interface RequestInfo {
  /** The client's address as the server saw it (the socket's, or a trusted proxy's header). */
  ip?: string
}

/** A standard Fetch handler, with the caller's facts when the runtime knows them. */
export type Handler = (request: Request, info?: RequestInfo) => Promise<Response>

/** How a handler reaches its upstream: `fetch` itself, or a stand-in (tests, a service binding). */
export type Fetch = (request: Request) => Promise<Response>

/** The runtime's own `fetch`, looked up when called (a test may stub it). */
export const defaultFetch: Fetch = (request) => fetch(request)

/** Tells the operator why an upstream or a store failed; never shown to the shopper. */
export type Log = (message: string, detail?: unknown) => void

export const defaultLog: Log = (message, detail) => {
  console.error(`[proxy] ${message}`, ...(detail === undefined ? [] : [detail]))
}

/**
 * The Cache-Control of every proxy answer, success or refusal: personal (the sommelier), or a POST
 * a shared cache must not keep. contract/openapi.yaml states the same value
 * (components.headers.NoStore; server/contract-agreement.test.ts holds the two together).
 */
export const NO_STORE = 'private, no-store'

/** `{ "message": … }` with the status, never cached. */
export function jsonError(status: number, message: string, headers: HeadersInit = {}): Response {
  return Response.json(
    { message },
    {
      status,
      headers: { 'Cache-Control': NO_STORE, ...Object.fromEntries(new Headers(headers)) },
    },
  )
}

/** 429 with `Retry-After` in whole seconds (at least 1). */
export function tooManyRequests(retryAfter: number): Response {
  return jsonError(429, 'Too many requests: try again later.', {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfter))),
  })
}

export type BodyReading = { ok: true; value: unknown } | { ok: false; response: Response }

/**
 * The body parsed as JSON, whatever the content type says (the search client sends JSON as
 * text/plain); 413 past `maxBytes` (counted as it arrives: a missing or lying Content-Length
 * changes nothing), 400 when it is not JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyReading> {
  const tooLarge = (): BodyReading => ({
    ok: false,
    response: jsonError(413, `The request body is larger than ${maxBytes} bytes.`),
  })
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > maxBytes) return tooLarge()
  if (!request.body) return { ok: false, response: jsonError(400, 'The request has no body.') }
  const reader = request.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return tooLarge()
    }
    parts.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const part of parts) {
    bytes.set(part, at)
    at += part.byteLength
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown }
  } catch {
    return { ok: false, response: jsonError(400, 'The request body is not valid JSON.') }
  }
}

/** A 400 naming the first field that does not fit the schema (`messages.3.role: …`). */
export function schemaError(issues: readonly v.BaseIssue<unknown>[]): Response {
  const first = issues[0]
  const path = first ? v.getDotPath(first) : null
  const message = first?.message ?? 'The request does not fit.'
  return jsonError(400, path ? `${path}: ${message}` : message)
}

/**
 * One upstream request with a deadline for its answer's headers (a stream may then take longer);
 * `signal` (the shopper's request: they left) cancels it too.
 */
export async function fetchWithDeadline(
  fetcher: Fetch,
  url: string,
  init: RequestInit,
  ms: number,
  signal?: AbortSignal,
): Promise<Response> {
  const deadline = new AbortController()
  const timer = setTimeout(() => {
    deadline.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError'))
  }, ms)
  const signals = signal ? [signal, deadline.signal] : [deadline.signal]
  try {
    return await fetcher(new Request(url, { ...init, signal: AbortSignal.any(signals) }))
  } finally {
    clearTimeout(timer)
  }
}

/** Whether an error is the deadline of fetchWithDeadline (504) rather than a failure (502). */
export const isTimeout = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'TimeoutError'

/** The caller's address, or one shared bucket when the runtime does not say. */
export const ipOf = (info: RequestInfo | undefined): string => info?.ip ?? 'unknown'
