import { KNOWN_VAT_NAMES } from '../fixtures/vat'
import { catalogueBundle, catalogueVintages } from './catalogue'
import { json, postFields } from './route'
import type { Answer } from '../src/api/wire'

/** BE + 10 digits, first digit 0 or 1, and 97 − (first 8 digits mod 97) = last two digits. */
export function isValidBelgianVat(vat: string): boolean {
  const m = /^BE([01]\d{7})(\d{2})$/.exec(vat)
  if (!m) return false
  return 97 - (Number(m[1]) % 97) === Number(m[2])
}

export const productHandlers = [
  postFields(
    '/api/getwinevariants',
    'getwinevariants',
    { odooCode: 'string', locale: 'locale', name: 'text' },
    // A code the back office does not know has no vintages.
    (f) =>
      json((catalogueVintages(f.odooCode, f.locale) ?? []) satisfies Answer<'getWineVariants'>),
  ),

  postFields('/api/getbundle', 'getbundle', { odooCode: 'string', locale: 'locale' }, (f) => {
    const answer = catalogueBundle(f.odooCode, f.locale)
    return answer
      ? json(answer satisfies Answer<'getBundle'>)
      : json({ message: `Bundle ${f.odooCode} not found.` } satisfies Answer<'getBundle', 404>, 404)
  }),

  postFields('/api/isVATValid', 'isVATValid', { vat: 'string' }, (f) => {
    const vat = f.vat.replace(/[\s.,]/g, '').toUpperCase()
    const valid = isValidBelgianVat(vat)
    return json({
      valid,
      name: valid ? (KNOWN_VAT_NAMES[vat] ?? '---') : '---',
    } satisfies Answer<'isVatValid'>)
  }),
]
