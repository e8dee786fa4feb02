// @vitest-environment jsdom -- needs relative URLs for fetch (the mock server's routes)
import { describe, expect, it } from 'vitest'
import { PROMOTIONS } from '../fixtures/promotions'
import { wineLine } from '../fixtures/checkout'
import { vintagesFor } from '../fixtures/wines'
import {
  CATALOGUE_STORAGE_KEY,
  catalogueChanges,
  changeCatalogue,
  persistCatalogueIn,
  sellsLines,
} from './catalogue'

const post = async (url: string, payload: unknown) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(payload),
  })
  const body: unknown = await res.json()
  return { status: res.status, body }
}

interface VariantAnswer {
  id: number
  price: number
  qty_available: number
}
type VintagesAnswer = { vintage: string; variants: VariantAnswer[] }[]

const variants = async (odooCode: string) => {
  const { body } = await post('/api/getwinevariants', { odooCode, locale: 'en', name: '' })
  // The mock's own answer, in the fixtures' shape.
  return (body as VintagesAnswer).flatMap((v) =>
    v.variants.map((x) => ({ ...x, vintage: v.vintage })),
  )
}

const loyalty = async (wineCode: string, vintage: string, volume: string) => {
  const context = { date: '2024-06-01', wineCode, vintage, volume }
  const { body } = await post('/api/rules/evaluate/loyalty', { context })
  // The mock rules service's envelope.
  return (body as { result: { output: unknown } }).result.output
}

describe('the mock catalogue', () => {
  const [first] = vintagesFor('W10002', 'en')!
  const variant = first!.variants[0]!

  it('answers from the fixtures until a change, then with the change', async () => {
    expect((await variants('W10002')).find((v) => v.id === variant.id)).toMatchObject({
      price: variant.price,
    })
    changeCatalogue({ [variant.id]: { price: 11.95 } })
    changeCatalogue({ [variant.id]: { qty_available: 2 } })
    expect((await variants('W10002')).find((v) => v.id === variant.id)).toMatchObject({
      price: 11.95,
      qty_available: 2,
    })
    changeCatalogue({ [variant.id]: { gone: true } })
    expect((await variants('W10002')).map((v) => v.id)).not.toContain(variant.id)
  })

  it('changes a bundle, and answers 404 for one no longer sold', async () => {
    changeCatalogue({ 'BUN-001': { price: 64.95, qty_available: 1 } })
    const { body } = await post('/api/getbundle', { odooCode: 'BUN-001', locale: 'fr' })
    expect(body).toMatchObject({ bundle: { price: 64.95, qty_available: 1 } })
    changeCatalogue({ 'BUN-001': { gone: true } })
    expect((await post('/api/getbundle', { odooCode: 'BUN-001', locale: 'fr' })).status).toBe(404)
  })

  it('sells a cart line the fixtures lack, promotion included, as the cart remembers it', async () => {
    const line = wineLine({
      id: '300301',
      odooCode: 'W30030',
      odooId: 300301,
      price: 20,
      qty_available: 9,
      promotion: { type: 'points', points: 3, bogof: null },
    })
    changeCatalogue(sellsLines([line]))
    expect(await variants('W30030')).toEqual([
      expect.objectContaining({ id: 300301, price: 20, qty_available: 9, vintage: '2021' }),
    ])
    expect(await loyalty('W30030', '2021', '75cl')).toEqual(line.promotion)
  })

  it('changes the loyalty decision of a fixture wine', async () => {
    const rule = PROMOTIONS[0]!
    const id = vintagesFor(rule.wineCode, 'en')!
      .find((v) => v.vintage === rule.vintage)!
      .variants.find((v) => v.volume === rule.volume)!.id
    expect(await loyalty(rule.wineCode, rule.vintage, rule.volume)).toMatchObject({
      type: 'points',
    })
    changeCatalogue({ [id]: { promotion: { type: 'none', points: 1, bogof: null } } })
    expect(await loyalty(rule.wineCode, rule.vintage, rule.volume)).toMatchObject({ type: 'none' })
  })

  it('keeps its changes in the storage it is given, and reads them back', () => {
    persistCatalogueIn(sessionStorage)
    changeCatalogue({ '200100': { price: 1 } })
    expect(JSON.parse(sessionStorage.getItem(CATALOGUE_STORAGE_KEY)!)).toEqual({
      '200100': { price: 1 },
    })
    sessionStorage.setItem(CATALOGUE_STORAGE_KEY, JSON.stringify({ '200101': { gone: true } }))
    persistCatalogueIn(sessionStorage)
    expect(catalogueChanges()).toEqual({ '200101': { gone: true } })
    persistCatalogueIn(null)
  })
})
