import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf } from '../../mocks/db'
import { clearFaults, releaseHeld, setFault } from '../../mocks/faults'
import { search as runSearch } from '../../mocks/search-engine'
import { winesFor } from '../../fixtures/wines'
import { parseConfig, setPageConfig } from '../../src/config/config'
import { getBus } from '../../src/bus/bus'
import { getStore } from '../../src/store/shared-store'
import type { Locale } from '../../src/domain/types'
import { search } from './index'
import { firstSearchRequest } from './first-search'
import { loggedCallFailure } from '../../mocks/test-setups/console'
import { SEARCH_SERVICE } from '../../src/services/search-client'
import { SOMMELIER_DRAFT_KEY } from '../../src/features/sommelier-draft/sommelier-draft'

const CONFIG = { algolia: { appId: 'DEMOAPP', searchKey: 'demo-search-only-key' } }

/** What the mock index answers for a query and filters (the expected counts). */
function expected(locale: Locale, query = '', facetFilters?: (string | string[])[]) {
  return runSearch(winesFor(locale), {
    query,
    ...(facetFilters && { facetFilters }),
    facets: ['g.title', 'r.title', 'c.color', 'm.image', 't.image', 'price_level'],
    hitsPerPage: 24,
  })
}

const TEXT = {
  fr: {
    open: 'Rechercher un vin',
    dialog: 'Recherche de vins',
    input: 'Chercher parmi les vins',
    placeholder: 'Voyons voir...',
    stalled: 'Un moment...',
    noResults: 'Aucun résultat',
    close: 'Fermer',
    count: (n: number) => `${n} ${n > 1 ? 'vins' : 'vin'}`,
  },
  nl: {
    open: 'Wijnen zoeken',
    dialog: 'Wijnen zoeken',
    input: 'Zoeken in de wijnen',
    placeholder: 'Laten we eens zoeken...',
    stalled: 'Een ogenblik...',
    noResults: 'Geen resultaten',
    close: 'Sluiten',
    count: (n: number) => `${n} ${n === 1 ? 'wijn' : 'wijnen'}`,
  },
  en: {
    open: 'Search wines',
    dialog: 'Wine search',
    input: 'Search the wines',
    placeholder: 'start typing...',
    stalled: 'Loading...',
    noResults: 'No results found',
    close: 'Close',
    count: (n: number) => `${n} ${n === 1 ? 'wine' : 'wines'}`,
  },
} as const

// Each keystroke runs a real search through the client and the mock: give a loaded CI machine
// (2 cores shared with other suites) room, without any fixed sleep.
vi.setConfig({ testTimeout: 30_000 })
configure({ asyncUtilTimeout: 5_000 })

beforeAll(async () => {
  // The panel is a lazy chunk: load it once so the first test does not pay its transform.
  await import('./SearchPanel')
})

beforeEach(() => {
  setPageConfig(parseConfig(JSON.stringify(CONFIG)))
  window.history.replaceState(null, '', '/fr/')
})

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

/** Render the widget, open the modal with its button, wait for the first results. */
async function openSearch(locale: Locale = 'fr') {
  const user = userEvent.setup()
  const rendered = await renderWidget(search, { locale })
  const trigger = await screen.findByRole('button', { name: TEXT[locale].open })
  await user.click(trigger)
  const dialog = await screen.findByRole('dialog', { name: TEXT[locale].dialog })
  const total = expected(locale).nbHits
  await within(dialog).findByText(TEXT[locale].count(total), {}, { timeout: 5000 })
  // The first cards are drawn at once, the rest of the page of 24 just after.
  await waitFor(() =>
    expect(within(dialog).getAllByRole('article')).toHaveLength(Math.min(total, 24)),
  )
  return { user, dialog, trigger, ...rendered }
}

type User = ReturnType<typeof userEvent.setup>

/** Show one refinement panel the way a small-screen user does (filter button, then its icon). */
async function showPanel(user: User, dialog: HTMLElement, button: string) {
  const filters = within(dialog)
    .getAllByRole('button', { expanded: false })
    .concat(within(dialog).queryAllByRole('button', { expanded: true }))
  const filter = filters.find((b) => b.getAttribute('aria-controls')?.endsWith('-bar'))!
  if (filter.getAttribute('aria-expanded') === 'false') await user.click(filter)
  const toggle = within(dialog).getByRole('button', { name: button })
  if (toggle.getAttribute('aria-expanded') === 'false') await user.click(toggle)
}

