import { describe, expect, it } from 'vitest'
import { createBus } from '../bus/bus'
import { createPageQueryClient } from './query-client'

describe('the page query client', () => {
  it.each(['logout', 'inactivity'] as const)(
    'drops every cached answer (invoices, points…) on %s',
    (reason) => {
      const bus = createBus(null)
      const client = createPageQueryClient(bus)
      client.setQueryData(['invoices', 1001, 'fr'], [{ name: 'INV/2024/0001' }])
      client.setQueryData(['bundle', 'BUN-001', 'fr'], { price: 89 })
      bus.emit('user:logged-out', { reason })
      expect(client.getQueryData(['invoices', 1001, 'fr'])).toBeUndefined()
      expect(client.getQueryCache().getAll()).toEqual([])
    },
  )

  it('keeps the cache while nobody logs out', () => {
    const bus = createBus(null)
    const client = createPageQueryClient(bus)
    client.setQueryData(['invoices', 1001, 'fr'], [])
    bus.emit('user:logged-in', { user: { name: 'C', email: 'c@x', odooID: 1 }, points: 0 })
    expect(client.getQueryData(['invoices', 1001, 'fr'])).toEqual([])
  })
})
