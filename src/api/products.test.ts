// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import { callsOf } from '../../mocks/db'
import { setFault } from '../../mocks/faults'
import { HttpError } from '../http/http'
import { activeVintages, backOfficeFlag, getBundle, getWineVariants } from './products'

describe('getWineVariants', () => {
  it('posts { odooCode, locale, name } and reads the vintages', async () => {
    const vintages = await getWineVariants({ odooCode: 'W10001', locale: 'nl', name: 'Test' })
    expect(callsOf('getwinevariants')[0]!.payload).toEqual({
      odooCode: 'W10001',
      locale: 'nl',
      name: 'Test',
    })
    expect(vintages.length).toBeGreaterThan(0)
    expect(vintages[0]!.tasting_note).toMatch(/^De oogst \d{4}\./)
    expect(vintages[0]!.variants[0]).toEqual(
      expect.objectContaining({ volume: expect.any(String), price: expect.any(Number) }),
    )
  })

  it('drops broken entries and keeps the rest; shows only active vintages with volumes', async () => {
    server.use(
      http.post('/api/getwinevariants', () =>
        HttpResponse.json([
          {
            vintage: 2020,
            active: true,
            scores: [{ guide: { label: 'Decanter' }, score: '92', maxscore: 100 }, { score: 1 }],
            tasting_note: 'Fine.',
            variants: [{ id: 1, volume: '75cl', price: '12.95', qty_available: '4' }, { id: 2 }],
          },
          { vintage: '2019', active: false, scores: [], tasting_note: '', variants: [] },
          { vintage: '2018', active: true, variants: [] },
          'garbage',
        ]),
      ),
    )
    const vintages = await getWineVariants({ odooCode: 'X', locale: 'fr', name: 'X' })
    expect(vintages).toHaveLength(3)
    expect(vintages[0]).toEqual({
      vintage: '2020',
      active: true,
      scores: [{ guide: { value: 'Decanter', label: 'Decanter' }, score: 92, maxscore: 100 }],
      tasting_note: 'Fine.',
      variants: [
        { id: 1, volume: '75cl', price: 12.95, qty_available: 4, free_qty: 4, default_code: '' },
      ],
    })
    expect(activeVintages(vintages).map((v) => v.vintage)).toEqual(['2020'])
  })

  it('raises "Error fetching data" on a failed call or an answer that is not a list', async () => {
    setFault('getwinevariants', { kind: 'status', status: 503 }, { times: 1 })
    const request = { odooCode: 'W10001', locale: 'fr', name: 'x' } as const
    await expect(getWineVariants(request)).rejects.toThrow('Error fetching data')
    server.use(http.post('/api/getwinevariants', () => HttpResponse.json({ data: [] })))
    await expect(getWineVariants(request)).rejects.toBeInstanceOf(HttpError)
  })
})

describe('getBundle', () => {
  it('reads the bundle and its wines', async () => {
    const answer = await getBundle({ odooCode: 'BUN-002', locale: 'fr' })
    expect(answer.bundle).toMatchObject({
      odooCode: 'BUN-002',
      name: 'Six rosés d’été',
      price: 69.95,
      qty_available: 25,
      free_shipping: true,
    })
    expect(answer.wines).toHaveLength(3)
    expect(answer.wines.every((w) => w.quantity === 2)).toBe(true)
  })

  it.each([
    ['an unknown bundle (404)', () => undefined, 'BUN-404'],
    ['HTTP 500', () => setFault('getbundle', { kind: 'status', status: 500 }), 'BUN-001'],
    ['malformed JSON', () => setFault('getbundle', { kind: 'malformed' }), 'BUN-001'],
    [
      'a bundle without price',
      () => server.use(http.post('/api/getbundle', () => HttpResponse.json({ bundle: { id: 1 } }))),
      'BUN-001',
    ],
  ])('raises an HttpError for %s', async (_, fail, code) => {
    fail()
    await expect(getBundle({ odooCode: code, locale: 'en' })).rejects.toBeInstanceOf(HttpError)
  })
})

describe('backOfficeFlag: a yes/no field (active, free_shipping)', () => {
  it.each<[unknown, boolean]>([
    [true, true],
    [1, true],
    ['1', true],
    [false, false],
    [0, false],
    ['0', false],
    ['true', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(backOfficeFlag(value)).toBe(expected)
  })
})
