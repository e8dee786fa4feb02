/**
 * Parser for the language model's server-sent events (OpenAI-compatible chat completions with
 * `stream: true`, docs/protocols.md): `data: {"choices":[{"delta":{"content":"…"}}]}` events
 * separated by a blank line, then `data: [DONE]`. Network reads cut the stream anywhere (in the
 * middle of a line, a JSON document or a multi-byte character): bytes are decoded as a stream and
 * eventsource-parser frames the events. Framework-free.
 */
import { createParser, type EventSourceParser } from 'eventsource-parser'
import { isRecord } from '../../domain/is-record'

export type StreamEvent =
  /** A piece of the answer's text. */
  | { type: 'delta'; content: string }
  /** The model finished: "stop" for a complete answer, "length" when it ran out of tokens… */
  | { type: 'finish'; reason: string }
  /** `data: [DONE]`: the end of the stream. */
  | { type: 'done' }
  /** A chunk carrying `error` (the provider failed mid-stream). */
  | { type: 'error'; message: string }
  /** A chunk that is not the JSON it should be (skipped by the client, kept for the logs). */
  | { type: 'malformed'; data: string }

/** What one event's data means (the `data:` lines already joined by the SSE parser). */
export function readEventData(payload: string): StreamEvent[] {
  if (payload.trim() === '[DONE]') return [{ type: 'done' }]
  let json: unknown
  try {
    json = JSON.parse(payload)
  } catch {
    return [{ type: 'malformed', data: payload }]
  }
  if (!isRecord(json)) return [{ type: 'malformed', data: payload }]
  if (json.error !== undefined && json.error !== null) {
    const error = json.error
    const message = isRecord(error) && typeof error.message === 'string' ? error.message : ''
    return [{ type: 'error', message: message || (typeof error === 'string' ? error : 'error') }]
  }
  if (!Array.isArray(json.choices)) return [{ type: 'malformed', data: payload }]
  const events: StreamEvent[] = []
  const choice: unknown = json.choices[0]
  if (isRecord(choice)) {
    const delta = choice.delta
    if (isRecord(delta) && typeof delta.content === 'string' && delta.content !== '')
      events.push({ type: 'delta', content: delta.content })
    if (typeof choice.finish_reason === 'string')
      events.push({ type: 'finish', reason: choice.finish_reason })
  }
  return events
}

/**
 * Reads text as it arrives into events. The SSE framing (fields, comments, CR/LF/CRLF line ends
 * even split between reads, multi-line data) is eventsource-parser's; what the data means is ours.
 */
export class SseParser {
  private events: StreamEvent[] = []
  private readonly parser: EventSourceParser = createParser({
    onEvent: (message) => this.events.push(...readEventData(message.data)),
  })

  private take(): StreamEvent[] {
    const events = this.events
    this.events = []
    return events
  }

  /** Add text as it arrives; returns the events of the blocks it completed. */
  push(text: string): StreamEvent[] {
    this.parser.feed(text)
    return this.take()
  }

  /**
   * The stream ended: a last block without its blank line is still read (a proxy may drop the
   * final newline); a half-received one comes out as `malformed`.
   */
  end(): StreamEvent[] {
    // Two line ends close a half line and the event it belongs to (reset's `consume` adds only one).
    this.parser.feed('\n\n')
    this.parser.reset()
    return this.take()
  }
}

/** The events of one complete SSE block (the lines between two blank lines). */
export const parseEventBlock = (block: string): StreamEvent[] =>
  new SseParser().push(`${block}\n\n`)

/** Decode a byte stream and parse it (UTF-8 characters split across reads are kept whole). */
export class SseDecoder {
  private readonly decoder = new TextDecoder()
  private readonly parser = new SseParser()

  push(bytes: Uint8Array): StreamEvent[] {
    return this.parser.push(this.decoder.decode(bytes, { stream: true }))
  }

  end(): StreamEvent[] {
    const tail = this.decoder.decode()
    return [...this.parser.push(tail), ...this.parser.end()]
  }
}
