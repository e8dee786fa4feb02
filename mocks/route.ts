import {
  delay,
  HttpResponse,
  type DefaultBodyType,
  type HttpResponseResolver,
  type PathParams,
} from 'msw'
import { db, idempotencyEntry, saveDb, type IdempotentAnswer, type RecordedCall } from './db'
import { answersNormally, heldUntilReleased, takeFault, type CallName } from './faults'
import { isLocale, type Locale } from '../src/domain/types'
import { contractHttp, type ContractPostPath } from './contract-http'
import { canonicalForm, canonicalJson } from '../contract/canonical-body'
import { isRecord } from '../src/domain/is-record'

/** The body could not be parsed as the JSON its content type announced. */
export const INVALID_JSON = Symbol('invalid JSON')

export interface CallContext {
  request: Request
  url: URL
  params: PathParams
  /** The request's cookies (in the browser: the page's, as MSW reads them). */
  cookies: Record<string, string>
  /** JSON value, form fields (strings), plain text, INVALID_JSON, or null without body. */
  body: unknown
  /**
   * What a streamed answer awaits before each piece: nothing, or the test's `releaseHeld` under a
   * `stepped` fault.
   */
  beforePiece: () => Promise<void>
}

export type CallResolver = (ctx: CallContext) => Response | Promise<Response>

/**
 * A handler's resolver as MSW and openapi-msw take it: it answers a plain Response (the bodies are
 * checked against the contract where the handlers build them, with `satisfies`).
 */
export type MockResolver = HttpResponseResolver<PathParams, DefaultBodyType, undefined>

const isForm = (request: Request): boolean => {
  const type = request.headers.get('content-type') ?? ''
  return type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return null
  const type = request.headers.get('content-type') ?? ''
  if (isForm(request)) {
    const form = await request.formData()
    const fields: Record<string, string> = {}
    form.forEach((value, key) => {
      fields[key] = typeof value === 'string' ? value : value.name
    })
    return fields
  }
  const text = await request.text()
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return type.includes('json') ? INVALID_JSON : text
  }
}

export const json = (data: unknown, status = 200, headers?: HeadersInit): Response =>
  HttpResponse.json(data as DefaultBodyType, { status, headers }) as Response

export const badRequest = (message: string): Response => json({ message }, 400)

export interface FaultOptions {
  /** What a "malformed" answer looks like for this call. @default a cut-off JSON document */
  malformed?: () => Response
  /**
   * The call needs the session's CSRF token (419 otherwise), checked before a keyed repeat is
   * answered: a request without the token gets nothing, not even a stored answer.
   */
  csrf?: boolean
}

const malformedJson = () =>
  new HttpResponse('{"data": [{"broken"', {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  }) as Response

/** The header a client sends so that a retried POST takes effect once (Stripe's convention). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** Set on an answer that is the stored answer of an earlier request with the same key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed'

/**
 * The requests (MSW request ids) answered with a deliberate fault: a status, a network error,
 * garbage, no answer or a lost answer. The contract check (mocks/contract-check.ts) leaves their
 * answers out, since they are wrong on purpose. A delayed or held call answers normally: not here.
 */
export const faultedRequests = new Set<string>()

/** Keyed requests being handled now: a retry arriving meanwhile waits for the first one's answer. */
const inFlight = new Map<string, Promise<void>>()

/**
 * The canonical body a key is bound to (contract/canonical-body.ts). Kept as text, not as its
 * SHA-256 as the contract asks of the site: the browser's mocks may run where `crypto.subtle` is
 * not available (a plain-HTTP demo host), and a few kilobytes per key are nothing here.
 */
function canonicalOf(request: Request, body: unknown): string {
  if (isForm(request) && isRecord(body))
    return canonicalForm(
      Object.entries(body).map(([name, value]) => [name, String(value)] as const),
    )
  return canonicalJson(body)
}

/**
 * The answer to keep for replays, or null: JSON answers below 500, except 419 (the CSRF check
 * refused the request before the handler ran, and the app retries it with a fresh token) and
 * `orderCreated: false` (a failure a retry with the same key may clear, as the contract says).
 */
