/**
 * The mock back office's catalogue as it is now, which may differ from the fixtures: prices,
 * stock and promotions change while a shopper's tab keeps the figures of the moment they added a
 * wine. `getwinevariants`, `getbundle` and the loyalty decision answer from here.
 *
 * Changes are keyed by the cart line's id (a variant id, a bundle code) and merged:
 *   changeCatalogue({ '200100': { price: 11.95 }, 'BUN-001': { gone: true } })
 * An entry patches the fixture's variant or bundle of that id; with `odooCode` (and `vintage`,
 * `volume` for a wine) it also lists one the fixtures lack (a test's own cart line). `gone`
 * leaves it out of the answer (a bundle then answers 404). `sellsLines(lines)` is the change that
 * makes the catalogue sell a cart's lines exactly as the cart remembers them.
 *
 * In the browser (demo, e2e) the changes live in `sessionStorage['wine-mocks:catalogue']`, read
 * when the mocks start and written by `changeCatalogue` (`window.__wineMocks.changeCatalogue`).
 */
import { bundleAnswer } from '../fixtures/bundles'
import { promotionFor } from '../fixtures/promotions'
import type { BundleAnswer, PromotionRule, Variant, Vintage } from '../fixtures/types'
import { vintagesFor } from '../fixtures/wines'
import { isRecord } from '../src/domain/is-record'
import type { CartLine, Locale } from '../src/domain/types'

type PromotionOutput = Pick<PromotionRule, 'type' | 'points' | 'bogof'>

export interface CatalogueEntry {
  /** The wine or bundle code, to list a line the fixtures lack. */
  odooCode?: string
  vintage?: string | null
  volume?: string | null
  /** A bundle the fixtures lack: its name. */
  name?: string
  price?: number
  qty_available?: number
  free_qty?: number
  free_shipping?: boolean
  /** The loyalty decision for this wine variant. */
  promotion?: PromotionOutput
  /** No longer sold: left out of the answer. */
  gone?: boolean
}

export type CatalogueChanges = Record<string, CatalogueEntry>

export const CATALOGUE_STORAGE_KEY = 'wine-mocks:catalogue'

let changes: CatalogueChanges = {}
let storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = null

function save(): void {
  try {
    if (Object.keys(changes).length === 0) storage?.removeItem(CATALOGUE_STORAGE_KEY)
    else storage?.setItem(CATALOGUE_STORAGE_KEY, JSON.stringify(changes))
  } catch {
    // A full or disabled sessionStorage: the change lasts this page only.
  }
}

/** Merge changes into the catalogue (an entry's fields into that line's earlier entry). */
export function changeCatalogue(next: CatalogueChanges): void {
  for (const [id, entry] of Object.entries(next)) changes[id] = { ...changes[id], ...entry }
  save()
}

/** The fixtures' catalogue again (node tests: after each test). */
export function clearCatalogue(): void {
  changes = {}
  save()
}

export const catalogueChanges = (): CatalogueChanges => structuredClone(changes)

/** Browser only: keep the changes in sessionStorage, reading what an init script put there. */
export function persistCatalogueIn(target: typeof storage): void {
  storage = target
  try {
    const text = target?.getItem(CATALOGUE_STORAGE_KEY)
    const stored: unknown = text ? JSON.parse(text) : null
    if (isRecord(stored)) changes = stored as CatalogueChanges // the demo's own JSON, as written by save()
  } catch {
    console.warn(`[wine-mocks] ${CATALOGUE_STORAGE_KEY} is not valid JSON; ignored`)
  }
}

/** The change that makes the catalogue sell these cart lines exactly as the cart remembers them. */
export function sellsLines(lines: readonly CartLine[]): CatalogueChanges {
  return Object.fromEntries(
    lines.map((line) => [
      line.id,
      {
        odooCode: line.odooCode,
        vintage: line.vintage,
        volume: line.volume,
        name: line.name,
        price: line.price,
        qty_available: line.qty_available,
        free_qty: line.free_qty,
        ...(line.type === 'bundle'
          ? { free_shipping: line.free_shipping }
          : { promotion: { ...line.promotion } }),
      },
    ]),
  )
}

