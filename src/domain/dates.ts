/**
 * Dates shown to users and sent to the backend.
 *
 * - `formatDate(isoDate, locale)`: dd/mm/yyyy in every locale. fr-BE and nl-BE print that with
 *   2-digit day and month; en uses en-BE, which prints the same dd/mm/yyyy (the shop's English
 *   text writes "01/01/2024" too). A string starting with YYYY-MM-DD (Odoo dates such as
 *   "2025-03-14", or "2025-03-14 10:22:01") shows that calendar date as written, whatever the
 *   browser's time zone; another parsable date shows its local date; anything else is returned
 *   unchanged so a strange value is visible rather than hidden.
 * - `nlBeDate(date)`: the points-update payload's date in the contract's wire format, the Belgian
 *   dd/mm/yyyy with two-digit day and month ("01/12/2026", "22/11/2026"; contract/openapi.yaml
 *   `PointsUpdate.date`). Built from the date's parts, not from `Intl`: ICU's nl-BE default is
 *   d/m/yyyy ("1/12/2026"), which the contract's pattern refuses. It uses the browser's local
 *   date (the day of the order).
 * - `stripInvoicePrefix(name)`: removes the leading letters and the first slash of an invoice
 *   number: "INV/2025/00042" → "2025/00042", "RINV/2025/00007" → "2025/00007"; a name without
 *   such a prefix is returned unchanged (trimmed).
 */
import { intlLocale } from './money'
import type { Locale } from './types'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/

const displayFormatters = new Map<string, Intl.DateTimeFormat>()

function displayFormatter(locale: Locale, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`
  let formatter = displayFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale(locale), {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(timeZone ? { timeZone } : {}),
    })
    displayFormatters.set(key, formatter)
  }
  return formatter
}

/** Parses "YYYY-MM-DD…" as a calendar date (UTC midnight), or null. */
function calendarDate(value: string): Date | null {
  const match = ISO_DATE.exec(value)
  if (!match) return null
  const [, y, m, d] = match.map(Number)
  if (y === undefined || m === undefined || d === undefined) return null
  const date = new Date(Date.UTC(y, m - 1, d))
  // Reject rollovers such as 2025-02-31.
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null
}

/** "2025-03-14" → "14/03/2025" (all locales; see the module comment). */
export function formatDate(isoDate: string, locale: Locale): string {
  const text = isoDate.trim()
  const calendar = calendarDate(text)
  if (calendar) return displayFormatter(locale, 'UTC').format(calendar)
  if (ISO_DATE.test(text)) return text
  const parsed = new Date(text)
  if (text === '' || Number.isNaN(parsed.getTime())) return text
  return displayFormatter(locale, undefined).format(parsed)
}

/** The local day as dd/mm/yyyy, e.g. "01/12/2026" (the points update's wire format). */
export function nlBeDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`
}

/** "INV/2025/00042" → "2025/00042": the leading letters and first slash removed. */
export function stripInvoicePrefix(name: string): string {
  return name.trim().replace(/^[A-Za-z]+\//, '')
}

/** Milliseconds for sorting; unparsable dates sort last. */
function sortKey(value: string): number {
  const calendar = calendarDate(value.trim())
  const time = calendar ? calendar.getTime() : new Date(value).getTime()
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time
}

/** A new array sorted by `date`, newest first (invoices). Stable for equal dates. */
export function sortByDateDesc<T extends { date: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => {
    const ka = sortKey(a.date)
    const kb = sortKey(b.date)
    return ka === kb ? 0 : kb > ka ? 1 : -1
  })
}
