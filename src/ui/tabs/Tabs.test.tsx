import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Tabs } from './Tabs'

function Harness({
  disabled = [],
  onSelect,
}: {
  disabled?: string[]
  onSelect?: (key: string) => void
}) {
  const [selected, setSelected] = useState('2021')
  return (
    <Tabs
      label="Vintages"
      tabs={['2021', '2020', '2019'].map((key) => ({
        key,
        label: key,
        disabled: disabled.includes(key),
      }))}
      selected={selected}
      onSelect={(key) => {
        onSelect?.(key)
        setSelected(key)
      }}
    >
      <p>Panel {selected}</p>
    </Tabs>
  )
}

describe('Tabs', () => {
  it('exposes a tablist, tabs and the selected panel', () => {
    render(<Harness />)
    expect(screen.getByRole('tablist', { name: 'Vintages' })).toBeInTheDocument()
    expect(screen.getAllByRole('tab')).toHaveLength(3)
    expect(screen.getByRole('tab', { name: '2021' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: '2021' })).toHaveTextContent('Panel 2021')
  })

  it('moves with the arrow keys, Home and End, and only the selected tab is tabbable', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.tab()
    expect(screen.getByRole('tab', { name: '2021' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: '2020' })).toHaveFocus()
    expect(await screen.findByText('Panel 2020')).toBeInTheDocument()
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: '2019' })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: '2021' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: '2019' })).toHaveFocus()
    await user.keyboard('{Home}')
    expect(await screen.findByText('Panel 2021')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: '2020' })).toHaveAttribute('tabindex', '-1')
    await user.tab()
    expect(screen.getByRole('tabpanel')).toHaveFocus()
  })

  it('selects a tab on click', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('tab', { name: '2019' }))
    expect(await screen.findByRole('tabpanel', { name: '2019' })).toHaveTextContent('Panel 2019')
  })

  it('marks the chosen tab at once and changes the panel after that paint', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    render(<Harness onSelect={onSelect} />)
    await user.click(screen.getByRole('tab', { name: '2019' }))
    // The tap's own render: the tab, not yet the parent's panel.
    expect(screen.getByRole('tab', { name: '2019' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: '2021' })).toHaveAttribute('aria-selected', 'false')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel 2021')
    expect(onSelect).not.toHaveBeenCalled()
    expect(await screen.findByRole('tabpanel', { name: '2019' })).toHaveTextContent('Panel 2019')
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('2019')
  })

  it('tells the parent only the last of two choices made within one frame', async () => {
    const onSelect = vi.fn()
    render(<Harness onSelect={onSelect} />)
    fireEvent.click(screen.getByRole('tab', { name: '2019' }))
    fireEvent.click(screen.getByRole('tab', { name: '2020' }))
    expect(screen.getByRole('tab', { name: '2020' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('tabpanel', { name: '2020' })).toHaveTextContent('Panel 2020')
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('2020')
  })

  it('still tells a choice made just before the tabs go, once', async () => {
    const onSelect = vi.fn()
    const { unmount } = render(<Harness onSelect={onSelect} />)
    fireEvent.click(screen.getByRole('tab', { name: '2019' }))
    unmount()
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('2019')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(onSelect).toHaveBeenCalledOnce()
  })

  it("shows the parent's tab again when the parent keeps its own", async () => {
    const user = userEvent.setup()
    function Refusing() {
      return (
        <Tabs
          label="Steps"
          tabs={['a', 'b'].map((key) => ({ key, label: key }))}
          selected="a"
          onSelect={() => {}}
        >
          <p>Panel a</p>
        </Tabs>
      )
    }
    render(<Refusing />)
    await user.click(screen.getByRole('tab', { name: 'b' }))
    expect(screen.getByRole('tab', { name: 'b' })).toHaveAttribute('aria-selected', 'true')
    await vi.waitFor(() =>
      expect(screen.getByRole('tab', { name: 'a' })).toHaveAttribute('aria-selected', 'true'),
    )
    expect(screen.getByRole('tab', { name: 'b' })).toHaveAttribute('aria-selected', 'false')
  })

  it('skips a disabled tab with the keyboard and cannot select it by click', async () => {
    const user = userEvent.setup()
    render(<Harness disabled={['2020']} />)
    expect(screen.getByRole('tab', { name: '2020' })).toBeDisabled()
    await user.tab()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: '2019' })).toHaveFocus()
    expect(await screen.findByText('Panel 2019')).toBeInTheDocument()
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: '2021' })).toHaveFocus()
    await user.click(screen.getByRole('tab', { name: '2020' }))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel 2021')
  })
})
