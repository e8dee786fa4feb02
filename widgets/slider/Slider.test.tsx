import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import {
  HTTP_422,
  HTTP_429,
  HTTP_500,
  MALFORMED_JSON,
  NETWORK_ERROR,
} from '../../mocks/test-setups/faults'
import { callsOf } from '../../mocks/db'
import { createTestQueryClient, renderWidget } from '../../mocks/render-widget'
import { PropError } from '../../src/props/parse'
import { getBus } from '../../src/bus/bus'
import type { Locale } from '../../src/domain/types'
import { slider } from './index'
import styles from './Slider.module.css'
import { serveEntries } from '../../mocks/test-setups/collections'
import { itShowsQuietEmptyStateAfter } from '../../mocks/test-setups/quiet-failure'

const GRAPES = [
  {
    title: 'Syrah',
    url: '/fr/cepages/syrah',
    hero: { url: '/assets/syrah.jpg' },
    meta_description: 'Poivre et violette.',
  },
  {
    title: 'Chardonnay',
    url: '/fr/cepages/chardonnay',
    hero: { url: '/assets/chardonnay.jpg' },
    meta_description: 'Le grand blanc.',
  },
  {
    title: 'Merlot',
    url: '/fr/cepages/merlot',
    hero: null,
    meta_description: 'Rond et fruité.',
  },
]
/** The entries by title, as the slider indexes them. */
const SORTED = ['Chardonnay', 'Merlot', 'Syrah']

/** A slider of GRAPES that rotates (its interval on fake timers), rendered in `locale`. */
function renderRotating(locale: Locale) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true })
  serveEntries(GRAPES)
  return renderWidget(slider, { locale, attributes: { 'data-collection': 'grapes' } })
}

/** The title of the entry the slider shows. */
function shownTitle(): string {
  const region = screen.getByRole('region')
  return region.querySelector('a p, div p')?.textContent ?? ''
}

afterEach(() => {
  vi.useRealTimers()
})

