import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, configure, screen, waitFor, within } from '@testing-library/react'
import { HTTP_500, MALFORMED_JSON, NETWORK_ERROR } from '../../mocks/test-setups/faults'
import { callsOf } from '../../mocks/db'
import { renderWidget } from '../../mocks/render-widget'
import { winesFor } from '../../fixtures/wines'
import { parseConfig, setPageConfig } from '../../src/config/config'
import { PropError } from '../../src/props/parse'
import { CAROUSEL_PAGE_SIZE } from './Carousel'
import { carousel } from './index'
import { itShowsQuietEmptyStateAfter } from '../../mocks/test-setups/quiet-failure'
import { SEARCH_SERVICE } from '../../src/services/search-client'

configure({ asyncUtilTimeout: 5_000 })

const CONFIG = JSON.stringify({ algolia: { appId: 'DEMOAPP', searchKey: 'search-only-key' } })

beforeEach(() => {
  setPageConfig(parseConfig(CONFIG))
})

interface Sent {
  requests: { indexName: string; facetFilters?: unknown; page?: number }[]
}

/** The carousel's list and its cards' titles. */
async function shownWines() {
  const list = await screen.findByRole('list')
  const titles = within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent)
  return { list, titles }
}

describe('carousel widget', () => {
  it.each([
    ['Trio', 3, 'evenly'],
    ['Quartet', 4, 'between'],
  ] as const)(
    'lists the %s wines (%d) with the search cards, layout %s (fr)',
    async (tag, count, layout) => {
      await renderWidget(carousel, { locale: 'fr', attributes: { 'data-title': tag } })
      expect(await screen.findByRole('heading', { level: 2, name: tag })).toBeInTheDocument()
      const { list, titles } = await shownWines()
      const expected = winesFor('fr')
        .filter((w) => w.tags.includes(tag))
        .map((w) => w.title)
      expect(titles).toHaveLength(count)
      expect([...titles].sort()).toEqual([...expected].sort())
      expect(list).toHaveAttribute('data-layout', layout)
      // The search panel's card: title link to the wine page.
      for (const link of within(list).getAllByRole('link'))
        expect(link.getAttribute('href')).toMatch(/^\/fr\//)
      const sent = callsOf('search').at(-1)!.payload as Sent
      expect(sent.requests[0]).toMatchObject({
        indexName: 'wines_fr',
        facetFilters: [`tags:${tag}`],
      })
    },
  )

  it('scrolls more than 4 wines inside a maximum height (nl)', async () => {
    await renderWidget(carousel, { locale: 'nl', attributes: { 'data-title': 'Summer' } })
    const { list, titles } = await shownWines()
    expect(titles.length).toBeGreaterThan(4)
    expect(list).toHaveAttribute('data-layout', 'scroll')
    const sent = callsOf('search').at(-1)!.payload as Sent
    expect(sent.requests[0]!.indexName).toBe('wines_nl')
  })

  it('lists every wine of the tag, page after page, not only the first 24 (nl)', async () => {
    await renderWidget(carousel, { locale: 'nl', attributes: { 'data-title': 'Summer' } })
    const expected = winesFor('nl').filter((w) => w.tags.includes('Summer'))
    expect(expected.length).toBeGreaterThan(CAROUSEL_PAGE_SIZE)
    // Without IntersectionObserver (jsdom) the rest loads at once.
    await waitFor(async () => expect((await shownWines()).titles).toHaveLength(expected.length))
    const pages = callsOf('search').map((c) => (c.payload as Sent).requests[0]!.page)
    expect(pages).toEqual([0, 1])
  })

  describe('with IntersectionObserver', () => {
    let watch: ((entries: { isIntersecting: boolean }[]) => void) | null = null
    beforeEach(() => {
      watch = null
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
            watch = callback
          }
          observe() {}
          disconnect() {}
        },
      )
    })

    it('loads the next wines when the end of the list comes into view (fr)', async () => {
      await renderWidget(carousel, { locale: 'fr', attributes: { 'data-title': 'Summer' } })
      const { titles } = await shownWines()
      expect(titles).toHaveLength(CAROUSEL_PAGE_SIZE)
      act(() => watch?.([{ isIntersecting: false }]))
      expect(callsOf('search')).toHaveLength(1)
      act(() => watch?.([{ isIntersecting: true }]))
      const all = winesFor('fr').filter((w) => w.tags.includes('Summer')).length
      await waitFor(async () => expect((await shownWines()).titles).toHaveLength(all))
    })

    it('loads the next wines when focus reaches one of the last cards (en)', async () => {
      await renderWidget(carousel, { locale: 'en', attributes: { 'data-title': 'Summer' } })
      const { list } = await shownWines()
      const links = within(list).getAllByRole('link')
      act(() => links[2]!.focus())
      expect(callsOf('search')).toHaveLength(1)
      act(() => links.at(-1)!.focus())
      await waitFor(() => expect(callsOf('search')).toHaveLength(2))
      expect((callsOf('search')[1]!.payload as Sent).requests[0]!.page).toBe(1)
    })
  })

  it('lists data-tag under another heading when they differ (en)', async () => {
    await renderWidget(carousel, {
      locale: 'en',
      attributes: { 'data-title': 'Three to share', 'data-tag': 'Trio' },
    })
    expect(await screen.findByRole('heading', { level: 2, name: 'Three to share' })).toBeVisible()
    expect((await shownWines()).titles).toHaveLength(3)
  })

  it('shows a quiet empty state for a tag without wines (en)', async () => {
    await renderWidget(carousel, { locale: 'en', attributes: { 'data-title': 'Nothing here' } })
    expect(await screen.findByText('No wines to show here for now.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Nothing here' })).toBeInTheDocument()
  })

  itShowsQuietEmptyStateAfter(
    [['HTTP 500 on every host', HTTP_500[1]], NETWORK_ERROR, MALFORMED_JSON],
    {
      widget: carousel,
      locale: 'fr',
      attributes: { 'data-title': 'Trio' },
      call: 'search',
      empty: 'Aucun vin à afficher pour le moment.',
      logged: 'carousel: the wines tagged "Trio" could not be loaded',
      endpoint: 'POST https://DEMOAPP-dsn.algolia.net/1/indexes/*/queries',
      where: `(${SEARCH_SERVICE})`,
    },
  )

  it('shows the quiet empty state without the algolia config (en)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    setPageConfig(parseConfig('{}'))
    await renderWidget(carousel, { locale: 'en', attributes: { 'data-title': 'Trio' } })
    expect(await screen.findByText('No wines to show here for now.')).toBeInTheDocument()
    expect(error).toHaveBeenCalled()
  })

  it('requires a title', async () => {
    await expect(renderWidget(carousel)).rejects.toThrow(PropError)
  })
})
