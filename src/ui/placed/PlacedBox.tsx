import { useInsertionEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { place, type Placed } from './placed'

export interface PlacedBoxProps {
  className?: string
  hidden: boolean
  children: ReactNode
}

/**
 * A box at the end of <body>, outside the widget's tag (a modal's backdrop), with `children`
 * rendered into it by a portal. The box is ours, not React's: React only adds and removes the
 * children inside it, which stay its children whatever the host does to the body, and the box
 * itself goes with `node.remove()` (src/ui/placed/placed.ts). A portal straight into
 * `document.body` makes React call `body.removeChild(box)` on unmount, which throws once the host
 * has swapped the body ("The node to be removed is not a child of this node").
 */
export function PlacedBox({ className, hidden, children }: PlacedBoxProps) {
  const [box] = useState(() => {
    const element = document.createElement('div')
    // Rendered outside the widget's tag: the attribute gives it the widgets' baseline and theme.
    element.setAttribute('data-widget-portal', '')
    return element
  })
  const placed = useRef<Placed | null>(null)
  // Insertion effects run before every layout effect of the commit: the box is in the page, with
  // its attributes, when the content's layout effects move the focus into it.
  useInsertionEffect(() => {
    const where = place(box)
    placed.current = where
    return () => {
      placed.current = null
      where.remove()
    }
  }, [box])
  // Each commit: a host that replaced the body while the widget stayed (Turbo's permanent
  // elements move to the new body) took the box away with the old one.
  useInsertionEffect(() => placed.current?.ensure())
  // Only when they change, as React sets a prop: the owner may show the box by hand meanwhile
  // (Modal's showNow) and a render with the same props leaves it shown.
  useInsertionEffect(() => {
    box.setAttribute('class', className ?? '')
  }, [box, className])
  useInsertionEffect(() => {
    box.toggleAttribute('hidden', hidden)
  }, [box, hidden])
  return createPortal(children, box)
}
