/**
 * Money in EUR.
 *
 * - Amounts are numbers in euros (VAT included). Every figure shown to a user has 2 decimals and
 *   goes through `formatMoney`, which uses `Intl.NumberFormat` with the locale's Belgian variant
 *   (en-BE, fr-BE, nl-BE). The output therefore contains the characters Intl chooses, e.g. a
 *   narrow no-break space (U+202F) as fr-BE thousands separator and a no-break space (U+00A0)
 *   before "€"; compare against Intl output, never against hand-typed strings with plain spaces.
 * - Rounding is "half away from zero" on cents, after removing binary float drift
 *   (0.1 + 0.2, 1.005 × 100 = 100.49999…): `roundCents(1.005)` is 1.01.
 * - A non-finite amount (NaN, Infinity) is treated as 0 so a broken figure never shows "NaN €".
 */
import type { Locale } from './types'

const INTL_LOCALES: Record<Locale, string> = { en: 'en-BE', fr: 'fr-BE', nl: 'nl-BE' }

const formatters = new Map<Locale, Intl.NumberFormat>()

function formatterFor(locale: Locale): Intl.NumberFormat {
  let formatter = formatters.get(locale)
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALES[locale], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    formatters.set(locale, formatter)
  }
  return formatter
}

/** The Intl locale tag used for a site locale (en → en-BE, fr → fr-BE, nl → nl-BE). */
export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale]
}

function finite(amount: number): number {
  return Number.isFinite(amount) ? amount : 0
}

/** Drops binary float noise: 0.1 + 0.2 → 0.3, 1.005 × 100 → 100.5. */
function stripDrift(x: number): number {
  return Number(x.toPrecision(15))
}

function roundHalfAwayFromZero(x: number): number {
  const rounded = Math.sign(x) * Math.round(Math.abs(x))
  // Math.sign(-0.4) * 0 is -0: normalise so -0 never prints as "-0,00 €".
  return rounded === 0 ? 0 : rounded
}

/** Rounds an amount to whole cents (half away from zero), without float drift. */
export function roundCents(amount: number): number {
  const cents = roundHalfAwayFromZero(stripDrift(finite(amount) * 100))
  return cents / 100
}

/** Amount in whole cents, e.g. the payment amount sent to the card provider. */
export function toCents(amount: number): number {
  return roundHalfAwayFromZero(stripDrift(finite(amount) * 100))
}

/** "1 234,50 €" (fr), "€ 1.234,50" (nl), "€1,234.50" (en): EUR with 2 decimals. */
export function formatMoney(amount: number, locale: Locale): string {
  return formatterFor(locale).format(roundCents(amount))
}

/**
 * A discount shown as a negative amount: "-2,00 €" (fr), "€ -2,00" (nl), "-€2.00" (en).
 * The sign of the input is ignored (2 and -2 both give "-2,00 €"); an amount that rounds to 0
 * shows without a minus ("0,00 €").
 */
export function formatNegativeMoney(amount: number, locale: Locale): string {
  return formatMoney(-Math.abs(roundCents(amount)), locale)
}

/** Like `formatMoney`, but an amount that rounds to 0.00 shows as "-" (invoices). */
export function formatDash(amount: number, locale: Locale): string {
  return roundCents(amount) === 0 ? '-' : formatMoney(amount, locale)
}
