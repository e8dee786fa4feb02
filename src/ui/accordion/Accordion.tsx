import { useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

/** The props `useAccordion().section(i)` gives each section. */
export interface AccordionSectionState {
  expanded: boolean
  onToggle: () => void
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void
  buttonRef: (button: HTMLButtonElement | null) => void
}

export interface AccordionSectionProps extends AccordionSectionState {
  /** The heading level the page's outline needs (a number, or an attribute's digit). */
  level: 2 | 3 | 4 | `${2 | 3 | 4}`
  /** What the button shows. */
  header: ReactNode
  /** The panel's content. */
  children: ReactNode
  /** Render the content only while open (e.g. a table worth building on demand). */
  lazy?: boolean
  classNames: {
    heading?: string | undefined
    button?: string | undefined
    panel?: string | undefined
  }
}

/**
 * One section of an accordion (WAI-ARIA accordion pattern): a heading holding a button with
 * aria-expanded and aria-controls, and a region labelled by it, hidden while closed.
 */
export function AccordionSection({
  level,
  header,
  children,
  lazy = false,
  classNames,
  expanded,
  onToggle,
  onKeyDown,
  buttonRef,
}: AccordionSectionProps) {
  const id = useId()
  const Heading = `h${level}` as const
  return (
    <>
      <Heading className={classNames.heading}>
        <button
          ref={buttonRef}
          type="button"
          id={`${id}-button`}
          className={classNames.button}
          aria-expanded={expanded}
          aria-controls={`${id}-panel`}
          onClick={onToggle}
          onKeyDown={onKeyDown}
        >
          {header}
        </button>
      </Heading>
      <div
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-button`}
        className={classNames.panel}
        hidden={!expanded}
      >
        {lazy && !expanded ? null : children}
      </div>
    </>
  )
}

/**
 * The open sections of an accordion of `count` sections (all closed at first; with `single`,
 * opening one closes the others) and its keyboard: Arrow Down / Up move between the section
 * buttons (wrapping), Home and End go to the first and last.
 */
export function useAccordion(count: number, { single = false } = {}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set())
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  const section = useCallback(
    (i: number): AccordionSectionState => ({
      expanded: open.has(i),
      onToggle: () =>
        setOpen((prev) => {
          const next = new Set(single ? [] : prev)
          if (prev.has(i)) next.delete(i)
          else next.add(i)
          return next
        }),
      onKeyDown: (event) => {
        const target = {
          ArrowDown: (i + 1) % count,
          ArrowUp: (i - 1 + count) % count,
          Home: 0,
          End: count - 1,
        }[event.key]
        if (target === undefined) return
        event.preventDefault()
        buttons.current[target]?.focus()
      },
      buttonRef: (button) => {
        buttons.current[i] = button
      },
    }),
    [open, single, count],
  )
  return { section }
}
