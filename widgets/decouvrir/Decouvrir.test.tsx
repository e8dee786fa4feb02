import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HTTP_429, HTTP_500, MALFORMED_JSON, NETWORK_ERROR } from '../../mocks/test-setups/faults'
import { renderWidget } from '../../mocks/render-widget'
import { serveEntries } from '../../mocks/test-setups/collections'
import { itShowsQuietEmptyStateAfter } from '../../mocks/test-setups/quiet-failure'
import { getBus } from '../../src/bus/bus'
import { collectionEntries } from '../../fixtures/collections'
import { decouvrir } from './index'

let unsubscribe: (() => void) | null = null
afterEach(() => {
  unsubscribe?.()
  unsubscribe = null
})

/** Records the `slider:select` events. */
function recordSelections() {
  const seen: { collection: string; index: number }[] = []
  unsubscribe = getBus().on('slider:select', (p) => seen.push(p))
  return seen
}

describe('decouvrir widget', () => {
  it.each(['fr', 'nl'] as const)(
    'lists the estates of the mock CMS sorted by title, with heading and explanation (%s)',
    async (locale) => {
      await renderWidget(decouvrir, {
        locale,
        attributes: {
          'data-collection': 'estates',
          'data-header': 'Nos domaines',
          'data-explain': 'Survolez un nom.',
        },
      })
      const section = await screen.findByRole('region', { name: 'Nos domaines' })
      expect(within(section).getByText('Survolez un nom.')).toBeInTheDocument()
      const links = await within(section).findAllByRole('link')
      const expected = collectionEntries('estates', locale)
        .map((e) => e.title)
        .sort(new Intl.Collator(locale, { sensitivity: 'base', numeric: true }).compare)
      expect(links.map((a) => a.textContent)).toEqual(expected)
      const path = locale === 'fr' ? '/fr/domaines/' : '/nl/domeinen/'
      for (const a of links) expect(a.getAttribute('href')?.startsWith(path)).toBe(true)
      // The side slider is a nested tag the mount runtime mounts.
      const tag = section.querySelector('[data-widget="slider"]')
      expect(tag).toHaveAttribute('data-collection', 'estates')
    },
  )

  it('selects the hovered or focused entry in the sliders of its collection', async () => {
    serveEntries([
      { title: 'Syrah', url: '/en/grapes/syrah' },
      { title: 'Chardonnay', url: '/en/grapes/chardonnay' },
      { title: 'Merlot', url: '/en/grapes/merlot' },
    ])
    const seen = recordSelections()
    const user = userEvent.setup()
    await renderWidget(decouvrir, { locale: 'en', attributes: { 'data-collection': 'grapes' } })
    const section = await screen.findByRole('region', { name: 'Discover' })
    await user.hover(await within(section).findByRole('link', { name: 'Syrah' }))
    expect(seen).toEqual([{ collection: 'grapes', index: 2 }])
    await user.tab()
    expect(within(section).getByRole('link', { name: 'Chardonnay' })).toHaveFocus()
    expect(seen.at(-1)).toEqual({ collection: 'grapes', index: 0 })
    await user.tab()
    expect(seen.at(-1)).toEqual({ collection: 'grapes', index: 1 })
  })

  it('on a touch screen, a first tap selects the entry and a second one follows its link (fr)', async () => {
    serveEntries([
      { title: 'Syrah', url: '/fr/cepages/syrah' },
      { title: 'Chardonnay', url: '/fr/cepages/chardonnay' },
    ])
    const seen = recordSelections()
    const followed: string[] = []
    const user = userEvent.setup()
    await renderWidget(decouvrir, {
      locale: 'fr',
      attributes: { 'data-collection': 'grapes', 'data-header': 'Nos cépages' },
    })
    const section = await screen.findByRole('region', { name: 'Nos cépages' })
    // Records whether a click was left to follow the link (jsdom does not navigate); on the
    // document, so React's handlers at the root have run.
    const record = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null
      if (link && !event.defaultPrevented) followed.push(link.getAttribute('href') ?? '')
    }
    document.addEventListener('click', record)
    onTestFinished(() => document.removeEventListener('click', record))
    const syrah = await within(section).findByRole('link', { name: 'Syrah' })
    await user.pointer({ keys: '[TouchA]', target: syrah })
    expect(seen).toEqual([{ collection: 'grapes', index: 1 }])
    expect(followed).toEqual([])
    await user.pointer({ keys: '[TouchA]', target: syrah })
    expect(followed).toEqual(['/fr/cepages/syrah'])
    expect(seen).toHaveLength(1)
  })

  it('a mouse click or the keyboard follows the link at once (en)', async () => {
    serveEntries([{ title: 'Syrah', url: '/en/grapes/syrah' }])
    const followed: string[] = []
    const user = userEvent.setup()
    await renderWidget(decouvrir, { locale: 'en', attributes: { 'data-collection': 'grapes' } })
    const section = await screen.findByRole('region', { name: 'Discover' })
    const record = (event: MouseEvent) => {
      if (!event.defaultPrevented) followed.push('click')
    }
    document.addEventListener('click', record)
    onTestFinished(() => document.removeEventListener('click', record))
    const syrah = await within(section).findByRole('link', { name: 'Syrah' })
    await user.click(syrah)
    expect(followed).toEqual(['click'])
    await user.keyboard('{Enter}')
    expect(followed).toEqual(['click', 'click'])
  })

  it('shows editor texts as text, never as HTML', async () => {
    serveEntries([{ title: '<img src=x>', url: '/fr/articles/x' }])
    await renderWidget(decouvrir, {
      locale: 'fr',
      attributes: { 'data-collection': 'articles', 'data-header': '<em>Lire</em>' },
    })
    expect(await screen.findByRole('heading', { name: '<em>Lire</em>' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: '<img src=x>' })).toBeInTheDocument()
    expect(document.querySelector('em, img')).toBeNull()
  })

  it('shows a quiet empty state for an empty collection (en)', async () => {
    serveEntries([])
    await renderWidget(decouvrir, { locale: 'en', attributes: { 'data-collection': 'bundles' } })
    expect(await screen.findByText('Nothing to discover here for now.')).toBeInTheDocument()
    expect(document.querySelector('[data-widget="slider"]')).toBeNull()
  })

  itShowsQuietEmptyStateAfter([HTTP_500, NETWORK_ERROR, HTTP_429, MALFORMED_JSON], {
    widget: decouvrir,
    locale: 'nl',
    attributes: { 'data-collection': 'regions', 'data-header': 'Ontdek' },
    call: 'collections',
    empty: 'Momenteel niets te ontdekken.',
    logged: 'decouvrir: the "regions" entries could not be loaded',
    endpoint: 'GET /api/collections/regions/entries',
    alsoCheck: () => expect(screen.getByRole('heading', { name: 'Ontdek' })).toBeInTheDocument(),
  })
})
