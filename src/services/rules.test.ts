// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import { callsOf } from '../../mocks/db'
import { setFault } from '../../mocks/faults'
import { PROMOTIONS } from '../../fixtures/promotions'
import { setPageConfig } from '../config/config'
import { NO_PROMOTION } from '../domain/points'
import {
  createRulesService,
  getRulesService,
  lookupPromotion,
  loyaltyDate,
  quoteShipping,
} from './rules'

const service = createRulesService('/api/rules/')
const double = PROMOTIONS.find((p) => p.type === 'points' && p.points === 2)!
const one = PROMOTIONS.find((p) => p.type === 'points' && p.points === 1)!
const bogof = PROMOTIONS.find((p) => p.type === 'bogof')!
const wineOf = (p: typeof double) => ({
  wineCode: p.wineCode,
  vintage: p.vintage,
  volume: p.volume,
})

describe('rules service: loyalty decision', () => {
  it('posts { context: { date, wineCode, vintage, volume } } to {rules.url}/evaluate/loyalty', async () => {
    const promotion = await lookupPromotion(wineOf(double), {
      service,
      now: new Date(2026, 2, 4, 10),
    })
    expect(promotion).toEqual({ type: 'points', points: 2, bogof: null })
    const [call] = callsOf('rules')
    expect(call!.url).toBe('/api/rules/evaluate/loyalty')
    expect(call!.payload).toEqual({ context: { date: '2026-03-04', ...wineOf(double) } })
  })

  it('reads a buy-one-get-one promotion', async () => {
    expect(await lookupPromotion(wineOf(bogof), { service })).toEqual({
      type: 'bogof',
      points: 1,
      bogof: bogof.bogof,
    })
  })

  it('treats a points promotion of 1 point, and an unknown wine, as none', async () => {
    expect(await lookupPromotion(wineOf(one), { service })).toEqual(NO_PROMOTION)
    expect(
      await lookupPromotion({ wineCode: 'W99999', vintage: '2020', volume: '75cl' }, { service }),
    ).toEqual(NO_PROMOTION)
  })

  it.each([
    ['HTTP 500', () => setFault('rules', { kind: 'status', status: 500 })],
    ['a network error', () => setFault('rules', { kind: 'network' })],
    ['malformed JSON', () => setFault('rules', { kind: 'malformed' })],
    [
      'an answer without result.output',
      () => server.use(http.post('/api/rules/*', () => HttpResponse.json({ performance: '1ms' }))),
    ],
  ])('falls back to none on %s and only logs it', async (_, fail) => {
    fail()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(await lookupPromotion(wineOf(double), { service })).toEqual(NO_PROMOTION)
    // A stopped load is judged a task later (the page may be leaving): wait for that judgement.
    await vi.waitFor(() => expect(error).toHaveBeenCalledOnce())
    expect(String(error.mock.calls[0]![0])).toContain('Promotion lookup failed')
  })

  it('has no promotion without a rules section in the config', async () => {
    setPageConfig({ config: { demo: false }, problems: [] })
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(getRulesService()).toBeNull()
    expect(await lookupPromotion(wineOf(double))).toEqual(NO_PROMOTION)
    expect(callsOf('rules')).toHaveLength(0)
  })

  it('uses the configured rules.url', async () => {
    setPageConfig({ config: { demo: false, rules: { url: '/api/rules' } }, problems: [] })
    expect(await lookupPromotion(wineOf(double))).toMatchObject({ type: 'points', points: 2 })
  })

  it('formats the date as the local YYYY-MM-DD', () => {
    expect(loyaltyDate(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31')
  })
})

describe('rules service: shipping decision', () => {
  const context = { cartAmount: 75, bottles: 6, free: false, countryCode: 'BE' }

  it('posts { context: { cartAmount, bottles, free, countryCode } } and reads the cost', async () => {
    expect(await quoteShipping(context, { service })).toBe(9.95)
    expect(await quoteShipping({ ...context, countryCode: 'NL' }, { service })).toBe(14.95)
    expect(await quoteShipping({ ...context, cartAmount: 150 }, { service })).toBe(0)
    expect(await quoteShipping({ ...context, free: true }, { service })).toBe(0)
    const [call] = callsOf('rules')
    expect(call!.url).toBe('/api/rules/evaluate/shipping')
    expect(call!.payload).toEqual({ context })
  })

  it.each([
    ['HTTP 500', () => setFault('rules', { kind: 'status', status: 500 })],
    ['a network error', () => setFault('rules', { kind: 'network' })],
    [
      'a non-number cost',
      () =>
        server.use(
          http.post('/api/rules/*', () => HttpResponse.json({ result: { output: null } })),
        ),
    ],
    [
      'a text cost',
      () =>
        server.use(
          http.post('/api/rules/*', () => HttpResponse.json({ result: { output: 'free' } })),
        ),
    ],
  ])('rejects on %s (never free shipping)', async (_, fail) => {
    fail()
    await expect(quoteShipping(context, { service })).rejects.toThrow('Error fetching data')
  })

  it('rejects without a rules section in the config', async () => {
    setPageConfig({ config: { demo: false }, problems: [] })
    await expect(quoteShipping(context)).rejects.toThrow('No rules service configured')
  })
})
