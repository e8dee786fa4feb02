// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { createBus } from '../bus/bus'
import type { ShopItem } from '../bus/events'
import { SENT_PURCHASES_KEY, createGa4Tracker, readSentPurchases, withSentPurchase } from './ga4'
import { onTracked, type TrackedMessage } from './tracked'

const wine: ShopItem = {
  odooCode: 'W10001',
  name: 'Test wine',
  vintage: '2019',
  volume: '75cl',
  price: 10,
  quantity: 1,
  type: 'product',
}
const paid = (orderId: string): TrackedMessage => ({
  name: 'order:paid',
  payload: { orderId, total: 10, items: [wine], shippingCost: 0, discount: 0 },
})

function setup(consent = { yes: true }) {
  const layer: object[] = []
  const saved = new Map<string, string>()
  const storage = {
    getItem: (key: string) => saved.get(key) ?? null,
    setItem: (key: string, value: string) => void saved.set(key, value),
  }
  const tracker = createGa4Tracker({
    consent: () => consent.yes,
    dataLayer: () => layer,
    storage: () => storage,
  })
  return { layer, saved, storage, tracker, consent }
}

const events = (layer: object[]) =>
  layer.flatMap((entry) => ('event' in entry ? [String(entry.event)] : []))

describe('GA4 tracker', () => {
  it('pushes nothing without consent, then pushes once consent is given (no replay)', () => {
    const { layer, tracker, consent } = setup({ yes: false })
    tracker.handle({ name: 'item:viewed', payload: { item: wine } })
    expect(layer).toEqual([])
    consent.yes = true
    tracker.handle({ name: 'cart:item-added', payload: { item: wine } })
    expect(events(layer)).toEqual(['add_to_cart'])
  })

  it('clears the previous ecommerce object before each e-commerce push, not before search', () => {
    const { layer, tracker } = setup()
    tracker.handle({ name: 'item:viewed', payload: { item: wine } })
    tracker.handle({ name: 'search:query', payload: { query: 'merlot' } })
    expect(layer).toEqual([
      { ecommerce: null },
      expect.objectContaining({ event: 'view_item' }),
      { event: 'search', search_term: 'merlot' },
    ])
  })

  it('pushes a purchase once per order number, also for a new tracker (a reload)', () => {
    const first = setup()
    first.tracker.handle(paid('S1'))
    first.tracker.handle(paid('S1'))
    expect(events(first.layer)).toEqual(['purchase'])
    expect(readSentPurchases(first.saved.get(SENT_PURCHASES_KEY) ?? null)).toEqual(['S1'])

    const layer: object[] = []
    const reloaded = createGa4Tracker({
      consent: () => true,
      dataLayer: () => layer,
      storage: () => first.storage,
    })
    reloaded.handle(paid('S1'))
    reloaded.handle(paid('S2'))
    expect(layer.filter((e) => 'event' in e)).toEqual([
      expect.objectContaining({ ecommerce: expect.objectContaining({ transaction_id: 'S2' }) }),
    ])
  })

  it('a purchase dropped for lack of consent is not remembered as sent', () => {
    const { layer, tracker, consent, saved } = setup({ yes: false })
    tracker.handle(paid('S3'))
    expect(saved.size).toBe(0)
    consent.yes = true
    tracker.handle(paid('S3'))
    expect(events(layer)).toEqual(['purchase'])
  })

  it('still pushes when storage is unavailable', () => {
    const layer: object[] = []
    const tracker = createGa4Tracker({
      consent: () => true,
      dataLayer: () => layer,
      storage: () => null,
    })
    tracker.handle(paid('S4'))
    expect(events(layer)).toEqual(['purchase'])
  })

  it('a sent-purchases record of the right shape is kept: its orders are not pushed again', () => {
    const { layer, saved, tracker } = setup()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    saved.set(SENT_PURCHASES_KEY, JSON.stringify(['S1', 'S2']))
    tracker.handle(paid('S2'))
    tracker.handle(paid('S3'))
    expect(layer.filter((e) => 'event' in e)).toEqual([
      expect.objectContaining({ ecommerce: expect.objectContaining({ transaction_id: 'S3' }) }),
    ])
    expect(JSON.parse(saved.get(SENT_PURCHASES_KEY)!)).toEqual(['S1', 'S2', 'S3'])
    expect(warn).not.toHaveBeenCalled()
  })

  it.each([
    ['not JSON', '{oops', []],
    ['not a list', '{"S2":true}', []],
    ['entries that are not order numbers', '["S1",2,{"id":"S2"}]', ['S1']],
  ])(
    'a sent-purchases record that is %s is dropped with one warning, nothing crashes',
    (_, text, kept) => {
      const { layer, saved, tracker } = setup()
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      saved.set(SENT_PURCHASES_KEY, text)
      tracker.handle(paid('S2'))
      tracker.handle(paid('S1'))
      expect(events(layer)).toEqual(kept.length ? ['purchase'] : ['purchase', 'purchase'])
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Discarded sent purchases'))
      expect(JSON.parse(saved.get(SENT_PURCHASES_KEY)!)).toEqual(
        kept.length ? ['S1', 'S2'] : ['S2', 'S1'],
      )
    },
  )

  it('sent order numbers: broken values read as none; the last 50 are kept', () => {
    expect(readSentPurchases('{oops')).toEqual([])
    expect(readSentPurchases('{"a":1}')).toEqual([])
    expect(readSentPurchases('["S1",2,"S2"]')).toEqual(['S1', 'S2'])
    let sent: string[] = []
    for (let i = 0; i < 60; i++) sent = withSentPurchase(sent, `S${i}`)
    expect(sent).toHaveLength(50)
    expect(sent[0]).toBe('S10')
    expect(withSentPurchase(['S1', 'S2'], 'S1')).toEqual(['S2', 'S1'])
  })

  it('onTracked hands over the tracked bus events only, until stopped', () => {
    const bus = createBus(null)
    const heard: string[] = []
    const stop = onTracked(bus, (m) => heard.push(m.name))
    bus.emit('item:viewed', { item: wine })
    bus.emit('modal:close', {})
    bus.emit('search:query', { query: 'x' })
    stop()
    bus.emit('item:viewed', { item: wine })
    expect(heard).toEqual(['item:viewed', 'search:query'])
  })
})
