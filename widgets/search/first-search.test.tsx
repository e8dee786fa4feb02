import { use, type ComponentProps } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf } from '../../mocks/db'
import { parseConfig, setPageConfig } from '../../src/config/config'
import { search } from './index'
import { firstSearchRequest } from './first-search'
import { FIRST_HITS } from './PanelFrame'
import { clearFaults, releaseHeld, setFault, whenHeld } from '../../mocks/faults'
import type * as PanelCode from './SearchPanel'

// The panel's chunk arrives, and then the panel renders, only when the test lets them: what
// shows before is checked however fast the machine.
let releaseChunk: () => void = () => {}
const chunkArrived = new Promise<void>((resolve) => (releaseChunk = resolve))
let releaseRender: () => void = () => {}
let renderAllowed = new Promise<void>((resolve) => (releaseRender = resolve))
/** Holds the panel's render again (the first test released it). */
const holdRender = () => {
  renderAllowed = new Promise<void>((resolve) => (releaseRender = resolve))
}
vi.mock('./SearchPanel', async (importOriginal) => {
  const panel = await importOriginal<typeof PanelCode>()
  await chunkArrived
  const Panel = panel.default
  function HeldPanel(props: ComponentProps<typeof Panel>) {
    use(renderAllowed)
    return <Panel {...props} />
  }
  return { ...panel, default: HeldPanel }
})

beforeEach(() => {
  setPageConfig(
    parseConfig(JSON.stringify({ algolia: { appId: 'DEMOAPP', searchKey: 'demo-search-key' } })),
  )
  window.history.replaceState(null, '', '/en/')
})

afterEach(() => {
  clearFaults()
  window.history.replaceState(null, '', '/')
})

const titles = (root: HTMLElement) =>
  within(root)
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent)

