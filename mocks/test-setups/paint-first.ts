import { fireEvent } from '@testing-library/react'
import { expect } from 'vitest'

/**
 * Taps a buy box's add button twice within one frame and checks what a shopper sees: the tap's
 * own render says "Adding…" and adds nothing yet, the second tap is refused; the caller then
 * waits for the confirmation that follows the paint.
 */
export function tapAddTwiceInOneFrame(add: HTMLElement, lines: () => readonly unknown[]): void {
  fireEvent.click(add)
  expect(add).toHaveAccessibleName('Adding…')
  expect(add).toHaveAttribute('aria-disabled', 'true')
  expect(lines()).toHaveLength(0)
  fireEvent.click(add)
}
