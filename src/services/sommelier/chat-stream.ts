/**
 * The sommelier's language model, reached through the site's own proxy (`sommelier.url` of the
 * config block). The proxy holds the model key, the prompt and the model's settings; the browser
 * sends the locale and the conversation's last lines only, and reads the model's event stream,
 * passed through by the proxy, as the answer's text grows.
 */
import type { SommelierRequest } from '../../domain/sommelier-request'
import { TimeoutError, linkSignals } from '../../http/signals'
import { HttpError } from '../../http/http'
import { SseDecoder, type StreamEvent } from './sse'
import { reportError } from '../../report/report'
import { isRecord } from '../../domain/is-record'

/**
 * The longest wait for the answer to start, and then between two pieces of it: a proxy or model
 * that stops sending ends as a failure (no answer: network; half an answer: cut-off), never as
 * a chat that thinks forever.
 */
export const STREAM_IDLE_TIMEOUT_MS = 30_000

/**
 * Why an answer failed: `http` (the proxy answered an error status), `rate-limited` (429: the
 * shopper asked too often; `retryAfter` says how long to wait), `network` (no answer), `model`
 * (an `error` chunk, or an answer the model stopped early), `cut-off` (the stream ended before
 * `[DONE]`).
 */
export type SommelierFailure = 'http' | 'rate-limited' | 'network' | 'model' | 'cut-off'

export class SommelierError extends Error {
  constructor(
    readonly kind: SommelierFailure,
    detail: string,
    readonly status = 0,
    /** Seconds to wait before asking again (`rate-limited`), when the proxy said. */
    readonly retryAfter: number | null = null,
    /** The call that failed, when it is the call (not the stream): the report names it. */
    cause?: HttpError,
  ) {
    super(`Sommelier ${kind}: ${detail}`, { cause })
    this.name = 'SommelierError'
  }
}

/**
 * A `Retry-After` header in seconds: a number of seconds, or an HTTP date; null when missing or
 * unreadable.
 */
export function readRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value)
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000))
}

export interface StreamChatOptions {
  url: string
  request: SommelierRequest
  signal?: AbortSignal
  /** Called with the whole text received so far, after every piece. */
  onText?: (text: string) => void
  /** @default STREAM_IDLE_TIMEOUT_MS */
  idleTimeoutMs?: number
}

/** A proxy that ignores `stream` answers one JSON completion: read it the same way. */
async function readJsonCompletion(response: Response): Promise<string> {
  let data: unknown
  try {
    data = await response.json()
  } catch {
    throw new SommelierError('cut-off', 'unreadable JSON answer')
  }
  if (isRecord(data) && data.error) throw new SommelierError('model', JSON.stringify(data.error))
  const choice: unknown =
    isRecord(data) && Array.isArray(data.choices) ? data.choices[0] : undefined
  const message = isRecord(choice) ? choice.message : undefined
  if (isRecord(message) && typeof message.content === 'string') return message.content
  throw new SommelierError('model', 'no message in the answer')
}

/**
 * Stream one answer; resolves with its full text once the stream completes (`[DONE]`, or a
 * final chunk with finish_reason "stop"). Rejects with a SommelierError when it fails, or with
 * the AbortError when `signal` aborts it (the caller stops listening then).
 */
export async function streamChat(options: StreamChatOptions) {
  const { signal } = options
  // The caller's signal, plus our own abort when the answer stops coming.
  const linked = linkSignals([signal])
  const idleMs = options.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS
  let idle: ReturnType<typeof setTimeout> | undefined
  const waitForMore = () => {
    clearTimeout(idle)
    idle = setTimeout(() => linked.abort(new TimeoutError(idleMs)), idleMs)
  }
  waitForMore()
  try {
    return await receive(options, linked.signal, waitForMore)
  } finally {
    clearTimeout(idle)
    linked.dispose()
  }
}

async function receive(
  { url, request, signal, onText }: StreamChatOptions,
  waiting: AbortSignal,
  waitForMore: () => void,
) {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(request),
      credentials: 'same-origin',
      signal: waiting,
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    const timedOut = waiting.reason instanceof TimeoutError
    const call = { method: 'POST', url, status: 0, kind: timedOut ? 'timeout' : 'network' } as const
    throw new SommelierError(
      'network',
      String(waiting.reason ?? cause),
      0,
      null,
      new HttpError(call),
    )
  }
  waitForMore()
  if (!response.ok) {
    void response.body?.cancel().catch(() => undefined)
    const call = new HttpError({ method: 'POST', url, status: response.status, kind: 'status' })
    if (response.status === 429)
      throw new SommelierError(
        'rate-limited',
        'HTTP 429',
        429,
        readRetryAfter(response.headers.get('retry-after')),
        call,
      )
    throw new SommelierError('http', `HTTP ${response.status}`, response.status, null, call)
  }
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('application/json')) {
    const text = await readJsonCompletion(response)
    onText?.(text)
    return text
  }
  if (!response.body) throw new SommelierError('cut-off', 'empty body')

  const reader = response.body.getReader()
  const decoder = new SseDecoder()
  let text = ''
  let complete = false

  const apply = (events: StreamEvent[]) => {
    for (const event of events) {
      switch (event.type) {
        case 'delta':
          text += event.content
          onText?.(text)
          break
        case 'finish':
          if (event.reason !== 'stop') throw new SommelierError('model', `finish ${event.reason}`)
          complete = true
          break
        case 'done':
          complete = true
          return true
        case 'error':
          throw new SommelierError('model', event.message)
        case 'malformed':
          // One unreadable chunk costs a few characters at worst: keep reading. A stream that
          // breaks off after it is caught below as cut-off.
          reportError({
            area: 'sommelier',
            message: 'Sommelier: skipped a malformed stream chunk',
            logged: [event.data],
            level: 'warn',
          })
          break
      }
    }
    return false
  }

  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch (cause) {
        if (signal?.aborted) throw cause
        throw new SommelierError('cut-off', `read failed: ${String(waiting.reason ?? cause)}`)
      }
      waitForMore()
      if (chunk.done) {
        apply(decoder.end())
        break
      }
      if (apply(decoder.push(chunk.value))) break
    }
  } finally {
    void reader.cancel().catch(() => undefined)
  }
  // `complete` is set by `apply`, which the type narrowing does not follow.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (!complete) throw new SommelierError('cut-off', 'the stream ended before [DONE]')
  return text
}
