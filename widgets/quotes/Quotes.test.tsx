import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import { renderDomWidget as renderWidget } from '../../mocks/render-widget'
import { quotesFor } from '../../fixtures/quotes'
import { quotes } from './index'
import styles from './Quotes.module.css'
import { loggedCallFailure } from '../../mocks/test-setups/console'
import { HttpError } from '../../src/http/http'
import { ERROR_EVENT, type ErrorDetail } from '../../src/report/report'

const ENTRIES = '/api/collections/:collection/entries'

const FR = [
  { id: 'q1', quote: 'Le vin est la partie intellectuelle d’un repas.', author: 'Alexandre Dumas' },
  {
    id: 'q2',
    quote: 'Le vin est la plus saine et la plus hygiénique des boissons.',
    author: 'Louis Pasteur',
  },
  { id: 'q3', quote: 'Je bois du champagne quand je suis heureuse.', author: 'Lily Bollinger' },
]
const NL = [
  { id: 'n1', quote: 'Wijn maakt het hart blij.', author: 'Psalm 104' },
  {
    id: 'n2',
    quote: 'Een maaltijd zonder wijn is als een dag zonder zon.',
    author: 'Brillat-Savarin',
  },
]

/** Serves `entries` for the quotes collection and records what was asked. */
function serveQuotes(entries: unknown[]) {
  const requests: URL[] = []
  server.use(
    http.get(ENTRIES, ({ request, params }) => {
      const url = new URL(request.url)
      requests.push(url)
      if (params.collection !== 'quotes')
        return HttpResponse.json({ message: 'Not found' }, { status: 404 })
      return HttpResponse.json({ data: entries, links: {}, meta: { total: entries.length } })
    }),
  )
  return requests
}

