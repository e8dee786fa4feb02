/**
 * Parser for the language model's server-sent events (OpenAI-compatible chat completions with
 * `stream: true`, docs/PROTOCOLS.md): `data: {"choices":[{"delta":{"content":"…"}}]}` events
 * separated by a blank line, then `data: [DONE]`. Network reads cut the stream anywhere (in the
 * middle of a line, a JSON document or a multi-byte character), so bytes are decoded as a stream
 * and text is buffered up to the blank line before an event is read. Framework-free and pure.
 */

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

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The events of one complete SSE block (the lines between two blank lines). */
export function parseEventBlock(block: string): StreamEvent[] {
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    if (field !== 'data') continue
    let value = colon < 0 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    data.push(value)
  }
  if (data.length === 0) return []
  const payload = data.join('\n')
  if (payload.trim() === '[DONE]') return [{ type: 'done' }]
  let json: unknown
  try {
    json = JSON.parse(payload)
  } catch {
    return [{ type: 'malformed', data: payload }]
  }
  if (!isObject(json)) return [{ type: 'malformed', data: payload }]
  if (json.error !== undefined && json.error !== null) {
    const error = json.error
    const message = isObject(error) && typeof error.message === 'string' ? error.message : ''
    return [{ type: 'error', message: message || (typeof error === 'string' ? error : 'error') }]
  }
  if (!Array.isArray(json.choices)) return [{ type: 'malformed', data: payload }]
  const events: StreamEvent[] = []
  const choice: unknown = json.choices[0]
  if (isObject(choice)) {
    const delta = choice.delta
    if (isObject(delta) && typeof delta.content === 'string' && delta.content !== '')
      events.push({ type: 'delta', content: delta.content })
    if (typeof choice.finish_reason === 'string')
      events.push({ type: 'finish', reason: choice.finish_reason })
  }
  return events
}

/** Buffers decoded text and yields the events of every complete block. */
export class SseParser {
  private buffer = ''

  /** Add text as it arrives; returns the events of the blocks it completed. */
  push(text: string): StreamEvent[] {
    this.buffer += text
    // "\r\n" may be split between two reads: keep a trailing "\r" until the next one.
    const held = this.buffer.endsWith('\r') ? '\r' : ''
    const text$ = (held ? this.buffer.slice(0, -1) : this.buffer).replace(/\r\n?/g, '\n')
    const blocks = text$.split('\n\n')
    this.buffer = (blocks.pop() ?? '') + held
    return blocks.flatMap(parseEventBlock)
  }

  /**
   * The stream ended: a last block without its blank line is still read (a proxy may drop the
   * final newline); a half-received one comes out as `malformed`.
   */
  end(): StreamEvent[] {
    const rest = this.buffer.replace(/\r\n?/g, '\n')
    this.buffer = ''
    return rest.trim() === '' ? [] : parseEventBlock(rest)
  }
}

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
