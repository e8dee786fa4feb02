/**
 * Invoice history and password reset rules.
 *
 * - The shapes of an invoice and its lines, and `normalizeInvoices`, which reads the getinvoices
 *   answer defensively: amounts may arrive as numeric strings, a broken line or invoice is dropped
 *   (the rest still shows), a product URL that is not a same-site path or http(s) URL is dropped
 *   so the name shows as plain text, never as a `javascript:` link. The list comes back newest
 *   first (`sortByDateDesc`).
 * - `INVOICE_HISTORY_START`: the history starts on 01/01/2024 (shown in the empty message).
 * - `productDetail`: "vintage · volume" of a line, leaving out what is missing.
 * - `readResetLink`: the email and token of the reset-password page's query string; no email
 *   means the link is unusable (the page then goes home).
 * - `PASSWORD_RESET_REDIRECT_MS`: the reset page goes home 4 s after its outcome.
 *
 * Still in their own modules: `formatDate` and `stripInvoicePrefix` (dates.ts), `formatDash`
 * (money.ts, 0.00 → "-") and `canResetPassword` (validation.ts).
 */
import { sortByDateDesc } from './dates'
import { safeUrl } from './safe-url'
import { isRecord } from './is-record'
import { toNumber } from './to-number'

export interface InvoiceProduct {
  name: string
  /** A same-site path or http(s) URL, or "" when the server sent none usable. */
  url: string
  vintage: string
  volume: string
}

/** One line of an invoice. Amounts in EUR. */
export interface InvoiceLine {
  quantity: number
  price_unit: number
  price_total: number
  product: InvoiceProduct
}

/** An invoice: `name` is the prefixed number, e.g. "INV/2025/00042". */
export interface Invoice {
  date: string
  name: string
  amount_total: number
  invoice_lines: InvoiceLine[]
}

/** The invoice history starts on 1 January 2024. */
export const INVOICE_HISTORY_START = '2024-01-01'

/** After a password reset, the page moves on to the login after 4 s. */
export const PASSWORD_RESET_REDIRECT_MS = 4000

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : ''

function normalizeLine(raw: unknown): InvoiceLine | null {
  if (!isRecord(raw) || !isRecord(raw.product)) return null
  const quantity = toNumber(raw.quantity)
  const price_unit = toNumber(raw.price_unit)
  const name = text(raw.product.name)
  if (quantity === null || price_unit === null || name === '') return null
  return {
    quantity,
    price_unit,
    // Odoo always sends it; should it be missing, the line total is still known.
    price_total: toNumber(raw.price_total) ?? quantity * price_unit,
    product: {
      name,
      url: safeUrl(raw.product.url),
      vintage: text(raw.product.vintage),
      volume: text(raw.product.volume),
    },
  }
}

function normalizeInvoice(raw: unknown): Invoice | null {
  if (!isRecord(raw)) return null
  const date = text(raw.date)
  const name = text(raw.name)
  const amount_total = toNumber(raw.amount_total)
  if (date === '' || name === '' || amount_total === null) return null
  const lines = Array.isArray(raw.invoice_lines) ? raw.invoice_lines : []
  return {
    date,
    name,
    amount_total,
    invoice_lines: lines.map(normalizeLine).filter((l): l is InvoiceLine => l !== null),
  }
}

/**
 * The invoices of a getinvoices answer (`{ invoices: [...] }`), newest first; null when the
 * answer has no invoice list at all (a malformed answer, which callers treat as a failed load).
 */
export function normalizeInvoices(answer: unknown): Invoice[] | null {
  if (!isRecord(answer) || !Array.isArray(answer.invoices)) return null
  const invoices = answer.invoices.map(normalizeInvoice).filter((i): i is Invoice => i !== null)
  return sortByDateDesc(invoices)
}

/** "2019 · 75cl": the vintage and volume of a line, leaving out whichever is missing. */
export function productDetail(product: Pick<InvoiceProduct, 'vintage' | 'volume'>): string {
  return [product.vintage, product.volume].filter((part) => part !== '').join(' · ')
}

export interface ResetLink {
  email: string
  /** "" when the link has no token: the reset then fails like an expired link. */
  token: string
}

/** Reads `?email=…&token=…`; null when the email is missing or blank. */
export function readResetLink(search: string): ResetLink | null {
  const params = new URLSearchParams(search)
  const email = (params.get('email') ?? '').trim()
  if (email === '') return null
  return { email, token: (params.get('token') ?? '').trim() }
}

/**
 * The address without the link's `email` and `token` (other parameters and the fragment kept):
 * once read, a token left in the address bar stays in the history, in the host's analytics page
 * views and in any shared screenshot.
 */
export function withoutResetLink(href: string): string {
  const url = new URL(href)
  url.searchParams.delete('email')
  url.searchParams.delete('token')
  return `${url.pathname}${url.search}${url.hash}`
}
