/**
 * A wine as the search index returns it, checked field by field so a card never
 * dereferences a missing field and never links to a `javascript:` URL. Shared by the search
 * panel, the carousel and the sommelier's suggestion cards.
 */
import { readPriceLevel, type PriceLevel } from './price-level'
import { safeUrl } from './safe-url'
import { isRecord } from './is-record'
import { trimmedText } from './trimmed-text'

export interface WineBadgeRecord {
  title: string
  image: string
}

export interface WineHit {
  objectID: string
  title: string
  /** The wine page; "" when the record's URL is missing or unsafe. */
  url: string
  /** The short line under the title (the estate). */
  e: string
  r: { title: string }[]
  g: { title: string }[]
  c: { title: string; color: string } | null
  t: WineBadgeRecord[]
  m: WineBadgeRecord[]
  /** Label images (safe URLs only); empty when the wine has none. */
  label: string[]
  price_level: PriceLevel | null
  /** The back-office code (`W10001`): what the wine's vintages are read by; "" when missing. */
  odooCode: string
}

function titled(value: unknown): { title: string }[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const title = isRecord(item) ? trimmedText(item.title) : ''
    return title ? [{ title }] : []
  })
}

function badges(value: unknown): WineBadgeRecord[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    if (!isRecord(item)) return []
    const image = safeUrl(item.image)
    const title = trimmedText(item.title)
    return image || title ? [{ title, image }] : []
  })
}

/** The record as a WineHit, or null when it has no id or no title. */
export function normalizeHit(raw: unknown): WineHit | null {
  if (!isRecord(raw)) return null
  const objectID = trimmedText(raw.objectID) || trimmedText(raw.objID)
  const title = trimmedText(raw.title)
  if (!objectID || !title) return null
  const c = isRecord(raw.c)
    ? { title: trimmedText(raw.c.title), color: trimmedText(raw.c.color) }
    : null
  return {
    objectID,
    title,
    url: safeUrl(raw.url),
    e: trimmedText(raw.e),
    r: titled(raw.r),
    g: titled(raw.g),
    c: c && (c.title || c.color) ? c : null,
    t: badges(raw.t),
    m: badges(raw.m),
    label: Array.isArray(raw.label) ? raw.label.map(safeUrl).filter(Boolean) : [],
    price_level: readPriceLevel(raw.price_level),
    odooCode: trimmedText(raw.odooCode),
  }
}

/** Every usable record of a list (the others are dropped). */
export function normalizeHits(raw: readonly unknown[]): WineHit[] {
  return raw.flatMap((r) => {
    const hit = normalizeHit(r)
    return hit ? [hit] : []
  })
}
