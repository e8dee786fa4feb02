import { intlLocale } from '../../domain/money'
import type { Locale } from '../../domain/types'

// One formatter per locale, kept for the document (an Intl formatter is immutable).
const formatters = new Map<Locale, Intl.NumberFormat>()

/**
 * A count shown to the shopper (droplets, a points balance) in the locale's Belgian variant, the
 * one money and dates use: "1 234" (fr, a narrow no-break space), "1.234" (nl), "1,234" (en).
 */
export function formatNumber(value: number, locale: Locale): string {
  let formatter = formatters.get(locale)
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale(locale))
    formatters.set(locale, formatter)
  }
  return formatter.format(value)
}
