import { editDistance } from './closest'

/** Lower case without accents: "Mâcon" is typed "macon", "Grüner" "gruner". */
const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

/** Edits a typed name may be away from a value: none for short ones, where one edit is another word. */
const allowedEdits = (length: number) => (length < 4 ? 0 : length < 7 ? 1 : 2)

/**
 * "Did you mean": the refinement value (a grape, a region) closest to the words typed, among the
 * values the index returned. A value of n words is compared with every n consecutive words typed
 * ("pinot nior" → "Pinot Noir", "zzqxy lambrusko" → "Lambrusco"), accents and case ignored. The
 * fewest edits win, then the longer value (the more precise), then the first listed. None when no
 * value is close enough, or when the closest is the whole query already (it found nothing).
 */
export function didYouMean(query: string, values: readonly string[]): string | null {
  const typed = fold(query)
  const words = typed.split(' ').filter(Boolean)
  let best: { value: string; edits: number; length: number } | null = null
  for (const value of values) {
    const folded = fold(value)
    if (folded === '' || folded === typed) continue
    const size = folded.split(' ').length
    for (let i = 0; i + size <= words.length; i++) {
      const edits = editDistance(words.slice(i, i + size).join(' '), folded)
      if (edits > allowedEdits(folded.length)) continue
      const better =
        !best || edits < best.edits || (edits === best.edits && folded.length > best.length)
      if (better) best = { value, edits, length: folded.length }
    }
  }
  return best?.value ?? null
}