describe('the search panel’s first search', () => {
  it('leaves at the tap, its wines show before the panel renders, and the panel keeps them', async () => {
    setFault('search', { kind: 'held' }, { times: 1 })
    const user = userEvent.setup()
    await renderWidget(search, { locale: 'en' })
    await user.click(await screen.findByRole('button', { name: 'Search wines' }))
    const dialog = await screen.findByRole('dialog', { name: 'Wine search' })

    // The search left while the panel's chunk is still on its way.
    await whenHeld('search')
    expect(callsOf('search')[0]!.payload).toEqual({ requests: [firstSearchRequest('en')] })
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading...')
    releaseChunk()
    releaseHeld('search')

    // The first wines and their count, drawn with the panel's card before the panel renders.
    await within(dialog).findAllByRole('article', {}, { timeout: 5000 })
    const first = titles(dialog)
    expect(first).toHaveLength(FIRST_HITS)
    expect(within(dialog).getByText(/^\d+ wines$/)).toBeInTheDocument()
    // The focus that was on the note's close button is on the frame's.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
    // jsdom lays nothing out: contrast is checked in the browsers (e2e a11y).
    const { violations } = await axe.run(dialog, {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(violations.map((v) => v.id)).toEqual([])

    // A keyboard shopper moves on to the first wine while the panel renders.
    await user.tab()
    const wine = within(dialog).getAllByRole('link')[0]!
    expect(wine).toHaveFocus()
    // From here to the live panel, every change of the dialog leaves the focus in it and a way
    // out (its close button): the preview's wine had the focus when the panel replaced it.
    const seen: string[] = []
    const watch = new MutationObserver(() => {
      if (!dialog.contains(document.activeElement)) seen.push('the focus left the dialog')
      if (!within(dialog).queryByRole('button', { name: 'Close' })) seen.push('no close button')
    })
    watch.observe(dialog, { childList: true, subtree: true, attributes: true })

    releaseRender()
    // The panel shows the same wines in the same order (its own first search took the answer
    // already there), and the focus stays where the shopper put it: on that wine, the panel's.
    await vi.waitFor(() => expect(wine).not.toBeInTheDocument(), { timeout: 5000 })
    const panelWine = within(dialog).getAllByRole('link')[0]!
    expect(panelWine).toHaveAttribute('href', wine.getAttribute('href'))
    expect(panelWine).toHaveFocus()
    expect(titles(dialog).slice(0, FIRST_HITS)).toEqual(first)
    await vi.waitFor(() => expect(titles(dialog).length).toBeGreaterThan(FIRST_HITS), {
      timeout: 5000,
    })
    expect(titles(dialog).slice(0, FIRST_HITS)).toEqual(first)
    expect(callsOf('search')).toHaveLength(1)
    watch.disconnect()
    expect([...new Set(seen)]).toEqual([])
  })

  it('leaves at the press on the button, before its click; the opening sends no other', async () => {
    releaseChunk()
    releaseRender()
    const user = userEvent.setup()
    await renderWidget(search, { locale: 'en' })
    const button = await screen.findByRole('button', { name: 'Search wines' })
    await user.pointer({ keys: '[MouseLeft>]', target: button })
    await vi.waitFor(() => expect(callsOf('search')).toHaveLength(1))
    expect(callsOf('search')[0]!.payload).toEqual({ requests: [firstSearchRequest('en')] })
    expect(screen.queryByRole('dialog', { name: 'Wine search' })).toBeNull()

    await user.pointer({ keys: '[/MouseLeft]', target: button })
    const dialog = await screen.findByRole('dialog', { name: 'Wine search' })
    expect(await within(dialog).findAllByRole('article', {}, { timeout: 5000 })).not.toHaveLength(0)
    expect(callsOf('search')).toHaveLength(1)
  })

  it('failing: the panel’s client sends the search again and shows its wines', async () => {
    setFault('search', { kind: 'status', status: 500 }, { times: 1 })
    releaseChunk()
    releaseRender()
    const user = userEvent.setup()
    await renderWidget(search, { locale: 'en' })
    await user.click(await screen.findByRole('button', { name: 'Search wines' }))
    const dialog = await screen.findByRole('dialog', { name: 'Wine search' })
    expect(await within(dialog).findAllByRole('article', {}, { timeout: 5000 })).not.toHaveLength(0)
    expect(callsOf('search')).toHaveLength(2)
  })

  it('the panel’s field takes the focus, unless the shopper moved it to a button', async () => {
    holdRender()
    const user = userEvent.setup()
    const { unmount } = await renderWidget(search, { locale: 'en' })
    await user.click(await screen.findByRole('button', { name: 'Search wines' }))
    let dialog = await screen.findByRole('dialog', { name: 'Wine search' })
    await within(dialog).findAllByRole('article', {}, { timeout: 5000 })
    // Untouched: the focus the preview put on its close button goes to the panel's field.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
    releaseRender()
    const field = () => within(dialog).getByRole('searchbox', { name: 'Search the wines' })
    await vi.waitFor(() => expect(field()).toHaveFocus(), { timeout: 5000 })
    unmount()

    // Moved by the shopper (back from the field to the sommelier button): the panel's button.
    holdRender()
    await renderWidget(search, { locale: 'en' })
    await user.click(await screen.findByRole('button', { name: 'Search wines' }))
    dialog = await screen.findByRole('dialog', { name: 'Wine search' })
    await within(dialog).findAllByRole('article', {}, { timeout: 5000 })
    await user.tab({ shift: true })
    await user.tab({ shift: true })
    const sommelier = within(dialog).getByRole('button', { name: 'Ask the sommelier' })
    expect(sommelier).toHaveFocus()
    releaseRender()
    await vi.waitFor(() => expect(sommelier).not.toBeInTheDocument(), { timeout: 5000 })
    expect(within(dialog).getByRole('button', { name: 'Ask the sommelier' })).toHaveFocus()
  })

  it('what is typed in the preview’s field, the panel’s takes over and searches', async () => {
    holdRender()
    const user = userEvent.setup()
    await renderWidget(search, { locale: 'en' })
    await user.click(await screen.findByRole('button', { name: 'Search wines' }))
    const dialog = await screen.findByRole('dialog', { name: 'Wine search' })
    await within(dialog).findAllByRole('article', {}, { timeout: 5000 })
    const early = within(dialog).getByRole('searchbox', { name: 'Search the wines' })
    await user.type(early, 'merlot')

    releaseRender()
    await vi.waitFor(
      () =>
        expect(within(dialog).getByRole('searchbox', { name: 'Search the wines' })).not.toBe(early),
      { timeout: 5000 },
    )
    const field = within(dialog).getByRole('searchbox', { name: 'Search the wines' })
    expect(field).toHaveValue('merlot')
    expect(field).toHaveFocus()
    // The results are the query's: its count, and Merlot in every card shown.
    await vi.waitFor(() => expect(dialog.querySelector('[data-query="merlot"]')).not.toBeNull(), {
      timeout: 5000,
    })
    for (const card of within(dialog).getAllByRole('article'))
      expect(card).toHaveTextContent(/merlot/i)
  })
})
