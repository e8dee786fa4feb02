import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import styles from './Tabs.module.css'

export interface TabItem {
  /** Stable key of the tab (e.g. "2019" or "75cl"). */
  key: string
  /** The tab's visible text. */
  label: ReactNode
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string
  tabs: readonly TabItem[]
  selected: string
  onSelect: (key: string) => void
  /** The selected tab's panel. */
  children: ReactNode
  /** Smaller tabs for nested lists. @default 'primary' */
  variant?: 'primary' | 'secondary'
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): a `tablist` of `tab`s with one
 * `tabpanel` for the selected tab. Only the selected tab is in the tab order; the arrow keys,
 * Home and End move between tabs and select them.
 */
export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
  children,
  variant = 'primary',
}: TabsProps) {
  const id = useId()
  const refs = useRef(new Map<string, HTMLButtonElement>())
  const tabId = (key: string) => `${id}-tab-${key}`
  const panelId = `${id}-panel`

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.key === selected)
    const last = tabs.length - 1
    let next: number
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        next = index >= last ? 0 : index + 1
        break
      case 'ArrowLeft':
      case 'ArrowUp':
        next = index <= 0 ? last : index - 1
        break
      case 'Home':
        next = 0
        break
      case 'End':
        next = last
        break
      default:
        return
    }
    event.preventDefault()
    const target = tabs[next]
    if (!target) return
    onSelect(target.key)
    refs.current.get(target.key)?.focus()
  }

  return (
    <div className={variant === 'primary' ? styles.tabs : styles.nested}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={move}>
        {tabs.map((tab) => {
          const isSelected = tab.key === selected
          return (
            <button
              key={tab.key}
              ref={(el) => {
                if (el) refs.current.set(tab.key, el)
                else refs.current.delete(tab.key)
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        tabIndex={0}
        className={styles.panel}
      >
        {children}
      </div>
    </div>
  )
}
