import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { IconButton } from './IconButton'

describe('IconButton', () => {
  it('is a button named and titled by its label, which does not submit a form', async () => {
    const onClick = vi.fn()
    const onSubmit = vi.fn((e: SubmitEvent) => e.preventDefault())
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <IconButton label="Close" onClick={onClick} aria-expanded={false}>
          <svg aria-hidden="true" />
        </IconButton>
      </form>,
    )
    const button = screen.getByRole('button', { name: 'Close' })
    expect(button).toHaveAttribute('title', 'Close')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
