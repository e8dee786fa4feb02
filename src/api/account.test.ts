// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import { callsOf, db, findUser } from '../../mocks/db'
import { setFault } from '../../mocks/faults'
import { HttpError } from '../http/http'
import { getInvoices, resetPassword } from './account'

describe('getInvoices', () => {
  it('posts { odooID, locale } with the CSRF token and returns the invoices newest first', async () => {
    db.sessionEmail = 'claire@example.com'
    const invoices = await getInvoices({ odooID: 1001, locale: 'nl' })
    const [call] = callsOf('getinvoices')
    expect(call!.payload).toEqual({ odooID: 1001, locale: 'nl' })
    expect(callsOf('csrf')).toHaveLength(1)
    expect(invoices.map((i) => i.date)).toEqual([
      '2026-01-20',
      '2025-12-05',
      '2025-03-14',
      '2024-11-28',
      '2024-02-09',
    ])
    expect(invoices[0]!.invoice_lines[0]!.product.url).toMatch(/^\/nl\//)
  })

  it('an empty history is an empty list', async () => {
    db.sessionEmail = 'tom@example.com'
    await expect(getInvoices({ odooID: 1002, locale: 'fr' })).resolves.toEqual([])
  })

  it.each([
    ['HTTP 500', { kind: 'status', status: 500 } as const],
    ['a network error', { kind: 'network' } as const],
    ['malformed JSON', { kind: 'malformed' } as const],
  ])('%s rejects with "Error fetching data"', async (_label, fault) => {
    setFault('getinvoices', fault)
    const error = await getInvoices({ odooID: 1001, locale: 'fr' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe('Error fetching data')
  })

  it('an answer without an invoices list is a failure too', async () => {
    server.use(http.post('/user/getinvoices', () => HttpResponse.json({ orders: [] })))
    await expect(getInvoices({ odooID: 1001, locale: 'fr' })).rejects.toMatchObject({
      message: 'Error fetching data',
      status: 200,
    })
  })
})

describe('resetPassword', () => {
  const payload = {
    locale: 'fr' as const,
    email: 'claire@example.com',
    token: 'valid-token',
    password: 'new-secret',
    password_confirmation: 'new-secret',
  }

  it('sends the reset payload and resolves on success', async () => {
    await expect(resetPassword(payload)).resolves.toBeUndefined()
    expect(callsOf('resetpassword')[0]!.payload).toEqual(payload)
    expect(findUser('claire@example.com')!.password).toBe('new-secret')
    expect(db.calls.map((c) => c.call)).toEqual(['csrf', 'resetpassword'])
  })

  it('rejects for an expired token (422)', async () => {
    await expect(resetPassword({ ...payload, token: 'old-token' })).rejects.toMatchObject({
      status: 422,
    })
  })

  it('rejects for a server error', async () => {
    setFault('resetpassword', { kind: 'status', status: 503 })
    await expect(resetPassword(payload)).rejects.toBeInstanceOf(HttpError)
  })
})
