import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Tabs } from './Tabs'

function Harness({ disabled = [] }: { disabled?: string[] }) {
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
      onSelect={setSelected}
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
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel 2020')
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: '2019' })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: '2021' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: '2019' })).toHaveFocus()
    await user.keyboard('{Home}')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel 2021')
    expect(screen.getByRole('tab', { name: '2020' })).toHaveAttribute('tabindex', '-1')
    await user.tab()
    expect(screen.getByRole('tabpanel')).toHaveFocus()
  })

  it('selects a tab on click', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('tab', { name: '2019' }))
    expect(screen.getByRole('tabpanel', { name: '2019' })).toHaveTextContent('Panel 2019')
  })

  it('skips a disabled tab with the keyboard and cannot select it by click', async () => {
    const user = userEvent.setup()
    render(<Harness disabled={['2020']} />)
    expect(screen.getByRole('tab', { name: '2020' })).toBeDisabled()
    await user.tab()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: '2019' })).toHaveFocus()
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel 2019')
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: '2021' })).toHaveFocus()
    await user.click(screen.getByRole('tab', { name: '2020' }))
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel 2021')
  })
})
