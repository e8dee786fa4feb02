import { describe, expect, it } from 'vitest'
import { HttpResponse } from 'msw'
import contractText from '../contract/openapi.yaml?raw'
import { nlBeDate } from '../src/domain/dates'
import { ContractCheck } from './contract-check'

const check = new ContractCheck(contractText)
const SITE = 'https://shop.example'

function route(method: string, address: string) {
  const found = check.route(method, new URL(address, SITE))
  if (!found) throw new Error(`${method} ${address} is not in the contract`)
  return found
}

const post = (address: string, body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(new URL(address, SITE), { method: 'POST', body, headers })

const json = (address: string, body: unknown, headers: Record<string, string> = {}) =>
  post(address, JSON.stringify(body), { 'Content-Type': 'application/json', ...headers })

describe('the contract check of the unit run', () => {
  it('finds the operation of a request, by method, path, host and server prefix', () => {
    expect(route('GET', '/api/collections/regions/entries?limit=1000').key).toBe(
      'GET /api/collections/{collection}/entries',
    )
    expect(check.route('GET', new URL('/api/getbundle', SITE))).toBeNull()
    expect(check.route('POST', new URL('/api/unknown', SITE))).toBeNull()
    // Search: Algolia's read host, its fallbacks and the site's proxy path are one operation.
    for (const address of [
      'https://app1-dsn.algolia.net/1/indexes/*/queries',
      'https://app1-2.algolianet.com/1/indexes/*/queries',
      '/algolia/1/indexes/*/queries',
    ])
      expect(route('POST', address).key).toBe('POST /1/indexes/*/queries')
    expect(check.route('POST', new URL('https://evil.example/1/indexes/*/queries'))).toBeNull()
  })

  it('lists every operation once', () => {
    const operations = check.operations()
    expect(new Set(operations).size).toBe(operations.length)
    expect(operations).toContain('POST /api/createorderinodoo')
    expect(operations).toHaveLength(23)
  })

  it('passes a request as the widgets send it', async () => {
    const request = json('/user/getinvoices', { odooID: 7, locale: 'fr' }, { 'X-CSRF-TOKEN': 't' })
    expect(await check.checkRequest(route('POST', '/user/getinvoices'), request)).toEqual([])
  })

  it('reports a missing header, a missing field, an unknown field and a wrong value', async () => {
    const problems = await check.checkRequest(
      route('POST', '/user/getinvoices'),
      json('/user/getinvoices', { locale: 'de', userEmail: 'x@example.com' }),
    )
    expect(problems).toEqual(
      expect.arrayContaining([
        'header parameter X-CSRF-TOKEN is missing',
        "body must have required property 'odooID'",
        'body must NOT have additional properties: userEmail',
        'body/locale must be equal to one of the allowed values',
      ]),
    )
  })

  it('reads form fields as text, and checks a field holding JSON text against its schema', async () => {
    const form = new FormData()
    form.set('locale', 'nl')
    form.set('contacts', JSON.stringify({ invoice: {}, delivery: {}, vat: {} }))
    form.set('cartlines', '[]')
    const problems = await check.checkRequest(
      route('POST', '/api/createorderinodoo'),
      post('/api/createorderinodoo', form),
    )
    expect(problems).toEqual(
      expect.arrayContaining([
        "body.contacts/invoice must have required property 'name'",
        'body.cartlines must NOT have fewer than 1 items',
      ]),
    )
    const vat = new FormData()
    vat.set('vat', 'BE0403170701')
    expect(
      await check.checkRequest(route('POST', '/api/isVATValid'), post('/api/isVATValid', vat)),
    ).toEqual([])
  })

  it('checks query parameters, read from their text', async () => {
    const ok = '/api/collections/quotes/entries?limit=1000&filter[site]=fr&fields=author,id,quote'
    const get = (address: string) => new Request(new URL(address, SITE))
    expect(await check.checkRequest(route('GET', ok), get(ok))).toEqual([])
    const bad = '/api/collections/quotes/entries?limit=all&filter[site]=fr'
    expect(await check.checkRequest(route('GET', bad), get(bad))).toEqual([
      'query limit must be integer',
      'query parameter fields is missing',
    ])
  })

  it('reports an answer whose status, type or body the contract does not give', async () => {
    const bundle = route('POST', '/api/getbundle')
    const answer = (body: unknown, status = 200) =>
      check.checkResponse(bundle, HttpResponse.json(body as object, { status }))
    expect(await answer({ bundle: { id: 1, price: 10, qty_available: 3 }, wines: [] })).toEqual([])
    expect(await answer({ bundle: { id: 1, price: -1 } })).toEqual(
      expect.arrayContaining([
        "body must have required property 'wines'",
        "body/bundle must have required property 'qty_available'",
        'body/bundle/price must be >= 0',
      ]),
    )
    expect(await answer({ message: 'Nope' }, 418)).toEqual([
      "status 418 is not one of the contract's",
    ])
    // A server error is documented by its class (5XX).
    expect(await answer({ message: 'Server Error' }, 503)).toEqual([])
    expect(await check.checkResponse(bundle, HttpResponse.text('{}'))).toEqual([
      'content type "text/plain" is not one of the contract\'s',
    ])
  })

  it('asks for Retry-After on a rate-limited answer', async () => {
    const login = route('POST', '/login/loginuser')
    const limited = HttpResponse.json({ message: 'Too Many Attempts.' }, { status: 429 })
    expect(await check.checkResponse(login, limited)).toEqual(['header Retry-After is missing'])
  })

  it('does not read a stream (it may never end), only its type', async () => {
    const stream = new HttpResponse(new ReadableStream(), {
      headers: { 'Content-Type': 'text/event-stream' },
    })
    expect(await check.checkResponse(route('POST', '/api/sommelier'), stream)).toEqual([])
  })
})

describe("the points update's date, as the widgets write it", () => {
  // The wire format is the contract's; nlBeDate must produce it on every day, the 1st to the 9th
  // of a month included (a one-digit day was refused there).
  it.each<[Date, string]>([
    [new Date(2026, 11, 1, 10), '01/12/2026'],
    [new Date(2027, 0, 5, 10), '05/01/2027'],
    [new Date(2026, 11, 31, 23, 30), '31/12/2026'],
  ])('%s is sent as %s and the contract accepts it', async (date, expected) => {
    const body = {
      userEmail: 'claire@example.com',
      date: nlBeDate(date),
      document: 'S1',
      points: 4,
    }
    expect(body.date).toBe(expected)
    const request = json('/user/updateuserpoints', body, { 'X-CSRF-TOKEN': 't' })
    expect(await check.checkRequest(route('POST', '/user/updateuserpoints'), request)).toEqual([])
  })
})
