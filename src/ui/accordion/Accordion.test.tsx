import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AccordionSection, useAccordion } from './Accordion'

const NAMES = ['Shipping', 'Returns', 'Droplets']

function Harness({ single = false, lazy = false }: { single?: boolean; lazy?: boolean }) {
  const { section } = useAccordion(NAMES.length, { single })
  return (
    <div>
      {NAMES.map((name, i) => (
        <AccordionSection
          key={name}
          {...section(i)}
          level={3}
          lazy={lazy}
          header={name}
          classNames={{}}
        >
          <p>About {name.toLowerCase()}</p>
        </AccordionSection>
      ))}
    </div>
  )
}

describe('Accordion', () => {
  it('is a heading holding a button that controls a region labelled by it, closed at first', () => {
    render(<Harness />)
    const button = screen.getByRole('button', { name: 'Shipping' })
    expect(button.parentElement?.tagName).toBe('H3')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    const region = document.getElementById(button.getAttribute('aria-controls') ?? '')
    expect(region).toHaveAttribute('role', 'region')
    expect(region).toHaveAttribute('aria-labelledby', button.id)
    expect(region).not.toBeVisible()
  })

  it('opens and closes sections independently, or one at a time when single', async () => {
    const user = userEvent.setup()
    const { unmount } = render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Shipping' }))
    await user.click(screen.getByRole('button', { name: 'Returns' }))
    expect(screen.getByRole('region', { name: 'Shipping' })).toHaveTextContent('About shipping')
    expect(screen.getByRole('region', { name: 'Returns' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Shipping' }))
    expect(screen.getByRole('button', { name: 'Shipping' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    unmount()

    render(<Harness single />)
    await user.click(screen.getByRole('button', { name: 'Shipping' }))
    await user.click(screen.getByRole('button', { name: 'Returns' }))
    expect(screen.getByRole('button', { name: 'Shipping' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    expect(screen.getByRole('button', { name: 'Returns' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('moves between the buttons with Arrow Down / Up (wrapping), Home and End', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const [first, second, last] = NAMES.map((name) => screen.getByRole('button', { name }))
    first!.focus()
    await user.keyboard('{ArrowDown}')
    expect(second).toHaveFocus()
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(last).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(first).toHaveFocus()
    await user.keyboard('{End}')
    expect(last).toHaveFocus()
    await user.keyboard('{Home}')
    expect(first).toHaveFocus()
  })

  it('builds a lazy section only while it is open', async () => {
    const user = userEvent.setup()
    render(<Harness lazy />)
    expect(screen.queryByText('About droplets')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Droplets' }))
    expect(screen.getByRole('region', { name: 'Droplets' })).toHaveTextContent('About droplets')
    await user.click(screen.getByRole('button', { name: 'Droplets' }))
    expect(screen.queryByText('About droplets')).not.toBeInTheDocument()
  })
})
