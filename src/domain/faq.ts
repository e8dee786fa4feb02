/**
 * The faq widget's question/answer pairs as an editor writes them in JSON (in the `data-items`
 * attribute or a `<script type="application/json">` child): `[{ "question": "…", "answer": "…" }]`.
 * An answer is a text (a blank line starts a new paragraph) or a list of paragraphs.
 */

import { FAQ_NOT_A_LIST, faqList } from './editorial-constants'
import { isRecord } from './is-record'

export interface FaqItem {
  question: string
  /** The answer's paragraphs. */
  answer: string[]
}

export const clean = (text: string) => text.replace(/[ \t\r\f\v]+/g, ' ').trim()

/** Paragraphs from a text: blank lines separate them, single newlines are spaces. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => clean(p.replace(/\s*\n\s*/g, ' ')))
    .filter(Boolean)
}

/**
 * The pairs of the JSON model. A value that is not a list throws; an item without a question is
 * skipped and named in `skipped` (1-based), so one typo never hides the whole FAQ.
 */
export function faqFromJson(value: unknown): { items: FaqItem[]; skipped: number[] } {
  const list = faqList(value)
  if (!list) throw new Error(FAQ_NOT_A_LIST)
  const skipped: number[] = []
  const items = list.flatMap((item: unknown, i) => {
    const question = isRecord(item) && typeof item.question === 'string' ? clean(item.question) : ''
    if (!isRecord(item) || !question) {
      skipped.push(i + 1)
      return []
    }
    const raw = item.answer
    const answer =
      typeof raw === 'string'
        ? paragraphs(raw)
        : Array.isArray(raw)
          ? raw.flatMap((p) => (typeof p === 'string' ? paragraphs(p) : []))
          : []
    return [{ question, answer }]
  })
  return { items, skipped }
}
