import { createContext, useContext, useEffect, useRef } from 'react'

/**
 * What a widget may ask of the runtime about other widgets (docs/architecture.md, "The mount runtime and the registry"):
 * whether a widget exists in this build, and to mount the tags it placed. Given to every root by
 * the runtime (mount/root.tsx); outside a page (a test without it) no widget is available.
 */
export interface PlacedWidgets {
  has(widget: string): boolean
  mount(element: Element): Promise<void>
}

/** Outside a page: no other widget. */
export const NO_PLACED_WIDGETS: PlacedWidgets = { has: () => false, mount: () => Promise.resolve() }

export const PlacedWidgetsContext = createContext<PlacedWidgets>(NO_PLACED_WIDGETS)

/** Whether the runtime knows this widget (e.g. search offers the sommelier only if it exists). */
export function useWidgetAvailable(widget: string): boolean {
  return useContext(PlacedWidgetsContext).has(widget)
}

export interface WidgetTagProps {
  widget: string
  /** Its attributes without the `data-` prefix, e.g. `{ collection: 'grapes' }`; undefined: left out. */
  attributes?: Readonly<Record<string, string | undefined>>
  className?: string
}

/**
 * Another widget placed inside this one: the same tag an editor writes, mounted by the runtime
 * as soon as it is in the page (one root of its own, its own error boundary), and taken down
 * with it. The one way a widget shows another: a widget never imports another widget.
 */
export function WidgetTag({ widget, attributes = {}, className }: WidgetTagProps) {
  const widgets = useContext(PlacedWidgetsContext)
  const tag = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (tag.current) void widgets.mount(tag.current)
  }, [widgets])
  const data = Object.fromEntries(
    Object.entries(attributes).flatMap(([name, value]) =>
      value === undefined ? [] : [[`data-${name}`, value]],
    ),
  )
  return <div ref={tag} data-widget={widget} className={className} {...data} />
}
