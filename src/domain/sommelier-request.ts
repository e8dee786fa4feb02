/**
 * What the browser sends the sommelier's proxy: the shopper's locale and the last lines of the
 * conversation, nothing else. The proxy owns the prompt, the model and its settings, and refuses
 * anything beyond these limits (server/sommelier/request.ts reads them from here).
 */
import type { ConversationLine, Locale } from './types'

/** Lines sent per question, the question included (the newest ones). */
export const MAX_LINES = 10
/** Characters kept per line (UTF-16 code units, as `String.length` counts them). */
export const MAX_LINE_LENGTH = 500

export interface SommelierLine {
  role: 'user' | 'assistant'
  content: string
}

export interface SommelierRequest {
  locale: Locale
  messages: SommelierLine[]
}

/** At most MAX_LINE_LENGTH code units, never ending on half of a surrogate pair. */
export function clipLine(text: string): string {
  const trimmed = text.trim()
  if (trimmed.length <= MAX_LINE_LENGTH) return trimmed
  const cut = trimmed.slice(0, MAX_LINE_LENGTH)
  const last = cut.charCodeAt(cut.length - 1)
  return (last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut).trimEnd()
}

/**
 * The request for a new question: the readable earlier lines (failed and empty answers are left
 * out: they would teach the model nothing), newest last, then the question; MAX_LINES in all,
 * each clipped to MAX_LINE_LENGTH.
 */
export function sommelierRequest(
  locale: Locale,
  history: readonly ConversationLine[],
  question: string,
): SommelierRequest {
  const earlier = history
    .filter((line) => !line.error && line.message.trim() !== '')
    .slice(-(MAX_LINES - 1))
    .map((line): SommelierLine => ({
      role: line.from === 'user' ? 'user' : 'assistant',
      content: clipLine(line.message),
    }))
  return { locale, messages: [...earlier, { role: 'user', content: clipLine(question) }] }
}
