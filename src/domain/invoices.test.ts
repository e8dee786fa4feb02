import { describe, expect, it } from 'vitest'
import { formatDate, stripInvoicePrefix } from './dates'
import {
  INVOICE_HISTORY_START,
  PASSWORD_RESET_REDIRECT_MS,
  normalizeInvoices,
  productDetail,
  readResetLink,
  withoutResetLink,
} from './invoices'
import { formatDash } from './money'
import type { Locale } from './types'

const line = (over: Record<string, unknown> = {}) => ({
  quantity: 2,
  price_unit: 12.5,
  price_total: 25,
  product: { name: 'Chablis', url: '/fr/vins/chablis', vintage: '2021', volume: '75cl' },
  ...over,
})

describe('spec constants', () => {
  it('the history starts on 01/01/2024 and the reset page goes home after 4 s', () => {
    expect(formatDate(INVOICE_HISTORY_START, 'fr')).toBe('01/01/2024')
    expect(formatDate(INVOICE_HISTORY_START, 'nl')).toBe('01/01/2024')
    expect(formatDate(INVOICE_HISTORY_START, 'en')).toBe('01/01/2024')
    expect(PASSWORD_RESET_REDIRECT_MS).toBe(4000)
  })
})

describe('normalizeInvoices', () => {
  it('sorts the invoices by date, newest first', () => {
    const invoices = normalizeInvoices({
      invoices: [
        { date: '2024-02-09', name: 'INV/2024/00017', amount_total: 10, invoice_lines: [] },
        { date: '2026-01-20', name: 'INV/2026/00008', amount_total: 20, invoice_lines: [] },
        { date: '2025-03-14', name: 'INV/2025/00042', amount_total: 30, invoice_lines: [] },
      ],
    })
    expect(invoices?.map((i) => i.name)).toEqual([
      'INV/2026/00008',
      'INV/2025/00042',
      'INV/2024/00017',
    ])
  })

  it('reads numeric strings, drops broken lines and invoices, keeps the rest', () => {
    const invoices = normalizeInvoices({
      invoices: [
        {
          date: '2025-03-14',
          name: 'INV/2025/00042',
          amount_total: '37.50',
          invoice_lines: [
            line({ quantity: '3', price_unit: '12.50', price_total: '37.50' }),
            line({ product: null }),
            line({ quantity: 'many' }),
            'garbage',
          ],
        },
        { date: '2025-01-01', name: '', amount_total: 1 },
        { name: 'INV/2025/00001', amount_total: 1 },
        null,
      ],
    })
    expect(invoices).toHaveLength(1)
    expect(invoices![0]).toEqual({
      date: '2025-03-14',
      name: 'INV/2025/00042',
      amount_total: 37.5,
      invoice_lines: [line({ quantity: 3, price_unit: 12.5, price_total: 37.5 })],
    })
  })

  it('computes a missing line total and never keeps an unsafe product link', () => {
    const [invoice] = normalizeInvoices({
      invoices: [
        {
          date: '2025-03-14',
          name: 'INV/2025/00042',
          amount_total: 50,
          invoice_lines: [
            line({ price_total: undefined }),
            line({ product: { name: 'Evil', url: 'javascript:alert(1)', vintage: 2020 } }),
          ],
        },
      ],
    })!
    expect(invoice!.invoice_lines[0]!.price_total).toBe(25)
    expect(invoice!.invoice_lines[1]!.product).toEqual({
      name: 'Evil',
      url: '',
      vintage: '2020',
      volume: '',
    })
  })

  it.each([[null], [{}], [{ invoices: 'none' }], [[]]])('%j is not an answer → null', (raw) => {
    expect(normalizeInvoices(raw)).toBeNull()
  })

  it('an empty list is a valid answer', () => {
    expect(normalizeInvoices({ invoices: [] })).toEqual([])
  })
})

describe('what an invoice header and line show', () => {
  it('the number without its prefix', () => {
    expect(stripInvoicePrefix('INV/2025/00042')).toBe('2025/00042')
  })

  it.each<[Locale, number, RegExp]>([
    ['fr', 0, /^-$/],
    ['nl', 0, /^-$/],
    ['en', 0, /^-$/],
    ['fr', 25, /^25,00\s€$/],
    ['nl', 25, /^€\s25,00$/],
    ['en', 25, /^€25\.00$/],
  ])('%s: %f → %s (0.00 shown as "-")', (locale, amount, expected) => {
    expect(formatDash(amount, locale)).toMatch(expected)
  })

  it.each([
    [{ vintage: '2021', volume: '75cl' }, '2021 · 75cl'],
    [{ vintage: '', volume: '150cl' }, '150cl'],
    [{ vintage: '2019', volume: '' }, '2019'],
    [{ vintage: '', volume: '' }, ''],
  ])('productDetail(%j) = %j', (product, expected) => {
    expect(productDetail(product)).toBe(expected)
  })
})

describe('readResetLink', () => {
  it.each([
    [
      '?email=claire%40example.com&token=valid-token',
      { email: 'claire@example.com', token: 'valid-token' },
    ],
    ['?token=abc&email=tom@example.com', { email: 'tom@example.com', token: 'abc' }],
    ['?email=tom%40example.com', { email: 'tom@example.com', token: '' }],
    ['?email=a%2Bb%40example.com&token=t', { email: 'a+b@example.com', token: 't' }],
  ])('%s → %j', (search, expected) => {
    expect(readResetLink(search)).toEqual(expected)
  })

  it.each([[''], ['?token=abc'], ['?email=&token=abc'], ['?email=%20%20']])(
    '%j has no email → null (the page goes home)',
    (search) => {
      expect(readResetLink(search)).toBeNull()
    },
  )
})

describe('withoutResetLink', () => {
  it('drops the email and token, keeps the path, other parameters and the fragment', () => {
    expect(
      withoutResetLink('https://shop.example/fr/reset?utm=mail&email=a%40b.be&token=t#top'),
    ).toBe('/fr/reset?utm=mail#top')
    expect(withoutResetLink('https://shop.example/en/reset-password?token=t&email=a@b.be')).toBe(
      '/en/reset-password',
    )
  })
})
