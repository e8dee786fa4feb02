/**
 * The few constants the editorial widgets' definitions (`widgets/<name>/index.ts`) need. They sit
 * in the library entry every page downloads, so this module stays tiny: the rules themselves live
 * in editorial.ts, index-layout.ts and faq.ts, loaded with the widgets' code.
 */

import { isRecord } from './is-record'

/** The collections that have entry pages, a collection index page and editorial widgets. */
export const EDITORIAL_COLLECTIONS = [
  'bundles',
  'articles',
  'regions',
  'grapes',
  'estates',
] as const
export type EditorialCollection = (typeof EDITORIAL_COLLECTIONS)[number]

/** Index pages lay their entries out in 3 columns unless the tag says otherwise. */
export const DEFAULT_INDEX_COLUMNS = 3

/** What an editor is told when the faq's JSON is not a list of pairs. */
export const FAQ_NOT_A_LIST = 'the JSON must be a list of {"question", "answer"}'

/**
 * The list of the faq's JSON model: the value itself, or its `items` (`{ "items": [...] }`); null
 * when neither is a list. Read by the attribute check below and by `faqFromJson` (faq.ts).
 */
export function faqList(value: unknown): unknown[] | null {
  const list = isRecord(value) && Array.isArray(value.items) ? value.items : value
  return Array.isArray(list) ? list : null
}

/**
 * For the faq's `data-items` attribute: a message when the value is not a usable list of
 * `{ "question", "answer" }`, else null (the runtime reports it as a clear attribute error).
 */
export function faqItemsProblem(value: unknown): string | null {
  const list = faqList(value)
  if (!list) return FAQ_NOT_A_LIST
  if (list.length === 0) return 'the list is empty'
  const missing = list.flatMap((item: unknown, i) =>
    isRecord(item) && typeof item.question === 'string' && item.question.trim() !== ''
      ? []
      : [i + 1],
  )
  return missing.length > 0 ? `items ${missing.join(', ')} have no "question" text` : null
}