/** The quote currently shown: its text and its author. */
function shownQuote() {
  const figure = screen.getByRole('figure')
  const text = figure.querySelector('blockquote')?.textContent ?? ''
  const author = figure.querySelector('cite')?.textContent ?? ''
  return { text, author }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('quotes widget', () => {
  it.each(['fr', 'nl'] as const)(
    'shows a quote with its author from the mock quotes collection (%s)',
    async (locale) => {
      await renderWidget(quotes, { locale })
      const name = locale === 'fr' ? 'Un mot sur le vin' : 'Een woord over wijn'
      await screen.findByRole('figure', { name })
      const shown = shownQuote()
      const expected = quotesFor(locale).map(({ quote, author }) => ({ text: quote, author }))
      expect(expected).toContainEqual(shown)
    },
  )

  it('asks the CMS for the quotes of its locale with limit 1000 (nl)', async () => {
    const requests = serveQuotes(NL)
    await renderWidget(quotes, { locale: 'nl' })
    await screen.findByRole('figure', { name: 'Een woord over wijn' })
    expect(requests).toHaveLength(1)
    expect(requests[0]!.searchParams.get('filter[site]')).toBe('nl')
    expect(requests[0]!.searchParams.get('limit')).toBe('1000')
    expect(requests[0]!.searchParams.get('fields')?.split(',').sort()).toEqual([
      'author',
      'id',
      'quote',
    ])
    expect(NL.map((q) => q.quote)).toContain(shownQuote().text)
  })

  it('shows the quote as text, never as HTML', async () => {
    serveQuotes([{ id: 'x', quote: '<b>Santé</b> !', author: '<img src=x onerror=alert(1)>' }])
    await renderWidget(quotes, { locale: 'fr' })
    expect(await screen.findByText('<b>Santé</b> !')).toBeInTheDocument()
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument()
    expect(document.querySelector('img')).toBeNull()
  })

  it('changes to another quote after 15 seconds and stops its timer when removed (fr)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true })
    vi.spyOn(Math, 'random').mockReturnValue(0)
    serveQuotes(FR)
    const { unmount } = await renderWidget(quotes, { locale: 'fr' })
    await screen.findByRole('figure')
    expect(shownQuote()).toEqual({ text: FR[0]!.quote, author: FR[0]!.author })

    await act(() => vi.advanceTimersByTimeAsync(14_000))
    expect(shownQuote().text).toBe(FR[0]!.quote)

    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(shownQuote()).toEqual({ text: FR[1]!.quote, author: FR[1]!.author })

    expect(vi.getTimerCount()).toBe(1)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('draws the first quote at once and fades only a change of quote', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true })
    serveQuotes(FR)
    await renderWidget(quotes, { locale: 'fr' })
    const figure = await screen.findByRole('figure')
    const shownBox = () => figure.querySelector('blockquote')!.parentElement!
    expect(styles.fade).toMatch(/\S/)
    expect(shownBox()).not.toHaveClass(styles.fade!)
    await act(() => vi.advanceTimersByTimeAsync(15_000))
    expect(shownBox()).toHaveClass(styles.fade!)
  })

  it('never shows the same quote twice in a row', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true })
    serveQuotes(FR)
    await renderWidget(quotes, { locale: 'fr' })
    await screen.findByRole('figure')
    let previous = shownQuote().text
    for (let i = 0; i < 12; i++) {
      await act(() => vi.advanceTimersByTimeAsync(15_000))
      const now = shownQuote().text
      expect(now).not.toBe(previous)
      previous = now
    }
  })

  it('follows data-interval (5 seconds, nl)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true })
    vi.spyOn(Math, 'random').mockReturnValue(0.99)
    serveQuotes(NL)
    await renderWidget(quotes, { locale: 'nl', attributes: { 'data-interval': '5' } })
    await screen.findByRole('figure')
    expect(shownQuote().text).toBe(NL[1]!.quote)
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(shownQuote().text).toBe(NL[0]!.quote)
  })

  it('stacks every quote in one box so a rotation cannot change its height, exposing only the shown one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true })
    vi.spyOn(Math, 'random').mockReturnValue(0)
    serveQuotes(FR)
    await renderWidget(quotes, { locale: 'fr' })
    const figure = await screen.findByRole('figure', { name: 'Un mot sur le vin' })

    /** The quote texts laid out in the box, and those hidden from assistive technology. */
    const laidOut = () => {
      const stack = figure.firstElementChild!
      const slots = [...stack.children]
      return {
        all: slots.map((slot) => slot.querySelector('p')?.textContent).sort(),
        hidden: slots
          .filter((slot) => slot.getAttribute('aria-hidden') === 'true')
          .map((slot) => slot.textContent),
      }
    }

    for (const shown of [FR[0]!, FR[1]!]) {
      expect(shownQuote()).toEqual({ text: shown.quote, author: shown.author })
      // The box holds all three quotes of the locale (the tallest sets its height)…
      expect(laidOut().all).toEqual(FR.map((q) => q.quote).sort())
      // …but only the shown one is a quote with its author; the others are hidden place-holders.
      expect(figure.querySelectorAll('blockquote')).toHaveLength(1)
      expect(figure.querySelectorAll('figcaption, cite')).toHaveLength(2)
      const others = FR.filter((q) => q !== shown)
      expect(laidOut().hidden).toEqual(others.map((q) => `${q.quote}${q.author}`))
      for (const other of others)
        expect(screen.getByText(other.quote).closest('[aria-hidden="true"]')).not.toBeNull()
      expect(screen.getByText(shown.quote).closest('[aria-hidden]')).toBeNull()
      await act(() => vi.advanceTimersByTimeAsync(15_000))
    }
  })

  it('rejects an interval below 5 seconds', async () => {
    await expect(renderWidget(quotes, { attributes: { 'data-interval': '2' } })).rejects.toThrow(
      /data-interval/,
    )
  })

  it('keeps a single quote without a timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true })
    serveQuotes([FR[2]])
    await renderWidget(quotes, { locale: 'fr' })
    await screen.findByText(FR[2]!.quote)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stays quiet and logs once when the quotes cannot be loaded (500)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get(ENTRIES, () => HttpResponse.json({ message: 'boom' }, { status: 500 })))
    const { element } = await renderWidget(quotes, { locale: 'fr' })
    await waitFor(() => expect(element).toBeEmptyDOMElement())
    const ours = log.mock.calls.filter((call) => String(call[0]).includes('quotes'))
    expect(ours).toHaveLength(1)
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()
  })

  it('names the failed call in the console and to the host (404)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const heard: ErrorDetail[] = []
    const hear = (event: Event) => heard.push((event as CustomEvent<ErrorDetail>).detail)
    window.addEventListener(ERROR_EVENT, hear)
    onTestFinished(() => window.removeEventListener(ERROR_EVENT, hear))
    server.use(http.get(ENTRIES, () => new HttpResponse(null, { status: 404 })))
    await renderWidget(quotes, { locale: 'fr' })
    await waitFor(() => expect(log).toHaveBeenCalledTimes(1))
    expect(log).toHaveBeenCalledWith(
      ...loggedCallFailure(
        'quotes: the quotes could not be loaded',
        'GET /api/collections/quotes/entries',
        '404',
      ),
    )
    expect(heard).toEqual([
      {
        widget: 'quotes',
        area: 'data',
        message: expect.stringMatching(
          /^quotes: the quotes could not be loaded — GET \/api\/collections\/quotes\/entries\?\S+ answered 404 \(an endpoint the site must provide, see docs\/server-contract.md\)$/,
        ),
        error: expect.any(HttpError),
        method: 'GET',
        url: expect.stringMatching(/^\/api\/collections\/quotes\/entries\?/),
        status: 404,
      },
    ])
  })

  it('stays quiet on an empty collection (nl)', async () => {
    const requests = serveQuotes([])
    const { element } = await renderWidget(quotes, { locale: 'nl' })
    await waitFor(() => expect(requests).toHaveLength(1))
    await waitFor(() => expect(element).toBeEmptyDOMElement())
  })

  it('skips entries without a quote text', async () => {
    serveQuotes([{ id: 'a', quote: '', author: 'Nobody' }, { id: 'b', author: 'Nobody' }, FR[0]])
    await renderWidget(quotes, { locale: 'fr' })
    expect(await screen.findByText(FR[0]!.quote)).toBeInTheDocument()
  })

  it('reserves its height while loading', async () => {
    server.use(http.get(ENTRIES, () => new Promise<Response>(() => {})))
    const { element } = await renderWidget(quotes, { locale: 'fr' })
    expect(element.firstElementChild).not.toBeNull()
    expect(element).toHaveTextContent('')
  })
})
