import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'aria-label' | 'title'
> {
  /** What the button does: its accessible name, and the tooltip for pointer users. */
  label: string
  /** The icon (an inline SVG, hidden from screen readers). */
  children: ReactNode
  ref?: Ref<HTMLButtonElement>
}

/** A button that shows only an icon: named for screen readers and titled for the pointer. */
export function IconButton({ label, children, ...rest }: IconButtonProps) {
  return (
    <button type="button" aria-label={label} title={label} {...rest}>
      {children}
    </button>
  )
}
