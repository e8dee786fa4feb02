import type { Ref } from 'react'
import box from './BuyBox.module.css'

interface AddButtonProps {
  ref: Ref<HTMLButtonElement>
  /** Nothing to add (a quantity of 0). */
  disabled: boolean
  /** An addition under way: the button says so and refuses another. */
  adding: boolean
  label: string
  addingLabel: string
}

/**
 * A buy box's submit button. While adding it is `aria-disabled`, not disabled: a disabled button
 * would drop the keyboard focus.
 */
export function AddButton({ ref, disabled, adding, label, addingLabel }: AddButtonProps) {
  return (
    <button
      ref={ref}
      type="submit"
      className={box.add}
      disabled={disabled}
      aria-disabled={adding || undefined}
    >
      {adding ? addingLabel : label}
    </button>
  )
}
