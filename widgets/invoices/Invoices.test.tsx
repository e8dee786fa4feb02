import { describe, expect, it } from 'vitest'
import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { renderWidget } from '../../mocks/render-widget'
import { logInFromThePanel } from '../../mocks/test-setups/login-panel'
import { callsOf, db } from '../../mocks/db'
import { clearFaults, setFault } from '../../mocks/faults'
import { server } from '../../mocks/node'
import { invoicesFor } from '../../fixtures/users'
import { formatMoney } from '../../src/domain/money'
import type { Locale } from '../../src/domain/types'
import { invoices } from './index'

// Two cores shared with other test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5_000 })

/** An amount as shown, with the whitespace Intl puts in it normalised like the text matchers do. */
const money = (amount: number, locale: Locale) => formatMoney(amount, locale).replace(/\s+/g, ' ')

/** The accordion buttons, in the order shown. */
const invoiceButtons = () =>
  screen.queryAllByRole('button').filter((b) => b.hasAttribute('aria-expanded'))

describe('invoices widget', () => {
  it.each<[Locale, string]>([
    ['fr', 'Date 14/03/2025 Facture 2025/00042 Total'],
    ['nl', 'Datum 14/03/2025 Factuur 2025/00042 Totaal'],
  ])(
    '(%s) lists the invoices newest first: date, number without prefix, total in EUR',
    async (locale, name) => {
      db.sessionEmail = 'claire@example.com'
      await renderWidget(invoices, { locale })
      expect(await screen.findByRole('heading', { level: 3, name: /2026\/00008/ })).toBeVisible()
      const headers = invoiceButtons()
      expect(headers.map((b) => b.textContent)).toEqual([
        expect.stringContaining('20/01/2026'),
        expect.stringContaining('05/12/2025'),
        expect.stringContaining('14/03/2025'),
        expect.stringContaining('28/11/2024'),
        expect.stringContaining('09/02/2024'),
      ])
      const march = headers[2]!
      expect(march).toHaveAccessibleName(`${name} ${formatMoney(271.75, locale)}`)
      expect(march).not.toHaveTextContent('INV/')
      expect(march).toHaveAttribute('aria-expanded', 'false')
      expect(callsOf('getinvoices')[0]!.payload).toEqual({ odooID: 1001, locale })
    },
  )

  it('(fr) expands an invoice: quantity, product link, vintage and volume, prices; 0.00 shows "-"', async () => {
    const user = userEvent.setup()
    db.sessionEmail = 'claire@example.com'
    await renderWidget(invoices, { locale: 'fr' })
    const button = await screen.findByRole('button', { name: /2024\/00311/ })
    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    const region = screen.getByRole('region', { name: /2024\/00311/ })
    expect(button).toHaveAttribute('aria-controls', region.id)
    const table = within(region).getByRole('table', { name: 'Vins de la facture 2024/00311' })
    const [head, ...rows] = within(table).getAllByRole('row')
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Quantité', 'Vin', 'Millésime et contenance', 'Prix unitaire', 'Total de la ligne'])
    const lines = invoicesFor(1001, 'fr')[1]!.invoice_lines
    expect(rows).toHaveLength(3)
    rows.forEach((row, i) => {
      const line = lines[i]!
      const cells = within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
      expect(cells[0]).toBe(String(line.quantity))
      expect(within(row).getByRole('link', { name: line.product.name })).toHaveAttribute(
        'href',
        line.product.url,
      )
      expect(cells[2]).toBe(`${line.product.vintage} · ${line.product.volume}`)
    })
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent('2020 · 150cl')
    expect(within(rows[1]!).getAllByRole('cell')[3]).toHaveTextContent(money(93.45, 'fr'))
    expect(within(rows[1]!).getAllByRole('cell')[4]).toHaveTextContent(money(186.9, 'fr'))
    // The gift bottle: unit price and line total 0.00 are shown as "-".
    const gift = within(rows[2]!).getAllByRole('cell')
    expect(gift[3]).toHaveTextContent(/^-$/)
    expect(gift[4]).toHaveTextContent(/^-$/)

    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it.each<[Locale, string]>([
    ['en', 'No orders since 01/01/2024'],
    ['fr', 'Aucune commande depuis le 01/01/2024'],
    ['nl', 'Geen bestellingen sinds 01/01/2024'],
  ])('(%s) a user without invoices reads "%s"', async (locale, message) => {
    db.sessionEmail = 'tom@example.com'
    await renderWidget(invoices, { locale })
    expect(await screen.findByText(message)).toBeVisible()
    expect(invoiceButtons()).toEqual([])
  })

  it('(nl) shows a loading status while the invoices load', async () => {
    db.sessionEmail = 'claire@example.com'
    setFault('getinvoices', { kind: 'held' })
    await renderWidget(invoices, { locale: 'nl' })
    expect(await screen.findByRole('status')).toHaveTextContent('Je bestellingen worden geladen…')
    clearFaults('getinvoices') // answers now, and so does every call after it
    expect(await screen.findByRole('button', { name: /2026\/00008/ })).toBeVisible()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it.each<[Locale, string, string, Parameters<typeof setFault>[1]]>([
    ['en', "We couldn't load your orders right now.", 'Try again', { kind: 'status', status: 500 }],
    ['fr', "Nous n'avons pas pu charger vos commandes", 'Réessayer', { kind: 'network' }],
    ['nl', 'We konden je bestellingen nu niet laden.', 'Opnieuw proberen', { kind: 'malformed' }],
  ])(
    '(%s) a failed load says so and the retry button loads again',
    async (locale, text, retry, fault) => {
      const user = userEvent.setup()
      db.sessionEmail = 'claire@example.com'
      setFault('getinvoices', fault, { times: 1 })
      await renderWidget(invoices, { locale })
      const alert = await screen.findByRole('alert')
      expect(alert).toHaveTextContent(text)
      await user.click(within(alert).getByRole('button', { name: retry }))
      expect(await screen.findByRole('button', { name: /2026\/00008/ })).toBeVisible()
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    },
  )

  it('(fr) an answer without invoice list is a failed load too', async () => {
    db.sessionEmail = 'claire@example.com'
    server.use(http.post('/user/getinvoices', () => HttpResponse.json({ orders: [] })))
    await renderWidget(invoices, { locale: 'fr' })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Nous n'avons pas pu charger vos commandes",
    )
  })

  it('(en) shows a product without a safe link as plain text', async () => {
    const user = userEvent.setup()
    db.sessionEmail = 'claire@example.com'
    server.use(
      http.post('/user/getinvoices', () =>
        HttpResponse.json({
          invoices: [
            {
              date: '2025-06-01',
              name: 'INV/2025/00100',
              amount_total: 10,
              invoice_lines: [
                {
                  quantity: 1,
                  price_unit: 10,
                  price_total: 10,
                  product: {
                    name: '<b>Evil</b>',
                    url: 'javascript:alert(1)',
                    vintage: '2020',
                    volume: '75cl',
                  },
                },
              ],
            },
          ],
        }),
      ),
    )
    await renderWidget(invoices, { locale: 'en' })
    await user.click(await screen.findByRole('button', { name: /2025\/00100/ }))
    expect(screen.getByRole('cell', { name: '<b>Evil</b>' })).toBeVisible()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })

  it('(en) a logged-out visitor gets the login panel; after login the invoices show', async () => {
    const panel = { heading: 'Your orders', prompt: 'Log in to see your orders.' }
    await logInFromThePanel(invoices, panel, 'claire@example.com', 'droplets-420')
    expect(await screen.findByRole('button', { name: /2026\/00008/ })).toBeVisible()
    expect(screen.getByRole('heading', { level: 2, name: 'Your orders' })).toBeVisible()
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
  })
})
