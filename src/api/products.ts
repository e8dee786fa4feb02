/**
 * Product calls of the back office:
 * - `POST /api/getwinevariants` `{ odooCode, locale, name }` → the wine's vintages;
 * - `POST /api/getbundle` `{ odooCode, locale }` → `{ bundle, wines }`;
 * plus the promotion of a wine variant (the rules service's loyalty decision), cached like the
 * other server state so a wine page asks once per variant.
 *
 * Answers are read defensively: a vintage, score or variant without the fields the page needs is
 * dropped (one broken entry never hides the others); an answer that is not the documented shape
 * at all raises an HttpError ("Error fetching data") like a failed call.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Promotion } from '../domain/types'
import { safeUrl } from '../domain/safe-url'
import { malformed, postJson } from '../http/http'
import { lookupPromotion } from '../services/rules'
import { isRecord } from '../domain/is-record'
import { toNumber } from '../domain/to-number'
import type { Answer, RequestBody, Schema, Unchecked } from './wire'

export const WINE_VARIANTS_URL = '/api/getwinevariants'
export const BUNDLE_URL = '/api/getbundle'

/** One volume of a vintage ("Variant"). */
export interface WineVariant {
  id: number
  /** e.g. "75cl" */
  volume: string
  /** EUR, VAT included. */
  price: number
  qty_available: number
  free_qty: number
  default_code: string
}

/** A guide's score of a vintage. */
export interface WineScore {
  guide: { value: string; label: string }
  score: number
  maxscore: number
}

/** One vintage of a wine ("Vintage entry"). */
export interface WineVintage {
  vintage: string
  active: boolean
  scores: WineScore[]
  tasting_note: string
  variants: WineVariant[]
}

/** The bundle fields the page uses ("price, qty_available, free_shipping and other fields"). */
export interface Bundle {
  id: number
  odooCode: string
  name: string
  price: number
  qty_available: number
  free_shipping: boolean
  description: string
}

export interface BundleWineInfo {
  id: number
  name: string
  quantity: number
  vintage: string
  url: string
}

export interface BundleAnswer {
  bundle: Bundle
  wines: BundleWineInfo[]
}

/** A yes/no field of the back office: true, 1 or "1" (Odoo sends any of them); anything else is no. */
export const backOfficeFlag = (v: unknown): boolean => v === true || v === 1 || v === '1'

const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null

function parseVariant(raw: Unchecked<Schema<'Variant'>>): WineVariant | null {
  if (!isRecord(raw)) return null
  const id = toNumber(raw.id)
  const price = toNumber(raw.price)
  const volume = text(raw.volume)
  if (id === null || price === null || price < 0 || !volume) return null
  const qty = toNumber(raw.qty_available) ?? 0
  return {
    id,
    volume,
    price,
    qty_available: qty,
    free_qty: toNumber(raw.free_qty) ?? qty,
    default_code: text(raw.default_code) ?? '',
  }
}

function parseScore(raw: Unchecked<Schema<'Score'>>): WineScore | null {
  if (!isRecord(raw) || !isRecord(raw.guide)) return null
  const score = toNumber(raw.score)
  const maxscore = toNumber(raw.maxscore)
  const label = text(raw.guide.label)
  if (score === null || maxscore === null || !label) return null
  return { guide: { value: text(raw.guide.value) ?? label, label }, score, maxscore }
}

function parseVintage(raw: Unchecked<Schema<'Vintage'>>): WineVintage | null {
  if (!isRecord(raw)) return null
  const vintage = text(raw.vintage)
  if (!vintage || !Array.isArray(raw.variants)) return null
  return {
    vintage,
    active: backOfficeFlag(raw.active),
    scores: Array.isArray(raw.scores)
      ? raw.scores.map(parseScore).filter((s): s is WineScore => s !== null)
      : [],
    tasting_note: typeof raw.tasting_note === 'string' ? raw.tasting_note : '',
    variants: raw.variants.map(parseVariant).filter((v): v is WineVariant => v !== null),
  }
}

/** The body of `POST /api/getwinevariants`. */
export type WineVariantsRequest = RequestBody<'getWineVariants'>

