import { useRef, useState } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { parseConfig, setPageConfig } from '../../src/config/config'
import { defineWidget } from '../../src/props/schema'
import SearchPanel from './SearchPanel'
import type { SearchField } from './SearchBox'

/**
 * The panel as the search modal holds it: rendered while search mode shows (`active`), hidden
 * behind its preview at first; the focus is on something else of the dialog (the preview's).
 */
function Host() {
  const [mounted, setMounted] = useState(false)
  const [active, setActive] = useState(true)
  const [rendered, setRendered] = useState(false)
  const field = useRef<SearchField>(null)
  return (
    <>
      <button type="button" onClick={() => setActive((was) => !was)}>
        Toggle
      </button>
      <button type="button" onClick={() => setMounted(true)}>
        Open
      </button>
      {rendered && <p>Panel rendered</p>}
      {mounted && (
        <SearchPanel
          locale="en"
          active={active}
          onClose={() => {}}
          onSommelier={() => {}}
          onRendered={() => setRendered(true)}
          fieldRef={field}
        />
      )}
    </>
  )
}

const host = defineWidget('search-box-host', { load: () => Promise.resolve({ default: Host }) })

beforeEach(() => {
  setPageConfig(
    parseConfig(JSON.stringify({ algolia: { appId: 'DEMOAPP', searchKey: 'demo-search-key' } })),
  )
  window.history.replaceState(null, '', '/en/')
})

describe('the search box’s focus', () => {
  it('stays where it is when the box mounts in search mode, and comes back with search mode', async () => {
    const user = userEvent.setup()
    await renderWidget(host, { locale: 'en' })
    const open = await screen.findByRole('button', { name: 'Open' })
    await user.click(open)
    // The panel mounts behind its preview: the focus is the shopper's, not the box's.
    await screen.findByText('Panel rendered')
    const field = await screen.findByRole('searchbox', { name: 'Search the wines' })
    expect(open).toHaveFocus()
    const toggle = screen.getByRole('button', { name: 'Toggle' })

    // Leaving search mode leaves the focus where the shopper put it; coming back gives it to
    // the box.
    await user.click(toggle)
    expect(toggle).toHaveFocus()
    await user.click(toggle)
    await waitFor(() => expect(field).toHaveFocus())
  })
})