async function keepable(response: Response, canonical: string): Promise<IdempotentAnswer | null> {
  if (response.status >= 500 || response.status === 419) return null
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null
  try {
    const body: unknown = await response.clone().json()
    if (isRecord(body) && body.orderCreated === false) return null
    return { status: response.status, body, request: canonical }
  } catch {
    return null
  }
}

/**
 * Answer a keyed POST at most once: the stored answer of an earlier request with the same call,
 * key and body when there is one (`recorded.replayed`), 422 for the same key with another body,
 * otherwise `run()`, whose answer is stored. A repeat arriving while the first runs waits for it.
 */
async function answerOnce(
  entry: string,
  canonical: string,
  recorded: RecordedCall,
  run: () => Promise<Response>,
): Promise<Response> {
  for (let pending = inFlight.get(entry); pending; pending = inFlight.get(entry)) await pending
  const stored = db.idempotent[entry]
  // An answer kept before keys were bound to bodies (a browser's older db) has no `request`.
  if (stored?.request !== undefined && stored.request !== canonical) {
    recorded.reusedKey = true
    saveDb()
    return json({ message: 'This Idempotency-Key was already used with another body.' }, 422)
  }
  if (stored) {
    recorded.replayed = true
    saveDb()
    return json(stored.body, stored.status, { [REPLAYED_HEADER]: 'true' })
  }
  let done = (): void => {}
  inFlight.set(
    entry,
    new Promise<void>((resolve) => {
      done = resolve
    }),
  )
  try {
    const response = await run()
    const answer = await keepable(response, canonical)
    if (answer) {
      db.idempotent[entry] = answer
      saveDb()
    }
    return response
  } finally {
    inFlight.delete(entry)
    done()
  }
}

/**
 * The one wrapper every handler goes through: reads and records the call (`db.calls`), applies an
 * active fault (mocks/faults.ts), answers (a POST with an `Idempotency-Key` at most once: a repeat
 * gets the first answer again), and persists the db in the browser.
 */
export function withFaults(
  call: CallName,
  resolver: CallResolver,
  options: FaultOptions = {},
): MockResolver {
  return async ({ request, requestId, params, cookies }) => {
    const url = new URL(request.url)
    const body = await readBody(request.clone())
    const fault = takeFault(call)
    const key = request.headers.get(IDEMPOTENCY_HEADER)
    const recorded: RecordedCall = {
      call,
      method: request.method,
      url: url.pathname + url.search,
      payload: body === INVALID_JSON ? '<invalid JSON>' : body,
      ...(fault && !answersNormally(fault) ? { fault: fault.kind } : {}),
      ...(key ? { idempotencyKey: key } : {}),
    }
    db.calls.push(recorded)
    saveDb()
    if (fault && !answersNormally(fault)) faultedRequests.add(requestId)
    if (fault) {
      switch (fault.kind) {
        case 'status':
          return json({ message: `Mock fault: HTTP ${fault.status}` }, fault.status)
        case 'network':
          return HttpResponse.error()
        case 'malformed':
          return (options.malformed ?? malformedJson)()
        case 'hang':
          await delay('infinite')
          return json(null)
        case 'delay':
          await delay(fault.ms)
          break
        case 'held':
          await heldUntilReleased(call)
          break
        case 'stepped':
          // Handled by the streamed answer, piece by piece (`beforePiece`).
          break
        case 'lost':
          // Handled below: the server answers for real, then the answer is dropped.
          break
      }
    }
    const refused = options.csrf ? csrfProblem(request) : null
    if (refused) return refused
    if (body === INVALID_JSON) return badRequest('The request body is not valid JSON.')
    const run = async (): Promise<Response> => {
      try {
        const beforePiece =
          fault?.kind === 'stepped' ? () => heldUntilReleased(call) : () => Promise.resolve()
        return await resolver({ request, url, params, cookies, body, beforePiece })
      } catch (error) {
        console.error(`[wine-mocks] ${call} failed`, error)
        return json({ message: 'Server Error' }, 500)
      } finally {
        saveDb()
      }
    }
    const response = await (request.method === 'POST' && key
      ? answerOnce(idempotencyEntry(call, key), canonicalOf(request, body), recorded, run)
      : run())
    if (fault?.kind !== 'lost') return response
    await response.body?.cancel()
    return HttpResponse.error()
  }
}