/** The dialog's search field is shown: the preview's, then the panel's, whichever is there. */
const fieldShown = (dialog: HTMLElement) =>
  waitFor(() =>
    expect(within(dialog).getByRole('searchbox', { name: TEXT.en.input })).toBeVisible(),
  )

describe('search widget', () => {
  it('opens from the header button and shows the wines of the fr index with counts', async () => {
    const { dialog } = await openSearch('fr')
    const input = within(dialog).getByRole('searchbox', { name: TEXT.fr.input })
    expect(input).toHaveFocus()
    expect(input).toHaveAttribute('placeholder', 'Voyons voir...')
    expect(within(dialog).getAllByRole('article')).toHaveLength(24)
    const requests = callsOf('search')
    expect(JSON.stringify(requests[0]!.payload)).toContain('wines_fr')
  })

  it.each(['fr', 'nl'] as const)(
    'the first search leaves before the panel renders, and only once (%s)',
    async (locale) => {
      await openSearch(locale)
      // Sent at the tap, not by the search client (which names itself in every request);
      // InstantSearch's own identical search takes its answer.
      const searches = callsOf('search')
      expect(searches).toHaveLength(1)
      expect(searches[0]!.url).not.toContain('x-algolia-agent')
      expect(searches[0]!.payload).toEqual({ requests: [firstSearchRequest(locale)] })
    },
  )

  it.each(['fr', 'nl'] as const)(
    'typing refines the results on every keystroke (%s)',
    async (locale) => {
      const { user, dialog } = await openSearch(locale)
      const input = within(dialog).getByRole('searchbox', { name: TEXT[locale].input })
      // One search per keystroke, at a shopper's pace (keys a frame apart or more: the search
      // leaves after the frame that shows the key, and keys within one frame go as one search).
      let searches = callsOf('search').length
      for (const key of 'merlot') {
        await user.type(input, key)
        searches += 1
        await waitFor(() => expect(callsOf('search')).toHaveLength(searches))
      }
      const merlot = expected(locale, 'merlot')
      expect(merlot.nbHits).toBeGreaterThan(0)
      expect(merlot.nbHits).toBeLessThan(expected(locale).nbHits)
      await within(dialog).findByText(TEXT[locale].count(merlot.nbHits))
      expect(callsOf('search').at(-1)!.payload).toMatchObject({
        requests: [expect.objectContaining({ query: 'merlot' })],
      })
      // The first cards at once, the rest just after.
      await waitFor(() => {
        const titles = within(dialog)
          .getAllByRole('article')
          .map((a) => within(a).getByRole('heading').textContent)
        expect(titles).toEqual(merlot.hits.map((h) => h.title))
      })
      // The grape counts follow the query.
      const name = locale === 'fr' ? 'Cépages' : 'Druiven'
      await showPanel(user, dialog, name)
      const grapes = within(dialog).getByRole('group', { name })
      const merlotCount = merlot.facets!['g.title']!['Merlot']!
      expect(
        within(grapes).getByRole('checkbox', { name: `Merlot ${merlotCount}` }),
      ).toBeInTheDocument()
    },
  )

  it('keys faster than a frame: the search and the results follow the last text (en)', async () => {
    const { user, dialog } = await openSearch('en')
    const input = within(dialog).getByRole('searchbox', { name: TEXT.en.input })
    await user.type(input, 'merlot')
    expect(input).toHaveValue('merlot')
    const merlot = expected('en', 'merlot')
    await within(dialog).findByText(TEXT.en.count(merlot.nbHits))
    expect(callsOf('search').at(-1)!.payload).toMatchObject({
      requests: [expect.objectContaining({ query: 'merlot' })],
    })
  })

  it('draws every card of a new answer, and a next page under those drawn (en)', async () => {
    const { user, dialog } = await openSearch('en')
    const input = within(dialog).getByRole('searchbox', { name: TEXT.en.input })
    const query = 'a'
    const answer = expected('en', query)
    expect(answer.nbHits).toBeGreaterThan(24)
    await user.type(input, query)
    await within(dialog).findByText(TEXT.en.count(answer.nbHits))
    const cardTitles = () =>
      within(dialog)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent)
    // The first cards at once, the rest of the page just after.
    await waitFor(() => expect(cardTitles()).toEqual(answer.hits.map((h) => h.title)))
    await user.click(within(dialog).getByRole('button', { name: 'Show more wines' }))
    await waitFor(() =>
      expect(within(dialog).getAllByRole('article')).toHaveLength(Math.min(answer.nbHits, 48)),
    )
    expect(cardTitles().slice(0, 24)).toEqual(answer.hits.map((h) => h.title))
  })

  it('draws the first results before the refinement lists’ values, then the values', async () => {
    // What the first answer's commit put in: the cards, and how many list values with them.
    let valuesWithFirstCards: number | null = null
    const observer = new MutationObserver(() => {
      const dialog = document.querySelector('[role="dialog"]')
      if (valuesWithFirstCards !== null || !dialog?.querySelector('article')) return
      valuesWithFirstCards = dialog.querySelectorAll('input[type="checkbox"]').length
    })
    observer.observe(document.body, { childList: true, subtree: true })
    const { dialog } = await openSearch('fr')
    observer.disconnect()
    expect(valuesWithFirstCards).toBe(0)
    const grapes = expected('fr').facets!['g.title']!
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('group', { name: 'Cépages', hidden: true })).getAllByRole(
          'checkbox',
          { hidden: true },
        ),
      ).toHaveLength(Math.min(Object.keys(grapes).length, 100)),
    )
  })

  it('refines by a grape checkbox, with counts, and writes the URL after 400 ms (fr)', async () => {
    const { user, dialog } = await openSearch('fr')
    await showPanel(user, dialog, 'Cépages')
    const grapes = within(dialog).getByRole('group', { name: 'Cépages' })
    const all = expected('fr')
    const count = all.facets!['g.title']!['Syrah']!
    const box = within(grapes).getByRole('checkbox', { name: `Syrah ${count}` })
    await user.click(box)
    const syrah = expected('fr', '', [['g.title:Syrah']])
    expect(syrah.nbHits).toBe(count)
    await within(dialog).findByText(TEXT.fr.count(count))
    expect(within(grapes).getByRole('checkbox', { name: /^Syrah/ })).toBeChecked()
    for (const card of within(dialog).getAllByRole('article'))
      expect(card).toHaveTextContent('Syrah')
    await waitFor(() => expect(window.location.search).toBe('?grape=Syrah'))
  })

  it('lists grape names in ascending order with at most 100 values first', async () => {
    const { user, dialog } = await openSearch('en')
    await showPanel(user, dialog, 'Grapes')
    const grapes = within(dialog).getByRole('group', { name: 'Grapes' })
    const names = within(grapes)
      .getAllByRole('checkbox')
      .map((c) => c.closest('label')!.textContent.replace(/ \d+$/, ''))
    expect(names.length).toBeGreaterThan(5)
    expect(names.length).toBeLessThanOrEqual(100)
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
    expect(names).toEqual([...names].sort(collator.compare))
  })

  it.each([
    ['fr', 'Cépages', 'Sémillon', 'Syrah'],
    ['en', 'Regions', 'Médoc', 'Mosel'],
  ] as const)(
    'sorts names with the collation of the locale, not by code point (%s, %s: %s before %s)',
    async (locale, list, first, second) => {
      const { user, dialog } = await openSearch(locale)
      await showPanel(user, dialog, list)
      const group = within(dialog).getByRole('group', { name: list })
      const names = within(group)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent.replace(/ \d+$/, ''))
      expect(names).toContain(first)
      expect(names).toContain(second)
      expect(names.indexOf(first)).toBeLessThan(names.indexOf(second))
    },
  )

  it('shows colours, methods, types and price levels translated, not raw values (fr)', async () => {
    const { user, dialog } = await openSearch('fr')
    await showPanel(user, dialog, 'Couleurs')
    const colours = within(dialog).getByRole('group', { name: 'Couleurs' })
    expect(within(colours).getByRole('checkbox', { name: /^Rouge \d+$/ })).toBeInTheDocument()
    expect(within(colours).getByRole('checkbox', { name: /^Blanc \d+$/ })).toBeInTheDocument()
    await showPanel(user, dialog, 'Méthodes')
    const methods = within(dialog).getByRole('group', { name: 'Méthodes' })
    expect(within(methods).getByRole('checkbox', { name: /^Bio \d+$/ })).toBeInTheDocument()
    expect(within(methods).getByRole('checkbox', { name: /^Biodynamie \d+$/ })).toBeInTheDocument()
    const types = within(dialog).getByRole('group', { name: 'Types' })
    expect(within(types).getByRole('checkbox', { name: /^Pétillant \d+$/ })).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent('/assets/badges')
    await showPanel(user, dialog, 'Prix')
    const prices = within(dialog).getByRole('group', { name: 'Prix' })
    const levels = within(prices).getAllByRole('checkbox')
    // Seen as euro signs, heard as the price level.
    expect(
      levels.map((c) => c.closest('label')!.querySelector('[aria-hidden]')!.textContent),
    ).toEqual(['€', '€€', '€€€', '€€€€'])
    for (const level of [1, 2, 3, 4])
      expect(
        within(prices).getByRole('checkbox', {
          name: new RegExp(`^Niveau de prix ${level} sur 4 \\d+$`),
        }),
      ).toBeInTheDocument()
  })

  it.each(['fr', 'nl', 'en'] as const)(
    'says "no results" in every list when nothing matches (%s)',
    async (locale) => {
      const { user, dialog } = await openSearch(locale)
      await user.type(within(dialog).getByRole('searchbox', { name: TEXT[locale].input }), 'zzqxw')
      await waitFor(() =>
        expect(within(dialog).getAllByText(TEXT[locale].noResults)).toHaveLength(6),
      )
      expect(within(dialog).queryAllByRole('article')).toHaveLength(0)
      expect(within(dialog).getByText(TEXT[locale].count(0))).toBeInTheDocument()
    },
  )

  it('toggles one refinement panel at a time on small screens (fr)', async () => {
    const { user, dialog } = await openSearch('fr')
    const filters = within(dialog).getByRole('button', { name: 'Filtres' })
    const bar = within(dialog).getByRole('complementary', { hidden: true })
    expect(filters).toHaveAttribute('aria-expanded', 'false')
    expect(bar).not.toBeVisible()

    await user.click(filters)
    expect(filters).toHaveAttribute('aria-expanded', 'true')
    expect(bar).toBeVisible()
    const sections = () =>
      within(bar)
        .getAllByRole('region', { hidden: true })
        .filter((s) => !s.hidden)
        .map((s) => s.getAttribute('aria-label'))
    expect(sections()).toEqual([])

    const grapes = within(bar).getByRole('button', { name: 'Cépages' })
    const regions = within(bar).getByRole('button', { name: 'Régions' })
    await user.click(grapes)
    expect(sections()).toEqual(['Cépages'])
    expect(grapes).toHaveAttribute('aria-expanded', 'true')
    await user.click(regions)
    expect(sections()).toEqual(['Régions'])
    expect(grapes).toHaveAttribute('aria-expanded', 'false')
    await user.click(regions)
    expect(sections()).toEqual([])
    for (const name of ['Couleurs', 'Méthodes', 'Prix']) {
      await user.click(within(bar).getByRole('button', { name }))
      expect(sections()).toEqual([name])
    }
    await user.click(within(bar).getByRole('button', { name: 'Masquer les filtres' }))
    expect(bar).not.toBeVisible()
    expect(filters).toHaveAttribute('aria-expanded', 'false')
  })

  it('caps the search box at 512 characters', async () => {
    const { user, dialog } = await openSearch('fr')
    const input = within(dialog).getByRole('searchbox', { name: TEXT.fr.input })
    expect(input).toHaveAttribute('maxLength', '512')
    await user.click(input)
    await user.paste('a'.repeat(600))
    expect((input as HTMLInputElement).value).toHaveLength(512)
    await waitFor(() => {
      const last = callsOf('search').at(-1)!.payload as { requests: { query?: string }[] }
      expect(last.requests[0]!.query).toHaveLength(512)
    })
  })

  it.each([
    ['nl', 'Een ogenblik...'],
    ['fr', 'Un moment...'],
  ] as const)('shows the stalled text after 200 ms of waiting (%s)', async (locale, stalled) => {
    const { user, dialog } = await openSearch(locale)
    setFault('search', { kind: 'held' }, { times: 1 })
    await user.type(within(dialog).getByRole('searchbox', { name: TEXT[locale].input }), 'x')
    expect(await within(dialog).findByText(stalled)).toBeInTheDocument()
    releaseHeld('search')
    await waitFor(() => expect(within(dialog).queryByText(stalled)).not.toBeInTheDocument())
  })

  it.each([
    ['slow', { kind: 'held' }],
    ['hanging', { kind: 'hang' }],
  ] as const)(
    'first search %s: the stalled text after 200 ms, never "no results" before an answer (en)',
    async (label, fault) => {
      setFault('search', fault)
      const user = userEvent.setup()
      await renderWidget(search, { locale: 'en' })
      await user.click(await screen.findByRole('button', { name: TEXT.en.open }))
      const dialog = await screen.findByRole('dialog', { name: TEXT.en.dialog })
      await within(dialog).findByRole('searchbox', { name: TEXT.en.input })
      expect(within(dialog).queryByText(TEXT.en.stalled)).not.toBeInTheDocument()
      expect(await within(dialog).findByText(TEXT.en.stalled)).toBeInTheDocument()
      expect(within(dialog).queryAllByText(TEXT.en.noResults)).toEqual([])
      if (label === 'slow') {
        clearFaults('search') // the answer comes now (and the next searches answer at once)
        const total = expected('en').nbHits
        await within(dialog).findByText(TEXT.en.count(total))
        expect(within(dialog).queryByText(TEXT.en.stalled)).not.toBeInTheDocument()
        const grapes = within(dialog).getByRole('group', { name: 'Grapes', hidden: true })
        // The values follow the cards in a transition.
        await waitFor(() =>
          expect(within(grapes).getAllByRole('checkbox', { hidden: true }).length).toBeGreaterThan(
            5,
          ),
        )
      } else {
        // Still waiting: the box stays usable, nothing claims there is nothing.
        await user.type(within(dialog).getByRole('searchbox', { name: TEXT.en.input }), 'a')
        expect(within(dialog).queryAllByText(TEXT.en.noResults)).toEqual([])
        await user.click(within(dialog).getByRole('button', { name: TEXT.en.close }))
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      }
    },
  )

  it('says the search is unavailable when the service fails, naming the call (fr)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, dialog } = await openSearch('fr')
    setFault('search', { kind: 'status', status: 500 })
    await user.type(within(dialog).getByRole('searchbox', { name: TEXT.fr.input }), 'q')
    expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'La recherche n’est pas disponible pour le moment. Réessayez plus tard.',
    )
    expect(log).toHaveBeenCalledWith(
      ...loggedCallFailure(
        'search: the wines could not be searched',
        'POST https://DEMOAPP-dsn.algolia.net/1/indexes/*/queries',
        '500',
        `(${SEARCH_SERVICE})`,
      ),
    )
    // The modal stays usable: it still closes.
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('closes with Escape: focus back on the button, modal:close emitted, conversation cleared', async () => {
    getStore().update((d) => {
      d.conversation = [{ from: 'user', message: 'Un vin pour un risotto ?', wines: [] }]
    })
    const events: string[] = []
    const off = getBus().on('modal:close', () => events.push('close'))
    const { user, trigger } = await openSearch('fr')
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()
    expect(events).toEqual(['close'])
    expect(getStore().getState().conversation).toEqual([])
    expect(document.body.style.overflow).toBe('')
    off()
  })

  it('keeps focus inside the modal: Tab wraps from the last control to the first and back', async () => {
    const { user, dialog } = await openSearch('en')
    const first = within(dialog).getByRole('button', { name: 'Filters' })
    const last = within(dialog).getByRole('button', { name: 'Show more wines' })
    expect(within(dialog).getByRole('searchbox')).toHaveFocus()
    await user.tab({ shift: true })
    await user.tab({ shift: true })
    expect(first).toHaveFocus()
    await user.tab({ shift: true })
    expect(last).toHaveFocus()
    await user.tab()
    expect(first).toHaveFocus()
  })

  it('opens from another widget through the bus, in either mode (en)', async () => {
    await renderWidget(search, { locale: 'en' })
    await screen.findByRole('button', { name: TEXT.en.open })
    act(() => getBus().emit('modal:open', { mode: 'sommelier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sommelier' })
    expect(dialog.querySelector('[data-sommelier-slot]')).not.toBeNull()
    expect(within(dialog).queryByRole('searchbox')).not.toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(within(dialog).getByRole('button', { name: 'Back to the search' }))
    const search2 = await screen.findByRole('dialog', { name: 'Wine search' })
    const input = await within(search2).findByRole('searchbox', { name: TEXT.en.input })
    await waitFor(() => expect(input).toHaveFocus())
    await user.type(input, 'gamay')
    // Toggling to the sommelier and back keeps the search.
    await user.click(within(search2).getByRole('button', { name: 'Ask the sommelier' }))
    expect(screen.getByRole('dialog', { name: 'Sommelier' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back to the search' }))
    expect(within(screen.getByRole('dialog')).getByRole('searchbox')).toHaveValue('gamay')
  })

  it('closes when another widget asks with modal:close, without echoing it', async () => {
    const events: string[] = []
    const off = getBus().on('modal:close', () => events.push('close'))
    await renderWidget(search, { locale: 'fr' })
    await screen.findByRole('button', { name: TEXT.fr.open })
    act(() => getBus().emit('modal:open', { mode: 'sommelier' }))
    await screen.findByRole('dialog')
    act(() => getBus().emit('modal:close', {}))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(events).toEqual(['close'])
    off()
  })

  it('keeps the closed dialog laid out once the page is idle: the tap shows that one (en)', async () => {
    await renderWidget(search, { locale: 'en' })
    const trigger = await screen.findByRole('button', { name: TEXT.en.open })
    const kept = await waitFor(() => {
      const dialog = document.querySelector<HTMLElement>('[role="dialog"]')
      expect(dialog).not.toBeNull()
      return dialog!
    })
    // In the page, but hidden: out of the accessibility tree and of the keyboard's reach.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(kept.closest('[hidden]')).not.toBeNull()
    expect(document.body.style.overflow).toBe('')

    const user = userEvent.setup()
    await user.click(trigger)
    expect(screen.getByRole('dialog', { name: TEXT.en.dialog })).toBe(kept)
    expect(kept).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1)

    // And again: a second opening searches as the first did.
    await user.click(trigger)
    const dialog = screen.getByRole('dialog', { name: TEXT.en.dialog })
    await fieldShown(dialog)
  })

  it('shows the kept dialog in the tap itself; Escape before its render closes it for good (en)', async () => {
    await renderWidget(search, { locale: 'en' })
    const trigger = await screen.findByRole('button', { name: TEXT.en.open })
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull())
    const events: string[] = []
    const off = getBus().on('modal:close', () => events.push('close'))
    // The tap's click alone, no wait after it: React has not rendered the open state yet, and
    // the page's scroll is locked after the paint.
    act(() => {
      trigger.focus()
      trigger.click()
    })
    const dialog = screen.getByRole('dialog', { name: TEXT.en.dialog })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    expect(document.body.style.overflow).toBe('')

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(trigger).toHaveFocus())
    expect(events).toEqual(['close'])
    // Neither the render nor the lock planned after the tap's paint comes.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('')
    off()

    // The next tap opens it whole: the lock and the panel come after the paint.
    const user = userEvent.setup()
    await user.click(trigger)
    const opened = screen.getByRole('dialog', { name: TEXT.en.dialog })
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'))
    await fieldShown(opened)
  })

  it('shows the kept dialog in sommelier mode in the tap; Escape before its render undoes it (en)', async () => {
    await renderWidget(search, { locale: 'en' })
    const trigger = await screen.findByRole('button', { name: TEXT.en.open })
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull())
    // Another widget's tap (the sommelier button), no wait after it: React has not rendered the
    // open state yet, the dialog is the sommelier's already, the search mode out of sight.
    act(() => getBus().emit('modal:open', { mode: 'sommelier' }))
    const shown = screen.getByRole('dialog', { name: 'Sommelier' })
    expect(within(shown).queryByRole('searchbox')).not.toBeInTheDocument()
    expect(within(shown).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    expect(shown).toContainElement(document.activeElement as HTMLElement)

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    // The kept dialog is the search's again: the next tap on the magnifier shows search mode.
    const user = userEvent.setup()
    await user.click(trigger)
    const opened = screen.getByRole('dialog', { name: TEXT.en.dialog })
    await fieldShown(opened)
    await user.keyboard('{Escape}')

    // Left alone, the sommelier mode renders after the paint: its own buttons, the focus on one.
    act(() => getBus().emit('modal:open', { mode: 'sommelier' }))
    const dialog = screen.getByRole('dialog', { name: 'Sommelier' })
    const back = await within(dialog).findByRole('button', { name: 'Back to the search' })
    await waitFor(() => expect(back).toHaveFocus())
    expect(within(dialog).queryByRole('searchbox')).not.toBeInTheDocument()
  })

  it('takes no focus into the closed dialog when the first wines are already in (en)', async () => {
    const { user, unmount } = await openSearch('en')
    await user.keyboard('{Escape}')
    unmount()
    // A new page's modal, with the answer of the first search at hand: kept closed, its preview
    // draws those wines at once, and the page's focus stays where it was.
    await renderWidget(search, { locale: 'en' })
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull())
    expect(screen.getByRole('dialog', { hidden: true })).not.toContainElement(
      document.activeElement as HTMLElement,
    )
  })

  it('has one modal per page even with two search buttons', async () => {
    await renderWidget(search, { locale: 'fr' })
    await renderWidget(search, { locale: 'fr' })
    const buttons = await screen.findAllByRole('button', { name: TEXT.fr.open })
    expect(buttons).toHaveLength(2)
    const user = userEvent.setup()
    await user.click(buttons[1]!)
    expect(await screen.findAllByRole('dialog')).toHaveLength(1)
    await user.keyboard('{Escape}')
    expect(buttons[1]).toHaveFocus()
  })

  it('restores the search from the URL on load, and cleans the URL on close (fr)', async () => {
    window.history.replaceState(null, '', '/fr/?utm_source=mail&q=merlot&grape=Merlot')
    await renderWidget(search, { locale: 'fr' })
    const dialog = await screen.findByRole('dialog', { name: TEXT.fr.dialog })
    const input = await within(dialog).findByRole('searchbox', { name: TEXT.fr.input })
    expect(input).toHaveValue('merlot')
    const want = expected('fr', 'merlot', [['g.title:Merlot']])
    await within(dialog).findByText(TEXT.fr.count(want.nbHits), {}, { timeout: 5000 })
    const user = userEvent.setup()
    await showPanel(user, dialog, 'Cépages')
    const grapes = within(dialog).getByRole('group', { name: 'Cépages' })
    expect(within(grapes).getByRole('checkbox', { name: /^Merlot/ })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }))
    await waitFor(() => expect(window.location.search).toBe('?utm_source=mail'))
  })

  it('writes the state 400 ms after typing and follows back/forward (fr)', async () => {
    const { user, dialog } = await openSearch('fr')
    const input = within(dialog).getByRole('searchbox', { name: TEXT.fr.input })
    const length = window.history.length
    await user.type(input, 'syrah')
    await waitFor(() => expect(window.location.search).toBe('?q=syrah'))
    // One history entry for the whole word, not one per keystroke.
    expect(window.history.length).toBe(length + 1)
    // Typing over the selected word: no empty state in between.
    await user.type(input, 'gamay', { initialSelectionStart: 0, initialSelectionEnd: 5 })
    await waitFor(() => expect(window.location.search).toBe('?q=gamay'))
    await act(async () => {
      window.history.back()
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
    })
    expect(window.location.search).toBe('?q=syrah')
    await waitFor(() => expect(input).toHaveValue('syrah'))
    await within(dialog).findByText(TEXT.fr.count(expected('fr', 'syrah').nbHits))
  })

  it('does not open on a page whose query string is not a search', async () => {
    window.history.replaceState(null, '', '/fr/reset-password?email=a%40b.be&token=t')
    await renderWidget(search, { locale: 'fr' })
    await screen.findByRole('button', { name: TEXT.fr.open })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows the sommelier tag for the runtime once the sommelier widget exists', async () => {
    // The runtime knows the sommelier widget.
    const widgets = { has: (name: string) => name === 'sommelier', mount: () => Promise.resolve() }
    await renderWidget(search, { locale: 'nl', widgets })
    await screen.findByRole('button', { name: TEXT.nl.open })
    act(() => getBus().emit('modal:open', { mode: 'sommelier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sommelier' })
    const tag = dialog.querySelector('[data-sommelier-slot] [data-widget="sommelier"]')
    expect(tag).toHaveAttribute('data-mode', 'chat')
    expect(tag).toHaveAttribute('data-locale', 'nl')
  })

  it('shows a message instead of crashing without the algolia config', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    setPageConfig(parseConfig('{}'))
    await renderWidget(search, { locale: 'fr' })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: TEXT.fr.open }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'La recherche n’est pas disponible',
    )
    expect(log).toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('search without results', () => {
  it('offers to remove each filter, all of them, or to ask the sommelier (fr)', async () => {
    const { user, dialog } = await openSearch('fr')
    await showPanel(user, dialog, 'Cépages')
    const grapes = within(dialog).getByRole('group', { name: 'Cépages' })
    const count = expected('fr').facets!['g.title']!['Syrah']!
    await user.click(within(grapes).getByRole('checkbox', { name: `Syrah ${count}` }))
    await within(dialog).findByText(TEXT.fr.count(count))
    await user.type(within(dialog).getByRole('searchbox', { name: TEXT.fr.input }), 'zzqxy')
    expect(expected('fr', 'zzqxy', [['g.title:Syrah']]).nbHits).toBe(0)
    await within(dialog).findByText('Aucun vin ne correspond à votre recherche.')
    const active = within(dialog).getByRole('list', { name: 'Filtres actifs' })
    expect(
      within(active)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Retirer Syrah', 'Retirer tous les filtres'])
    await user.click(within(active).getByRole('button', { name: 'Retirer Syrah' }))
    await waitFor(() =>
      expect(within(grapes).queryByRole('checkbox', { checked: true })).toBeNull(),
    )
    expect(within(dialog).queryByRole('list', { name: 'Filtres actifs' })).toBeNull()
    // The question goes to the sommelier's chat, typed in its field.
    await user.click(
      within(dialog).getByRole('button', { name: 'Demander au sommelier : « zzqxy »' }),
    )
    expect(await screen.findByRole('dialog', { name: 'Sommelier' })).toBeInTheDocument()
    expect(sessionStorage.getItem(SOMMELIER_DRAFT_KEY)).toBe('zzqxy')
  })

  it('suggests the grape closest to the words typed, and searches it when pressed (fr)', async () => {
    const { user, dialog } = await openSearch('fr')
    const input = within(dialog).getByRole('searchbox', { name: TEXT.fr.input })
    expect(expected('fr', 'zzqxy merlott').nbHits).toBe(0)
    await user.type(input, 'zzqxy merlott')
    await within(dialog).findByText('Aucun vin ne correspond à votre recherche.')
    await user.click(
      await within(dialog).findByRole('button', { name: 'Vouliez-vous dire Merlot ?' }),
    )
    expect(input).toHaveValue('Merlot')
    await within(dialog).findByText(TEXT.fr.count(expected('fr', 'Merlot').nbHits))
  })

  it('suggests nothing when no value is close (nl)', async () => {
    const { user, dialog } = await openSearch('nl')
    await user.type(within(dialog).getByRole('searchbox', { name: TEXT.nl.input }), 'zzqxy')
    await within(dialog).findByRole('button', { name: 'Vraag de sommelier naar ‘zzqxy’' })
    expect(within(dialog).queryByRole('button', { name: /^Bedoelde je/ })).toBeNull()
  })

  it('clears every filter at once, in the order they were chosen (nl)', async () => {
    const { user, dialog } = await openSearch('nl')
    await showPanel(user, dialog, 'Druiven')
    const grapes = within(dialog).getByRole('group', { name: 'Druiven' })
    const facets = expected('nl').facets!['g.title']!
    await user.click(within(grapes).getByRole('checkbox', { name: `Syrah ${facets['Syrah']}` }))
    await user.click(within(grapes).getByRole('checkbox', { name: `Merlot ${facets['Merlot']}` }))
    await user.type(within(dialog).getByRole('searchbox', { name: TEXT.nl.input }), 'zzqxy')
    const active = await within(dialog).findByRole('list', { name: 'Actieve filters' })
    expect(
      within(active)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Syrah weghalen', 'Merlot weghalen', 'Alle filters weghalen'])
    await user.click(within(active).getByRole('button', { name: 'Alle filters weghalen' }))
    await waitFor(() =>
      expect(within(grapes).queryByRole('checkbox', { checked: true })).toBeNull(),
    )
    expect(within(dialog).getByRole('searchbox', { name: TEXT.nl.input })).toHaveValue('zzqxy')
  })
})
