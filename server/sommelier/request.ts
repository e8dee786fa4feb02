/**
 * The one request shape the sommelier's proxy takes from the browser: `{ locale, messages }`,
 * at most MAX_LINES lines of at most MAX_LINE_LENGTH characters, roles `user` and `assistant`
 * only, the last line the shopper's question. Anything else (a `system` line, a `model`, a
 * `temperature`, one more key anywhere) is refused: the proxy sends the model nothing the
 * browser chose beyond these lines.
 */
import * as v from 'valibot'
import { LOCALES } from '../../src/domain/types'
import {
  MAX_LINE_LENGTH,
  MAX_LINES,
  type SommelierRequest,
} from '../../src/domain/sommelier-request'

const Line = v.strictObject({
  role: v.picklist(['user', 'assistant'], 'a line is from the user or the assistant'),
  content: v.pipe(
    v.string('a line is text'),
    v.maxLength(MAX_LINE_LENGTH, `a line has at most ${MAX_LINE_LENGTH} characters`),
    v.check((text) => text.trim() !== '', 'a line is not blank'),
  ),
})

export const SommelierRequestSchema = v.strictObject({
  locale: v.picklist(LOCALES, 'the locale is en, fr or nl'),
  messages: v.pipe(
    v.array(Line, 'messages is a list'),
    v.minLength(1, 'messages holds the question'),
    v.maxLength(MAX_LINES, `messages holds at most ${MAX_LINES} lines`),
    v.check((lines) => lines.at(-1)?.role === 'user', 'the last line is the question'),
  ),
})

export type SommelierReading =
  | { ok: true; request: SommelierRequest }
  | { ok: false; issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]] }

export function readSommelierRequest(body: unknown): SommelierReading {
  const parsed = v.safeParse(SommelierRequestSchema, body)
  return parsed.success
    ? { ok: true, request: parsed.output }
    : { ok: false, issues: parsed.issues }
}
