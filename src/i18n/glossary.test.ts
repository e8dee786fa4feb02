import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import fr from '../../locales/fr.json'
import nl from '../../locales/nl.json'

/** Every text of a locale file with its key, e.g. ["cart.empty", "Je winkelwagen is leeg"]. */
function texts(obj: unknown, prefix = ''): [string, string][] {
  if (typeof obj === 'string') return [[prefix, obj]]
  if (typeof obj !== 'object' || obj === null) return []
  return Object.entries(obj).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k))
}

/** The keys whose text matches a pattern (what a glossary rule forbids). */
const offending = (locale: unknown, pattern: RegExp) =>
  texts(locale)
    .filter(([, text]) => pattern.test(text))
    .map(([key, text]) => `${key}: ${text}`)

/**
 * The shop speaks with one voice and one word for each thing in every locale: French says
 * "vous", Dutch says "je" (never "u"), and the cart is "cart", "panier", "winkelwagen".
 */
describe('glossary', () => {
  it('Dutch addresses the shopper with "je", never the formal "u"/"uw"', () => {
    expect(offending(nl, /(^|[^\p{L}])(u|uw|U|Uw)(?![\p{L}])/u)).toEqual([])
  })

  it('French addresses the shopper with "vous", never "tu"', () => {
    expect(offending(fr, /(^|[^\p{L}])(tu|toi|ton|ta|tes|Tu|Ton|Ta|Tes)(?![\p{L}’'])/u)).toEqual([])
  })

  it('each locale has one word for the cart', () => {
    expect(offending(en, /\b(basket|bag|trolley)\b/i)).toEqual([])
    expect(offending(fr, /\b(chariot|caddie|caddy)\b/i)).toEqual([])
    // "winkelwagen" only: not "winkelwagentje", "winkelmand(je)" or "mandje".
    expect(offending(nl, /winkelwagentje|winkelmand|mandje/i)).toEqual([])
  })

  it('names the cart with that word where a text speaks of it', () => {
    expect(en.cart.empty).toMatch(/\bcart\b/)
    expect(fr.cart.empty).toMatch(/\bpanier\b/)
    expect(nl.cart.empty).toMatch(/\bwinkelwagen\b/)
    expect(nl.minicart.title).toMatch(/\bwinkelwagen\b/)
  })
})
