import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf } from '../../mocks/db'
import { parseConfig, setPageConfig } from '../../src/config/config'
import { search } from './index'
import { firstSearchRequest } from './first-search'
import type * as PanelCode from './SearchPanel'

// The panel's chunk arrives only when the test lets it: the first search must not wait for it.
let releasePanel: () => void = () => {}
const panelArrived = new Promise<void>((resolve) => (releasePanel = resolve))
vi.mock('./SearchPanel', async (importOriginal) => {
  const panel = await importOriginal<typeof PanelCode>()
  await panelArrived
  return panel
})

beforeEach(() => {
  setPageConfig(
    parseConfig(JSON.stringify({ algolia: { appId: 'DEMOAPP', searchKey: 'demo-search-key' } })),
  )
  window.history.replaceState(null, '', '/en/')
})

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

describe('the search panel’s first search', () => {
  it('leaves at the tap on the icon, while the panel’s code is still loading, and only once', async () => {
    const user = userEvent.setup()
    await renderWidget(search, { locale: 'en' })
    await user.click(await screen.findByRole('button', { name: 'Search wines' }))
    const dialog = await screen.findByRole('dialog', { name: 'Wine search' })

    await vi.waitFor(() => expect(callsOf('search')).toHaveLength(1))
    expect(callsOf('search')[0]!.payload).toEqual({ requests: [firstSearchRequest('en')] })
    // Still the loading note: the panel has not rendered.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading...')
    expect(within(dialog).queryByRole('searchbox')).toBeNull()

    releasePanel()
    // The panel's own first search takes the answer already there.
    expect(await within(dialog).findAllByRole('article', {}, { timeout: 5000 })).not.toHaveLength(0)
    expect(callsOf('search')).toHaveLength(1)
  })
})
