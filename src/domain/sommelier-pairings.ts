/**
 * The structured part of the sommelier's answer. The model writes its
 * answer for the reader, then, on lines of their own:
 *   <<<PAIRINGS>>>
 *   [{ "dish": "…", "color": "red", "style": "…", "grapes": ["…"], "regions": ["…"] }]
 *   <<<END>>>
 * The structured part is for the app only: it is never shown, not even while it streams in.
 */
import { isRecord } from './is-record'
import { trimmedText } from './trimmed-text'
import { isWineColor, type WineColor } from './wine-color'
import { MAX_LINE_LENGTH } from './sommelier-request'

export const PAIRINGS_START = '<<<PAIRINGS>>>'
export const PAIRINGS_END = '<<<END>>>'

/**
 * Suggestions shown per answer ("The sommelier suggests 2 wines"). Extra lines
 * of the structured part are ignored.
 */
export const SUGGESTIONS_PER_ANSWER = 2

/** One line of the structured part: a wine style for a dish, as search filters. */
export interface Pairing {
  dish: string
  /** The search records' colour vocabulary; null when the model gave none we know. */
  color: WineColor | null
  style: string
  grapes: string[]
  regions: string[]
}

/** Follow-up questions kept from the model (the chat shows its own three otherwise). */
export const FOLLOW_UPS_PER_ANSWER = 3

export type PairingsResult =
  /** `followUps`: the model's own next questions, when it wrote `{ "pairings", "followUps" }`. */
  | { ok: true; pairings: Pairing[]; followUps: string[] }
  /** `missing`: no structured part; `malformed`: it is there but cannot be read. */
  | { ok: false; reason: 'missing' | 'malformed' }

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()

/** Models do not always use the index's words: "white" is the records' "yellow", and so on. */
const COLOR_WORDS: Record<string, WineColor> = {
  white: 'yellow',
  blanc: 'yellow',
  wit: 'yellow',
  witte: 'yellow',
  rouge: 'red',
  rood: 'red',
  rode: 'red',
  rose: 'pink',
  rosado: 'pink',
  orange: 'amber',
  oranje: 'amber',
}

/** "red", "White", "rosé", "red-7b1e2b" → the records' colour; anything else → null. */
export function pairingColorOf(value: unknown): WineColor | null {
  if (typeof value !== 'string') return null
  const word = fold(value).split('-', 1)[0] ?? ''
  if (isWineColor(word)) return word
  return COLOR_WORDS[word] ?? null
}

/**
 * What a reader may see of a (possibly still streaming) answer: the text before the structured
 * part (and any text after its end marker). While streaming, the beginning of a marker that has
 * only partly arrived ("…<<<PAIR") is held back too.
 */
export function visibleAnswer(raw: string): string {
  const start = raw.indexOf(PAIRINGS_START)
  if (start >= 0) {
    const before = raw.slice(0, start).trimEnd()
    const endAt = raw.indexOf(PAIRINGS_END, start)
    const after = endAt >= 0 ? raw.slice(endAt + PAIRINGS_END.length).trim() : ''
    return after ? `${before}\n\n${after}` : before
  }
  for (let k = PAIRINGS_START.length - 1; k > 0; k -= 1) {
    if (raw.endsWith(PAIRINGS_START.slice(0, k))) return raw.slice(0, -k).trimEnd()
  }
  return raw
}

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((v) => (typeof v === 'string' && v.trim() ? [v.trim()] : []))
    : []

function toPairing(v: unknown): Pairing | null {
  if (!isRecord(v)) return null
  const pairing: Pairing = {
    dish: trimmedText(v.dish),
    color: pairingColorOf(v.color),
    style: trimmedText(v.style),
    grapes: strings(v.grapes),
    regions: strings(v.regions),
  }
  const usable = pairing.color || pairing.grapes.length || pairing.regions.length
  return usable ? pairing : null
}

/**
 * Read the structured part of a complete answer. A part that is not a JSON list (or a
 * `{ "pairings": [...] }` object) of usable lines is `malformed`; the answer's text is then shown
 * without cards. Code fences around the JSON are tolerated; at most SUGGESTIONS_PER_ANSWER lines
 * are kept. The object may also carry `"followUps": ["…"]`, questions the shopper may send next
 * (at most FOLLOW_UPS_PER_ANSWER, each no longer than a question may be).
 */
export function parsePairings(raw: string): PairingsResult {
  const start = raw.indexOf(PAIRINGS_START)
  if (start < 0) return { ok: false, reason: 'missing' }
  const from = start + PAIRINGS_START.length
  const endAt = raw.indexOf(PAIRINGS_END, from)
  const body = raw
    .slice(from, endAt >= 0 ? endAt : undefined)
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
  let data: unknown
  try {
    data = JSON.parse(body)
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  const list = isRecord(data) ? data.pairings : data
  if (!Array.isArray(list)) return { ok: false, reason: 'malformed' }
  const pairings = list.flatMap((item) => {
    const p = toPairing(item)
    return p ? [p] : []
  })
  if (list.length > 0 && pairings.length === 0) return { ok: false, reason: 'malformed' }
  const followUps = isRecord(data)
    ? strings(data.followUps)
        .filter((q) => q.length <= MAX_LINE_LENGTH)
        .slice(0, FOLLOW_UPS_PER_ANSWER)
    : []
  return { ok: true, pairings: pairings.slice(0, SUGGESTIONS_PER_ANSWER), followUps }
}
