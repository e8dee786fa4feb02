/**
 * The library entry (`dist/wine-widgets.js`). It holds only the runtime that scans the page and
 * the widget registry (names, prop schemas, lazy imports): React and each widget's code load only
 * when a tag that needs them is on the page.
 */
import { readConfig } from '../src/config/config'
import { getBus } from '../src/bus/bus'
import { registry } from './registry'
import { createRuntime, type Renderer } from './runtime'

const render: Renderer = async (args) => (await import('./root')).render(args)

const runtime = createRuntime({
  registry,
  render,
  showErrors: () => readConfig().config.demo,
})

export interface WineWidgetsApi {
  /** Mount every widget tag inside `el` (itself included), or in the whole page. */
  mount(el?: Element): Promise<void>
  /** Unmount every widget inside `el` (itself included), or all of them. */
  unmount(el?: Element): void
  /** Resolves when every widget that started loading has mounted (or failed). */
  ready(): Promise<void>
  /** Subscribe to a bus event; returns the unsubscribe function. */
  on: ReturnType<typeof getBus>['on']
  /** The registered widget names. */
  readonly widgets: readonly string[]
  readonly version: string
}

declare global {
  interface Window {
    WineWidgets?: WineWidgetsApi
  }
}

if (!window.WineWidgets) {
  window.WineWidgets = {
    mount: (el) => runtime.mount(el),
    unmount: (el) => runtime.unmount(el),
    ready: () => runtime.ready(),
    on: (name, handler) => getBus().on(name, handler),
    widgets: registry.map((d) => d.name),
    version: __WINE_WIDGETS_VERSION__,
  }
  readConfig()
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => runtime.start(), { once: true })
  } else {
    runtime.start()
  }
  window.dispatchEvent(new CustomEvent('wine-widgets:ready'))
}
