import { describe, expect, it } from 'vitest'
import { SseDecoder, SseParser, parseEventBlock, type StreamEvent } from './sse'

const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`

const STREAM =
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })}\n\n` +
  chunk('Un Bordeaux ') +
  chunk('rouge, élégant 🍷') +
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n` +
  'data: [DONE]\n\n'

const EXPECTED: StreamEvent[] = [
  { type: 'delta', content: 'Un Bordeaux ' },
  { type: 'delta', content: 'rouge, élégant 🍷' },
  { type: 'finish', reason: 'stop' },
  { type: 'done' },
]

/** The events of `input` pushed in pieces of `size` (text to a parser, bytes to a decoder). */
function inPieces<T extends string | Uint8Array>(
  reader: { push: (piece: T) => StreamEvent[]; end: () => StreamEvent[] },
  input: T,
  size: number,
): StreamEvent[] {
  const events: StreamEvent[] = []
  for (let i = 0; i < input.length; i += size)
    events.push(...reader.push(input.slice(i, i + size) as T))
  events.push(...reader.end())
  return events
}

const textOf = (events: StreamEvent[]) =>
  events.map((e) => (e.type === 'delta' ? e.content : '')).join('')

describe('SseParser', () => {
  it('reads a whole stream', () => {
    const parser = new SseParser()
    expect([...parser.push(STREAM), ...parser.end()]).toEqual(EXPECTED)
  })

  it('gives the same events however the text is split', () => {
    for (let size = 1; size <= 40; size += 1)
      expect(inPieces(new SseParser(), STREAM, size), `pieces of ${size}`).toEqual(EXPECTED)
  })

  it('waits for the blank line before reading an event', () => {
    const parser = new SseParser()
    expect(parser.push('data: {"choices":[{"delta":{"content":"Bon"}}]}\n')).toEqual([])
    expect(parser.push('\n')).toEqual([{ type: 'delta', content: 'Bon' }])
  })

  it('accepts CRLF line ends, even split between reads, and ignores comments and other fields', () => {
    const parser = new SseParser()
    const crlf =
      ': keep-alive\r\n\r\nevent: message\r\nid: 1\r\ndata: {"choices":[{"delta":{"content":"ok"}}]}\r\n\r\ndata: [DONE]\r\n\r\n'
    const events: StreamEvent[] = []
    for (const piece of crlf.split(/(?<=\r)/)) events.push(...parser.push(piece))
    expect(events).toEqual([{ type: 'delta', content: 'ok' }, { type: 'done' }])
  })

  it('joins multi-line data', () => {
    expect(parseEventBlock('data: {"choices":\ndata: [{"delta":{"content":"x"}}]}')).toEqual([
      { type: 'delta', content: 'x' },
    ])
  })

  it('reports a malformed chunk and goes on with the next one', () => {
    const parser = new SseParser()
    const events = parser.push(`data: {"choices":[{"delta":{"cont\n\n${chunk('suite')}data: 42\n\n`)
    expect(events).toEqual([
      { type: 'malformed', data: '{"choices":[{"delta":{"cont' },
      { type: 'delta', content: 'suite' },
      { type: 'malformed', data: '42' },
    ])
  })

  it('reports an error chunk', () => {
    expect(
      parseEventBlock('data: {"error":{"message":"Rate limit reached","type":"requests"}}'),
    ).toEqual([{ type: 'error', message: 'Rate limit reached' }])
    expect(parseEventBlock('data: {"error":"overloaded"}')).toEqual([
      { type: 'error', message: 'overloaded' },
    ])
  })

  it('an early end: a last event without its blank line is read, a half one is malformed', () => {
    const complete = new SseParser()
    complete.push(chunk('Un ') + 'data: {"choices":[{"delta":{"content":"vin"}}]}')
    expect(complete.end()).toEqual([{ type: 'delta', content: 'vin' }])
    const cut = new SseParser()
    expect(textOf(cut.push(chunk('Un ') + 'data: {"choices":[{"del'))).toBe('Un ')
    expect(cut.end()).toEqual([{ type: 'malformed', data: '{"choices":[{"del' }])
    expect(new SseParser().end()).toEqual([])
  })
})

describe('SseDecoder', () => {
  it('keeps multi-byte characters whole when bytes are split inside them', () => {
    const bytes = new TextEncoder().encode(STREAM)
    for (let size = 1; size <= 7; size += 1)
      expect(inPieces(new SseDecoder(), bytes, size)).toEqual(EXPECTED)
  })
})