const VOLUMES: readonly Variant['volume'][] = ['37.5cl', '75cl', '150cl']
// Widened to compare any value with the list.
const isVolume = (v: unknown): v is Variant['volume'] => (VOLUMES as readonly unknown[]).includes(v)

function patched<T extends { price: number; qty_available: number }>(
  item: T,
  entry: CatalogueEntry,
): T {
  return {
    ...item,
    ...(entry.price !== undefined && { price: entry.price }),
    ...(entry.qty_available !== undefined && { qty_available: entry.qty_available }),
    ...(entry.free_qty !== undefined && { free_qty: entry.free_qty }),
  }
}

/** The getwinevariants answer for a wine code now (null: a code the back office does not know). */
export function catalogueVintages(odooCode: string, locale: Locale): Vintage[] | null {
  const fixture = vintagesFor(odooCode, locale)
  const vintages = (fixture ?? []).map((v) => ({
    ...v,
    variants: v.variants.flatMap((variant) => {
      const entry = changes[String(variant.id)]
      if (!entry) return [variant]
      return entry.gone ? [] : [patched(variant, entry)]
    }),
  }))
  const listed = new Set(fixture?.flatMap((v) => v.variants.map((variant) => String(variant.id))))
  for (const [id, entry] of Object.entries(changes)) {
    const { vintage, volume } = entry
    if (entry.odooCode !== odooCode || listed.has(id) || entry.gone) continue
    if (!vintage || !isVolume(volume) || !Number.isInteger(Number(id))) continue
    const variant: Variant = {
      id: Number(id),
      volume,
      price: entry.price ?? 0,
      qty_available: entry.qty_available ?? 0,
      free_qty: entry.free_qty ?? entry.qty_available ?? 0,
      default_code: `${odooCode}-${vintage}-${volume.replace('.', '')}`,
    }
    const into = vintages.find((v) => v.vintage === vintage)
    if (into) into.variants.push(variant)
    else vintages.push({ vintage, active: true, scores: [], tasting_note: '', variants: [variant] })
  }
  return fixture || vintages.length > 0 ? vintages : null
}

/** The getbundle answer for a bundle code now (null: unknown or no longer sold). */
export function catalogueBundle(odooCode: string, locale: Locale): BundleAnswer | null {
  const entry = changes[odooCode]
  if (entry?.gone) return null
  const fixture = bundleAnswer(odooCode, locale)
  const answer: BundleAnswer | null =
    fixture ??
    (entry?.name && entry.price !== undefined
      ? {
          bundle: {
            id: 0,
            odooCode,
            name: entry.name,
            price: entry.price,
            qty_available: 0,
            free_shipping: false,
            description: '',
          },
          wines: [],
        }
      : null)
  if (!answer || !entry) return answer
  return {
    ...answer,
    bundle: {
      ...patched(answer.bundle, entry),
      ...(entry.free_shipping !== undefined && { free_shipping: entry.free_shipping }),
    },
  }
}

/** The loyalty decision for a wine, vintage and volume now. */
export function cataloguePromotion(
  wineCode: string,
  vintage: string,
  volume: string,
): PromotionOutput {
  const own = Object.values(changes).find(
    (e) => e.odooCode === wineCode && e.vintage === vintage && e.volume === volume,
  )
  if (own?.promotion) return own.promotion
  const variant = vintagesFor(wineCode, 'en')
    ?.find((v) => v.vintage === vintage)
    ?.variants.find((v) => v.volume === volume)
  const entry = variant ? changes[String(variant.id)] : undefined
  return entry?.promotion ?? promotionFor(wineCode, vintage, volume)
}
