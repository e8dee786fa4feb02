import { describe, expect, it } from 'vitest'
import { createBus } from '../bus/bus'
import type { ShopItem } from '../bus/events'
import { CONSENT_EVENT } from '../consent/consent'
import { startConsentMode } from './consent-mode'
import { startGa4 } from './ga4'

const DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
}
const GRANTED = {
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
}
const DEFAULT = ['consent', 'default', { ...DENIED, wait_for_update: 500 }]

const wine: ShopItem = {
  odooCode: 'W10001',
  name: 'Test wine',
  vintage: '2019',
  volume: '75cl',
  price: 10,
  quantity: 1,
  type: 'product',
}

const isArguments = (entry: object) =>
  Object.prototype.toString.call(entry) === '[object Arguments]'

/** A layer entry as what it reads: a gtag command's arguments, or the pushed object. */
const read = (entry: object): unknown =>
  // Checked just above: an arguments object is array-like.
  isArguments(entry) ? Array.from(entry as ArrayLike<unknown>) : entry

const answer = (events: EventTarget, analytics: boolean) =>
  events.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { analytics } }))

function setup(yes: boolean) {
  const layer: object[] = []
  const consent = { yes }
  const events = new EventTarget()
  const stop = startConsentMode({ dataLayer: () => layer, consent: () => consent.yes, events })
  return { layer, consent, events, stop }
}

describe('Consent Mode v2', () => {
  it('pushes gtag-shaped commands: arguments objects, as gtag() pushes them', () => {
    const { layer } = setup(false)
    expect(layer).toHaveLength(2)
    expect(layer.every(isArguments)).toBe(true)
  })

  it.each([
    [false, DENIED],
    [true, GRANTED],
  ] as const)('pushes the default, then the stored answer (consent: %s)', (yes, signals) => {
    const { layer } = setup(yes)
    expect(layer.map(read)).toEqual([DEFAULT, ['consent', 'update', signals]])
  })

  it('pushes an update on every change of answer, none for the same answer again', () => {
    const { layer, events, stop } = setup(false)
    answer(events, false)
    expect(layer).toHaveLength(2)
    answer(events, true)
    answer(events, true)
    answer(events, false)
    expect(layer.slice(2).map(read)).toEqual([
      ['consent', 'update', GRANTED],
      ['consent', 'update', DENIED],
    ])
    stop()
    answer(events, true)
    expect(layer).toHaveLength(4)
  })

  it('startGa4: the default comes before any event; events only while the answer is yes', () => {
    const layer: object[] = []
    const saved = new Map<string, string>()
    const consent = { yes: false }
    const events = new EventTarget()
    const bus = createBus()
    const stop = startGa4(bus, {
      dataLayer: () => layer,
      consent: () => consent.yes,
      events,
      storage: () => ({
        getItem: (key) => saved.get(key) ?? null,
        setItem: (key, value) => void saved.set(key, value),
      }),
    })
    try {
      bus.emit('cart:item-added', { item: wine })
      expect(layer.map(read)).toEqual([DEFAULT, ['consent', 'update', DENIED]])

      consent.yes = true // the cookie is written, then the answer announced
      answer(events, true)
      bus.emit('cart:item-added', { item: wine })
      const entries = layer.map(read)
      expect(entries.slice(2, 3)).toEqual([['consent', 'update', GRANTED]])
      expect(entries.slice(3)).toEqual([
        { ecommerce: null },
        expect.objectContaining({ event: 'add_to_cart' }),
      ])

      // Withdrawn: the very next event is not pushed.
      consent.yes = false
      answer(events, false)
      bus.emit('cart:item-added', { item: wine })
      expect(layer.map(read).slice(5)).toEqual([['consent', 'update', DENIED]])
    } finally {
      stop()
    }
  })
})
