// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it, vi } from 'vitest'
import { createBus } from './bus'

describe('bus', () => {
  it('delivers typed payloads to subscribers until they unsubscribe', () => {
    const bus = createBus(null)
    const handler = vi.fn()
    const off = bus.on('modal:open', handler)
    bus.emit('modal:open', { mode: 'sommelier' })
    off()
    bus.emit('modal:open', { mode: 'search' })
    expect(handler).toHaveBeenCalledTimes(1)
    expect(handler).toHaveBeenCalledWith({ mode: 'sommelier' })
  })

  it('re-dispatches every event on window as wine-widgets:<event> for host scripts', () => {
    const bus = createBus(window)
    const seen = vi.fn()
    window.addEventListener('wine-widgets:cart:changed', (e) => seen((e as CustomEvent).detail))
    bus.emit('cart:changed', { itemsCount: 3, subTotal: 42.5 })
    expect(seen).toHaveBeenCalledWith({ itemsCount: 3, subTotal: 42.5 })
  })

  it('keeps delivering to other listeners when one throws', () => {
    const bus = createBus(null)
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const good = vi.fn()
    bus.on('user:logged-out', () => {
      throw new Error('broken widget')
    })
    bus.on('user:logged-out', good)
    bus.emit('user:logged-out', { reason: 'logout' })
    expect(good).toHaveBeenCalledTimes(1)
    expect(error).toHaveBeenCalledTimes(1)
  })
})