interface Kinds {
  /** A non-empty string. */
  string: string
  /** A string, possibly empty. */
  text: string
  /** A number, or a numeric string (form data). */
  number: number
  /** A string holding JSON (the order calls send contacts and cartlines as JSON text). */
  json: unknown
  /** Anything present (not undefined / null). */
  present: unknown
  /** A site locale: en, fr or nl (checked once every field is present). */
  locale: Locale
}

export type FieldSpec = Record<string, keyof Kinds>
export type Fields<S extends FieldSpec> = { [K in keyof S]: Kinds[S[K]] }

/**
 * Check a payload like the backend's validator would. Returns the typed fields, or a 400
 * answer naming the first missing or malformed field (Laravel-style message).
 */
export function readFields<S extends FieldSpec>(body: unknown, spec: S): Fields<S> | Response {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return badRequest('The request body must be a JSON object or form data.')
  const source = body as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [field, kind] of Object.entries(spec)) {
    const value = source[field]
    if (
      value === undefined ||
      value === null ||
      ((kind === 'string' || kind === 'locale') && value === '')
    )
      return badRequest(`The ${field} field is required.`)
    switch (kind) {
      case 'string':
      case 'text':
      case 'locale':
        if (typeof value !== 'string' || (kind !== 'text' && value.trim() === ''))
          return badRequest(`The ${field} field must be a string.`)
        out[field] = value
        break
      case 'number': {
        const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
        if (typeof n !== 'number' || !Number.isFinite(n))
          return badRequest(`The ${field} field must be a number.`)
        out[field] = n
        break
      }
      case 'json':
        if (typeof value !== 'string') return badRequest(`The ${field} field must be JSON text.`)
        try {
          out[field] = JSON.parse(value) as unknown
        } catch {
          return badRequest(`The ${field} field must be valid JSON.`)
        }
        break
      case 'present':
        out[field] = value
        break
    }
  }
  for (const [field, kind] of Object.entries(spec))
    if (kind === 'locale' && !isLocale(out[field]))
      return badRequest(`The ${field} field must be en, fr or nl.`)
  return out as Fields<S>
}

/** What answers a call once the fields of its body are read. */
export type FieldsResolver<S extends FieldSpec> = (
  fields: Fields<S>,
  ctx: CallContext,
) => Response | Promise<Response>

/**
 * The resolver of a call whose body the backend validates: `spec` reads the fields (a 400 answer
 * names the first that does not fit), then `answer` answers with them.
 */
export const withFields =
  <S extends FieldSpec>(spec: S, answer: FieldsResolver<S>): CallResolver =>
  (ctx) => {
    const fields = readFields(ctx.body, spec)
    return fields instanceof Response ? fields : answer(fields, ctx)
  }

/**
 * POST calls of the back office through `wrap` (the fault wrapper, or a wrapper around it like
 * the account calls' CSRF check) whose body fields `spec` reads first. The path is one of the
 * contract's (./contract-http.ts).
 */
export const postFieldsVia =
  (wrap: (call: CallName, resolver: CallResolver) => MockResolver) =>
  <S extends FieldSpec>(
    path: ContractPostPath,
    call: CallName,
    spec: S,
    answer: FieldsResolver<S>,
  ) =>
    contractHttp.post(path, wrap(call, withFields(spec, answer)))

/** A POST call of the back office whose body fields `spec` reads first. */
export const postFields = postFieldsVia(withFaults)

/**
 * A call that needs the CSRF token: every account call and every call that changes something
 * (the contract's `X-CSRF-TOKEN` parameter). Faults first, then the token, then the resolver.
 */
export const withCsrf = (call: CallName, resolver: CallResolver): MockResolver =>
  withFaults(call, resolver, { csrf: true })

/** A POST that needs the CSRF token, whose body fields `spec` reads after the token check. */
export const postWithCsrf = postFieldsVia(withCsrf)

/**
 * Account calls and every mutating call need the current CSRF token in X-CSRF-TOKEN (Laravel
 * answers 419 otherwise).
 */
export function csrfProblem(request: Request): Response | null {
  const sent = request.headers.get('X-CSRF-TOKEN')
  return sent && sent === db.csrfToken ? null : json({ message: 'CSRF token mismatch.' }, 419)
}