describe('slider widget', () => {
  it.each([
    ['en', 'Featured', 'All regions', '/en/regions'],
    ['nl', 'Uitgelicht', 'Alle regio’s', '/nl/regios'],
  ] as const)(
    'shows one region of the mock CMS with its page link and the index link (%s)',
    async (locale, label, more, moreUrl) => {
      await renderWidget(slider, {
        locale,
        attributes: { 'data-collection': 'regions', 'data-index': '0', 'data-more': '' },
      })
      const region = await screen.findByRole('region', { name: label })
      const links = within(region).getAllByRole('link')
      expect(links[0]).toHaveAttribute('href', expect.stringMatching(`^/${locale}/`))
      expect(links[0]!.textContent).not.toBe('')
      expect(within(region).getByRole('link', { name: more })).toHaveAttribute('href', moreUrl)
      // Pinned by data-index: no rotation, so no pause button.
      expect(within(region).queryByRole('button')).toBeNull()
      const request = callsOf('collections')[0]!
      expect(request.url).toContain(`filter[site]=${locale}`)
      expect(request.url).toContain('limit=1000')
    },
  )

  it('shows the entry of data-index among the entries sorted by title, as text (fr)', async () => {
    serveEntries([...GRAPES, { title: '<b>Gamay</b>', url: '/fr/cepages/gamay' }])
    await renderWidget(slider, {
      locale: 'fr',
      attributes: { 'data-collection': 'grapes', 'data-index': '0' },
    })
    const region = await screen.findByRole('region', { name: 'À la une' })
    expect(within(region).getByRole('link')).toHaveAttribute('href', '/fr/cepages/gamay')
    expect(within(region).getByText('<b>Gamay</b>')).toBeInTheDocument()
    expect(region.querySelector('b')).toBeNull()
  })

  it('reserves the image space from width and height and loads lazily by default', async () => {
    serveEntries(GRAPES)
    await renderWidget(slider, {
      locale: 'fr',
      attributes: {
        'data-collection': 'grapes',
        'data-index': '0',
        'data-width': '800',
        'data-height': '400',
      },
    })
    const region = await screen.findByRole('region')
    const img = region.querySelector('img')!
    expect(img).toHaveAttribute('src', '/assets/chardonnay.jpg')
    expect(img).toHaveAttribute('width', '800')
    expect(img).toHaveAttribute('height', '400')
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(img).not.toHaveAttribute('fetchpriority', 'high')
    expect(img.parentElement!.style.aspectRatio).toBe('800 / 400')
    expect(within(region).getByText('Le grand blanc.')).toBeInTheDocument()
  })

  it('loads eagerly with high priority with data-priority, keeps the space without a hero', async () => {
    serveEntries(GRAPES)
    await renderWidget(slider, {
      locale: 'fr',
      attributes: { 'data-collection': 'grapes', 'data-index': '0', 'data-priority': '' },
    })
    const img = (await screen.findByRole('region')).querySelector('img')!
    expect(img).toHaveAttribute('loading', 'eager')
    expect(img).toHaveAttribute('fetchpriority', 'high')

    // Merlot (index 1) has no hero: the frame keeps its aspect ratio, no broken image.
    act(() => getBus().emit('slider:select', { collection: 'grapes', index: 1 }))
    expect(shownTitle()).toBe('Merlot')
    const region = screen.getByRole('region')
    expect(region.querySelector('img')).toBeNull()
    expect(region.querySelector<HTMLElement>('[style]')!.style.aspectRatio).toBe('1200 / 675')
  })

  it('draws a decorative wine-glass placeholder in the image box of an entry without a hero', async () => {
    serveEntries(GRAPES)
    await renderWidget(slider, {
      locale: 'fr',
      attributes: { 'data-collection': 'grapes', 'data-index': '1', 'data-width': '800' },
    })
    const region = await screen.findByRole('region')
    expect(shownTitle()).toBe('Merlot')
    const frame = region.querySelector<HTMLElement>('[style]')!
    expect(frame.style.aspectRatio).toBe('800 / 675')
    // The placeholder fills the same box; it is hidden from assistive technology and has no text.
    const drawing = frame.querySelector('svg')!
    expect(drawing).toHaveAttribute('data-hero-placeholder')
    expect(drawing).toHaveAttribute('aria-hidden', 'true')
    expect(drawing).toHaveAttribute('focusable', 'false')
    expect(drawing.textContent).toBe('')
    expect([...frame.children]).toEqual([drawing])
    // The title stays readable: the entry's link is named by it.
    expect(within(region).getByRole('link', { name: /Merlot/ })).toHaveAttribute(
      'href',
      '/fr/cepages/merlot',
    )

    // An entry with a hero shows the image, not the placeholder.
    act(() => getBus().emit('slider:select', { collection: 'grapes', index: 0 }))
    expect(shownTitle()).toBe('Chardonnay')
    expect(region.querySelector('[data-hero-placeholder]')).toBeNull()
    expect(region.querySelector('img')).toHaveAttribute('src', '/assets/chardonnay.jpg')
  })

  it('replaces a hero image that fails to load with the placeholder', async () => {
    serveEntries(GRAPES)
    await renderWidget(slider, {
      locale: 'fr',
      attributes: { 'data-collection': 'grapes', 'data-index': '2' },
    })
    const region = await screen.findByRole('region')
    const img = region.querySelector('img')!
    expect(img).toHaveAttribute('src', '/assets/syrah.jpg')
    act(() => {
      img.dispatchEvent(new Event('error'))
    })
    expect(region.querySelector('img')).toBeNull()
    expect(region.querySelector('[data-hero-placeholder]')).toHaveAttribute('aria-hidden', 'true')
    expect(shownTitle()).toBe('Syrah')
  })

  it('follows slider:select for its collection and ignores other collections and bad indices', async () => {
    serveEntries(GRAPES)
    await renderWidget(slider, {
      locale: 'fr',
      attributes: { 'data-collection': 'grapes', 'data-index': '0' },
    })
    await screen.findByRole('region')
    expect(shownTitle()).toBe('Chardonnay')
    act(() => getBus().emit('slider:select', { collection: 'grapes', index: 2 }))
    expect(shownTitle()).toBe('Syrah')
    act(() => getBus().emit('slider:select', { collection: 'regions', index: 1 }))
    act(() => getBus().emit('slider:select', { collection: 'grapes', index: 7 }))
    act(() => getBus().emit('slider:select', { collection: 'grapes', index: -1 }))
    expect(shownTitle()).toBe('Syrah')
  })

  it('rotates every 15 s to another entry, never the same twice in a row', async () => {
    await renderRotating('fr')
    await screen.findByRole('region')
    let previous = shownTitle()
    expect(SORTED).toContain(previous)
    const seen = new Set([previous])
    for (let i = 0; i < 12; i++) {
      await act(() => vi.advanceTimersByTimeAsync(14_000))
      expect(shownTitle()).toBe(previous)
      await act(() => vi.advanceTimersByTimeAsync(1_000))
      const now = shownTitle()
      expect(now).not.toBe(previous)
      seen.add(now)
      previous = now
    }
    expect(seen.size).toBeGreaterThan(1)
  })

  it('draws the first entry at once and fades only a change of entry', async () => {
    await renderRotating('fr')
    const region = await screen.findByRole('region')
    const entryBox = () => region.querySelector(':scope > div')!
    expect(styles.fade).toMatch(/\S/)
    // No fade on the first entry: it would hold back the page's largest paint.
    expect(entryBox()).not.toHaveClass(styles.fade!)
    await act(() => vi.advanceTimersByTimeAsync(15_000))
    expect(entryBox()).toHaveClass(styles.fade!)
  })

  it('stops rotating when paused, when following a selection, and when removed', async () => {
    const { unmount } = await renderRotating('en')
    const region = await screen.findByRole('region', { name: 'Featured' })
    expect(vi.getTimerCount()).toBe(1)

    const pause = within(region).getByRole('button', { name: 'Pause the rotation' })
    act(() => pause.click())
    expect(within(region).getByRole('button', { name: 'Resume the rotation' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(vi.getTimerCount()).toBe(0)
    const shown = shownTitle()
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(shownTitle()).toBe(shown)

    act(() => within(region).getByRole('button', { name: 'Resume the rotation' }).click())
    expect(vi.getTimerCount()).toBe(1)

    act(() => getBus().emit('slider:select', { collection: 'grapes', index: 1 }))
    expect(shownTitle()).toBe('Merlot')
    expect(vi.getTimerCount()).toBe(0)
    expect(within(region).queryByRole('button')).toBeNull()

    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('leaves no timer behind when removed while rotating', async () => {
    const { unmount } = await renderRotating('nl')
    await screen.findByRole('region', { name: 'Uitgelicht' })
    expect(vi.getTimerCount()).toBe(1)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('shares one request with another editorial widget of the same collection and locale', async () => {
    const requests = serveEntries(GRAPES)
    const client = createTestQueryClient()
    await renderWidget(slider, {
      locale: 'fr',
      client,
      attributes: { 'data-collection': 'grapes', 'data-index': '0' },
    })
    await renderWidget(slider, {
      locale: 'fr',
      client,
      attributes: { 'data-collection': 'grapes', 'data-index': '2' },
    })
    await waitFor(() => expect(screen.getAllByRole('region')).toHaveLength(2))
    expect(requests).toHaveLength(1)
    // Only sliders of the collection on the page: the slider's fields, no index level.
    expect(requests[0]!.searchParams.get('fields')).toBe('hero,intro,meta_description,title,url')
  })

  itShowsQuietEmptyStateAfter([HTTP_500, NETWORK_ERROR, HTTP_422, HTTP_429, MALFORMED_JSON], {
    widget: slider,
    locale: 'fr',
    attributes: { 'data-collection': 'regions' },
    call: 'collections',
    empty: 'Rien à afficher pour le moment.',
    logged: 'slider: the "regions" entries could not be loaded',
    endpoint: 'GET /api/collections/regions/entries',
    alsoCheck: () => expect(screen.queryByRole('link')).toBeNull(),
  })

  it('shows the quiet empty state for an empty collection (en)', async () => {
    serveEntries([])
    await renderWidget(slider, { locale: 'en', attributes: { 'data-collection': 'grapes' } })
    expect(await screen.findByText('Nothing to show here for now.')).toBeInTheDocument()
  })

  it('rejects a missing or unknown collection with the runtime’s clear error', async () => {
    await expect(renderWidget(slider)).rejects.toThrow(PropError)
    await expect(
      renderWidget(slider, { attributes: { 'data-collection': 'wines' } }),
    ).rejects.toThrow(/data-collection/)
  })
})
