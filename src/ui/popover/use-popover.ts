import { useRef, useState, type KeyboardEvent } from 'react'

/**
 * A box that opens next to its button (the minicart's panel, the cart's rules tooltip; its look
 * is Popover.module.css): whether it is open, the button's ref, `close`, which gives the focus
 * back to the button, and the key handler for the box or what holds it: Escape closes an open
 * box and goes no further (a modal around it stays open).
 */
export function usePopover() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return
    event.stopPropagation()
    close()
  }
  return { open, setOpen, button, close, onKeyDown }
}