/** Every vintage of a wine as the backend lists it (active or not). */
export async function getWineVariants(
  request: WineVariantsRequest,
  signal?: AbortSignal,
): Promise<WineVintage[]> {
  const answer = await postJson<Unchecked<Answer<'getWineVariants'>>>(
    WINE_VARIANTS_URL,
    request satisfies WineVariantsRequest,
    signal,
  )
  if (!Array.isArray(answer)) {
    throw malformed('POST', WINE_VARIANTS_URL, 'The answer is not a list')
  }
  return answer.map(parseVintage).filter((v): v is WineVintage => v !== null)
}

/** The vintages the wine page shows as tabs: the active ones with at least one volume. */
export function activeVintages(vintages: readonly WineVintage[]): WineVintage[] {
  return vintages.filter((v) => v.active && v.variants.length > 0)
}

export function wineVariantsQueryOptions(request: WineVariantsRequest) {
  return queryOptions({
    queryKey: ['wine-variants', request.odooCode, request.locale, request.name] as const,
    queryFn: ({ signal }) => getWineVariants(request, signal),
  })
}

export function useWineVariants(request: WineVariantsRequest) {
  return useQuery(wineVariantsQueryOptions(request))
}

/** The body of `POST /api/getbundle`. */
export type BundleRequest = RequestBody<'getBundle'>

export async function getBundle(
  request: BundleRequest,
  signal?: AbortSignal,
): Promise<BundleAnswer> {
  const answer = await postJson<Unchecked<Answer<'getBundle'>>>(
    BUNDLE_URL,
    request satisfies BundleRequest,
    signal,
  )
  const bad = (reason: string) => malformed('POST', BUNDLE_URL, reason)
  if (!isRecord(answer) || !isRecord(answer.bundle)) throw bad('The answer has no bundle')
  const b = answer.bundle
  const id = toNumber(b.id)
  const price = toNumber(b.price)
  const qty = toNumber(b.qty_available)
  if (id === null || price === null || price < 0 || qty === null) {
    throw bad('The bundle needs an id, a price and qty_available')
  }
  const wines = Array.isArray(answer.wines) ? answer.wines : []
  return {
    bundle: {
      id,
      odooCode: text(b.odooCode) ?? request.odooCode,
      name: text(b.name) ?? '',
      price,
      qty_available: qty,
      free_shipping: backOfficeFlag(b.free_shipping),
      description: typeof b.description === 'string' ? b.description : '',
    },
    wines: wines.flatMap((w): BundleWineInfo[] => {
      if (!isRecord(w)) return []
      const wineId = toNumber(w.id)
      const name = text(w.name)
      if (wineId === null || !name) return []
      return [
        {
          id: wineId,
          name,
          quantity: toNumber(w.quantity) ?? 1,
          vintage: text(w.vintage) ?? '',
          // A link only to a same-site path or an http(s) page (never javascript:, //host…).
          url: safeUrl(w.url),
        },
      ]
    }),
  }
}

export function bundleQueryOptions(request: BundleRequest) {
  return queryOptions({
    queryKey: ['bundle', request.odooCode, request.locale] as const,
    queryFn: ({ signal }) => getBundle(request, signal),
    // A load failure is only logged and the page stays empty; asking again changes nothing.
    retry: false,
  })
}

export function useBundle(request: BundleRequest) {
  return useQuery(bundleQueryOptions(request))
}

export interface PromotionRequest {
  wineCode: string
  vintage: string
  volume: string
}

/**
 * The promotion of one wine variant. The query never fails: a failed lookup is logged and gives
 * no promotion, so the add button never waits on an error state.
 */
export function promotionQueryOptions(request: PromotionRequest) {
  return queryOptions({
    queryKey: ['promotion', request.wineCode, request.vintage, request.volume] as const,
    queryFn: ({ signal }): Promise<Promotion> => lookupPromotion(request, { signal }),
    // Promotions depend on the day; within a page visit they do not change.
    staleTime: 30 * 60_000,
    retry: false,
  })
}

export function usePromotion(request: PromotionRequest | null) {
  return useQuery({
    ...promotionQueryOptions(request ?? { wineCode: '', vintage: '', volume: '' }),
    enabled: request !== null,
  })
}
