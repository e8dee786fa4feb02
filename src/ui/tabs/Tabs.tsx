import { useId, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react'
import { usePaintFirst } from '../after-paint/use-paint-first'
import styles from './Tabs.module.css'

export interface TabItem<K extends string = string> {
  /** Stable key of the tab (e.g. "2019" or "75cl"). */
  key: K
  /** The tab's visible text. */
  label: ReactNode
  /** Not selectable yet (e.g. a checkout step whose previous step is incomplete). */
  disabled?: boolean
}

export interface TabsProps<K extends string = string> {
  /** Accessible name of the tab list. */
  label: string
  tabs: readonly TabItem<K>[]
  selected: K
  onSelect: (key: K) => void
  /** The selected tab's panel. */
  children: ReactNode
  /** Smaller tabs for nested lists. @default 'primary' */
  variant?: 'primary' | 'secondary'
  /** A widget's own look instead of the variant's (every part: none of the variant's CSS). */
  classNames?: { root?: string; list?: string; tab?: string; panel?: string }
  panelRef?: Ref<HTMLDivElement>
  /**
   * Whether the panel itself is a tab stop (for panels without focusable content; a panel of
   * forms does not need it). @default true
   */
  panelFocusable?: boolean
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): a `tablist` of `tab`s with one
 * `tabpanel` for the selected tab. Only the selected tab is in the tab order; the arrow keys,
 * Home and End move between the enabled tabs and select them.
 *
 * A chosen tab shows selected in the input's own paint; `onSelect` (the parent's state, its new
 * panel, the effects and requests that panel starts) runs after that paint, in one render. A
 * panel is a large tree (a checkout form, a vintage's prices and cart box): rendered with the tap
 * it kept the tap's feedback 80–100 ms away on a phone.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  variant = 'primary',
  classNames: own,
  panelRef,
  panelFocusable = true,
}: TabsProps<K>) {
  const id = useId()
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const tabId = (key: K) => `${id}-tab-${key}`
  const panelId = `${id}-panel`
  // The tab chosen and painted, until the parent has taken it (or refused it).
  const [chosen, choose] = usePaintFirst(onSelect)
  const current = chosen ?? selected

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = tabs.filter((t) => !t.disabled)
    const index = enabled.findIndex((t) => t.key === current)
    const last = enabled.length - 1
    const next = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowDown: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      ArrowUp: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const target = enabled[next]
    if (!target) return
    choose(target.key)
    refs.current.get(target.key)?.focus()
  }

  return (
    <div className={own ? own.root : variant === 'primary' ? styles.tabs : styles.nested}>
      {/* The arrow keys move between the tabs (WAI-ARIA tabs pattern): the tabs take focus. */}
      {/* eslint-disable-next-line jsx-a11y-x/interactive-supports-focus */}
      <div
        role="tablist"
        aria-label={label}
        className={own ? own.list : styles.list}
        onKeyDown={move}
      >
        {tabs.map((tab) => {
          const isSelected = tab.key === current
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
              disabled={tab.disabled}
              className={own ? own.tab : styles.tab}
              onClick={() => {
                if (tab.key !== current) choose(tab.key)
              }}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      <div
        ref={panelRef}
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        // WAI-ARIA tabs pattern: a panel with nothing focusable inside is a tab stop itself.
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
        tabIndex={panelFocusable ? 0 : undefined}
        className={own ? own.panel : styles.panel}
      >
        {children}
      </div>
    </div>
  )
}
