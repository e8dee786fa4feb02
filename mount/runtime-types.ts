import type { Locale } from '../src/domain/types'
import type { AnyWidgetDefinition, PropsSchema } from '../src/props/schema'
import type { isCutShort, isLoadFailure } from '../src/report/page-leave'
import type { reportError } from '../src/report/report'
import type { PlacedWidgets } from '../src/ui/widget-tag/WidgetTag'

/** A mounted widget: what the runtime needs to take it down again. */
export interface MountedRoot {
  unmount(): void
}

/** Renders a loaded widget into its element (the React part, loaded lazily). */
export type Renderer = (args: {
  element: HTMLElement
  definition: AnyWidgetDefinition
  props: Record<string, unknown>
  locale: Locale
  /** For widgets that place other widgets' tags (src/ui/widget-tag). */
  widgets: PlacedWidgets
}) => Promise<MountedRoot>

/** How the runtime reports a failure and tells a load the page cut short (src/report). */
export interface FailureTools {
  reportError: typeof reportError
  isCutShort: typeof isCutShort
  isLoadFailure: typeof isLoadFailure
}

export interface RuntimeOptions {
  registry: readonly AnyWidgetDefinition[]
  render: Renderer
  /**
   * The failure tools, loaded when first needed: the entry passes its dynamic import of
   * src/page/page-base.ts (never a static one: the entry would wait for that chunk before it
   * could request any widget's code).
   */
  failures: () => Promise<FailureTools>
  /**
   * Every widget's attribute schema, by name (mount/schemas.ts, in the page base): the library
   * build's definitions carry none (build/schema-split.ts), so the entry does not grow with them.
   * Not needed where the definitions hold their schemas (tests, the dev server).
   */
  schemas?: () => Promise<Readonly<Record<string, PropsSchema>>>
  /**
   * Called for a tag that loads at once while its schema is still on its way: the entry requests
   * the widget's code and texts then, beside the page base, not after it.
   */
  early?: (tag: { definition: AnyWidgetDefinition; locale: Locale }) => void
  /** Show errors in place (demo pages). */
  showErrors?: () => boolean
  root?: Document
}

export interface Runtime {
  start(): void
  stop(): void
  /** Mount every widget tag in `el` (itself included), or in the whole document. */
  mount(el?: Element): Promise<void>
  /** Unmount every widget in `el` (itself included), or all of them. */
  unmount(el?: Element): void
  /** Resolves when every widget whose loading has started is mounted or failed. */
  ready(): Promise<void>
}
