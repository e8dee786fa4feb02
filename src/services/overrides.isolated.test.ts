// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakePlaces } from '../../mocks/fake-places'
import { createFakeStripe } from '../../mocks/fake-stripe'
import { MissingConfigError, type WidgetsConfig } from '../config/config'
import { serviceOverride } from './overrides'
import { loadPayments } from './payments'
import { loadPlaces } from './places'

const loadStripe = vi.hoisted(() => vi.fn())
vi.mock('@stripe/stripe-js', () => ({ loadStripe }))
const loadGooglePlaces = vi.hoisted(() => vi.fn())
vi.mock('./places/google', () => ({ loadGooglePlaces }))

// The demo flag is set on purpose: it must not choose any service.
const config: WidgetsConfig = {
  demo: true,
  stripe: { publishableKey: 'pk_test_123' },
  maps: { apiKey: 'maps-key' },
}

beforeEach(() => {
  loadStripe.mockReset()
  loadGooglePlaces.mockReset()
})

describe('payments', () => {
  it('uses the override a test page registered, never Stripe.js', async () => {
    const fake = createFakeStripe()
    window.wineWidgetsServices = { payments: () => Promise.resolve(fake) }
    await expect(loadPayments(config)).resolves.toBe(fake)
    // One instance per page.
    await expect(loadPayments(config)).resolves.toBe(fake)
    expect(loadStripe).not.toHaveBeenCalled()
  })

  it('the component tests get the fake Stripe.js from the shared setup', async () => {
    const stripe = await loadPayments(config)
    expect(typeof stripe.confirmPayment).toBe('function')
    expect(typeof stripe.elements().submit).toBe('function')
    expect(loadStripe).not.toHaveBeenCalled()
  })

  it('without an override asks the real loader with the publishable key, whatever the demo flag', async () => {
    delete window.wineWidgetsServices
    const real = createFakeStripe()
    loadStripe.mockResolvedValue(real)
    await expect(loadPayments(config)).resolves.toBe(real)
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123')
  })

  it('does not cache a failure: a missing key, then a failing override, then success', async () => {
    delete window.wineWidgetsServices
    await expect(loadPayments({ demo: false })).rejects.toBeInstanceOf(MissingConfigError)
    expect(loadStripe).not.toHaveBeenCalled()
    window.wineWidgetsServices = {
      payments: () => Promise.reject(new Error('Failed to load Stripe.js')),
    }
    await expect(loadPayments(config)).rejects.toThrow('Failed to load Stripe.js')
    const fake = createFakeStripe()
    window.wineWidgetsServices = { payments: () => Promise.resolve(fake) }
    await expect(loadPayments(config)).resolves.toBe(fake)
  })
})

describe('places', () => {
  it('passes the locale to the override, never to Google', async () => {
    const fake = createFakePlaces('nl')
    const places = vi.fn(() => Promise.resolve(fake))
    window.wineWidgetsServices = { places }
    await expect(loadPlaces(config, 'nl')).resolves.toBe(fake)
    expect(places).toHaveBeenCalledWith('nl')
    expect(loadGooglePlaces).not.toHaveBeenCalled()
  })

  it('without an override asks Google with the maps key and the locale', async () => {
    delete window.wineWidgetsServices
    const google = createFakePlaces('fr')
    loadGooglePlaces.mockResolvedValue(google)
    await expect(loadPlaces(config, 'fr')).resolves.toBe(google)
    expect(loadGooglePlaces).toHaveBeenCalledWith('maps-key', 'fr')
  })
})

describe('serviceOverride', () => {
  it('ignores anything that is not a function', () => {
    Object.assign(window, { wineWidgetsServices: { payments: 'stripe', places: null } })
    expect(serviceOverride('payments')).toBeUndefined()
    expect(serviceOverride('places')).toBeUndefined()
    delete window.wineWidgetsServices
    expect(serviceOverride('payments')).toBeUndefined()
  })
})
