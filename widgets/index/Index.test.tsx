import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import {
  HTTP_422,
  HTTP_429,
  HTTP_500,
  HTTP_503,
  MALFORMED_JSON,
  NETWORK_ERROR,
} from '../../mocks/test-setups/faults'
import { callsOf } from '../../mocks/db'
import { renderWidget } from '../../mocks/render-widget'
import { PropError } from '../../src/props/parse'
import { collectionEntries } from '../../fixtures/collections'
import { index } from './index'
import { serveEntries } from '../../mocks/test-setups/collections'
import { itShowsQuietEmptyStateAfter } from '../../mocks/test-setups/quiet-failure'

/** Each column's content in order: entry texts and "[slider]" where a slider tag sits. */
function columns(nav: HTMLElement): string[][] {
  return [...nav.children].map((column) =>
    [...column.querySelectorAll('li, [data-widget="slider"]')].map((el) =>
      el.matches('[data-widget]') ? '[slider]' : el.textContent,
    ),
  )
}

const letters = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({
    title: `${prefix}${String(i).padStart(2, '0')}`,
    url: `/en/grapes/${prefix.toLowerCase()}${i}`,
  }))

describe('index widget', () => {
  it.each([
    ['en', 'A to Z', 'region', 'subregion'],
    ['fr', 'De A à Z', 'région', 'sous-région'],
  ] as const)(
    'lists every region sorted by title with its translated level in brackets (%s)',
    async (locale, label, region, subregion) => {
      await renderWidget(index, { locale, attributes: { 'data-collection': 'regions' } })
      const nav = await screen.findByRole('navigation', { name: label })
      const links = within(nav).getAllByRole('link')
      const expected = collectionEntries('regions', locale)
        .map((e) => e.title)
        .sort(new Intl.Collator(locale, { sensitivity: 'base', numeric: true }).compare)
      expect(links.map((a) => a.textContent)).toEqual(expected)
      const items = within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
      expect(items.some((t) => t.endsWith(` (${region})`))).toBe(true)
      expect(items.some((t) => t.endsWith(` (${subregion})`))).toBe(true)
      const request = callsOf('collections')[0]!
      expect(request.url).toContain(`filter[site]=${locale}`)
      expect(request.url).toContain('limit=1000')
    },
  )

  it('splits into 3 equal columns with sliders after items 5, 10 and 7', async () => {
    serveEntries(letters(36, 'A'))
    await renderWidget(index, { locale: 'en', attributes: { 'data-collection': 'grapes' } })
    const nav = await screen.findByRole('navigation')
    const cols = columns(nav)
    expect(cols.map((c) => c.length)).toEqual([13, 13, 13])
    expect(cols[0]!.indexOf('[slider]')).toBe(5)
    expect(cols[1]!.indexOf('[slider]')).toBe(10)
    expect(cols[2]!.indexOf('[slider]')).toBe(7)
    expect(cols.flat().filter((t) => t !== '[slider]')).toEqual(
      letters(36, 'A').map((e) => e.title),
    )
    const tags = [...nav.querySelectorAll('[data-widget="slider"]')]
    for (const tag of tags) expect(tag).toHaveAttribute('data-collection', 'grapes')
    // The first column's slider is the page's main image: it loads at once, the others lazily.
    expect(tags.map((tag) => tag.hasAttribute('data-priority'))).toEqual([true, false, false])
  })

  it.each([
    // entries, data-columns (undefined = the default 3), column lengths on screen
    [9, '4', [3, 2, 2, 2]],
    [7, '6', [2, 1, 1, 1, 1, 1]],
    [7, undefined, [3, 2, 2]],
    [2, undefined, [1, 1]],
  ])(
    'splits %d entries over data-columns=%s into columns of %j, none empty',
    async (n, dataColumns, lengths) => {
      const entries = letters(n, 'M')
      serveEntries(entries)
      await renderWidget(index, {
        locale: 'en',
        attributes: {
          'data-collection': 'articles',
          ...(dataColumns ? { 'data-columns': dataColumns } : {}),
        },
      })
      const nav = await screen.findByRole('navigation')
      const cols = columns(nav)
      expect(cols.map((c) => c.length)).toEqual(lengths)
      expect(cols.flat()).toEqual(entries.map((e) => e.title))
      // The grid has exactly as many tracks as there are columns: no empty track at the end.
      expect(nav.style.getPropertyValue('--index-columns')).toBe(String(lengths.length))
    },
  )

  it('honours data-columns and leaves a blank gap where the first letter changes', async () => {
    serveEntries([...letters(3, 'B'), ...letters(2, 'A'), ...letters(3, 'C')].reverse())
    await renderWidget(index, {
      locale: 'en',
      attributes: { 'data-collection': 'grapes', 'data-columns': '2' },
    })
    const nav = await screen.findByRole('navigation')
    expect(columns(nav)).toEqual([
      ['A00', 'A01', 'B00', 'B01'],
      ['B02', 'C00', 'C01', 'C02'],
    ])
    const gaps = [...nav.querySelectorAll('[data-letter-gap]')].map((li) => li.textContent)
    expect(gaps).toEqual(['B00', 'C00'])
    // Not a region collection: no level in brackets.
    expect(nav.textContent).not.toContain('(')
  })

  it('shows entry titles as text and an entry without a safe url without a link', async () => {
    serveEntries([
      { title: '<script>x</script>', url: '/nl/regios/x', level: { key: 'village' } },
      { title: 'Zonder link', url: 'javascript:alert(1)', level: { key: 'region' } },
    ])
    await renderWidget(index, { locale: 'nl', attributes: { 'data-collection': 'regions' } })
    const nav = await screen.findByRole('navigation', { name: 'Van A tot Z' })
    expect(within(nav).getByRole('link', { name: '<script>x</script>' })).toBeInTheDocument()
    expect(within(nav).getByText('(dorp)', { exact: false })).toBeInTheDocument()
    expect(within(nav).getAllByRole('link')).toHaveLength(1)
    expect(within(nav).getByText('Zonder link')).toBeInTheDocument()
  })

  it('shows a quiet empty state for an empty collection (fr)', async () => {
    serveEntries([])
    await renderWidget(index, { locale: 'fr', attributes: { 'data-collection': 'articles' } })
    expect(await screen.findByText('Rien à afficher pour le moment.')).toBeInTheDocument()
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  itShowsQuietEmptyStateAfter(
    [HTTP_500, HTTP_503, NETWORK_ERROR, HTTP_422, HTTP_429, MALFORMED_JSON],
    {
      widget: index,
      locale: 'en',
      attributes: { 'data-collection': 'estates' },
      call: 'collections',
      empty: 'Nothing to list here for now.',
      logged: 'index: the "estates" entries could not be loaded',
      endpoint: 'GET /api/collections/estates/entries',
    },
  )

  it('rejects bad attributes with the runtime’s clear error', async () => {
    await expect(
      renderWidget(index, { attributes: { 'data-collection': 'regions', 'data-columns': '0' } }),
    ).rejects.toThrow(PropError)
    await expect(renderWidget(index, { attributes: {} })).rejects.toThrow(/data-collection/)
  })
})
