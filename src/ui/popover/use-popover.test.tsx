import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { usePopover } from './use-popover'

function Example() {
  const { open, setOpen, button, close, onKeyDown } = usePopover()
  return (
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
    <div onKeyDown={onKeyDown}>
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        Rules
      </button>
      <div hidden={!open}>
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </div>
  )
}

describe('usePopover', () => {
  it('closes on Escape or with close, gives focus back to its button, and keeps Escape to itself', async () => {
    const user = userEvent.setup()
    const outside = vi.fn()
    document.addEventListener('keydown', outside)
    try {
      render(<Example />)
      const toggle = screen.getByRole('button', { name: 'Rules' })
      await user.click(toggle)
      expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await user.click(screen.getByRole('button', { name: 'Close' }))
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
      expect(toggle).toHaveFocus()

      await user.click(toggle)
      screen.getByRole('button', { name: 'Close' }).focus()
      await user.keyboard('{Escape}')
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
      expect(toggle).toHaveFocus()
      expect(outside).not.toHaveBeenCalled()

      // Closed, Escape is not its business: it goes on to the page.
      await user.keyboard('{Escape}')
      expect(outside).toHaveBeenCalledTimes(1)
    } finally {
      document.removeEventListener('keydown', outside)
    }
  })
})
