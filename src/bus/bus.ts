import { reportError } from '../report/report'
import type { BusEventName, BusEvents } from './events'
import { pageSlot, type PageContext } from '../page/page-context'

type Handler<K extends BusEventName> = (payload: BusEvents[K]) => void

export const DOM_EVENT_PREFIX = 'wine-widgets:'

export interface Bus {
  emit<K extends BusEventName>(name: K, payload: BusEvents[K]): void
  on<K extends BusEventName>(name: K, handler: Handler<K>): () => void
}

/**
 * Typed in-page event bus. Handlers run synchronously in subscription order; one throwing
 * handler is reported and does not stop the others (one broken widget never takes another down).
 */
// No window in node (tests, server rendering), whatever the DOM types say.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
export function createBus(target: EventTarget | null = globalThis.window ?? null): Bus {
  const handlers = new Map<BusEventName, Set<Handler<never>>>()
  return {
    emit(name, payload) {
      const set = handlers.get(name)
      set?.forEach((h) => {
        try {
          // Handlers are stored by name (`on` typed each one for its name), so this is its type.
          ;(h as Handler<typeof name>)(payload)
        } catch (error) {
          reportError({ area: 'events', message: `A "${name}" listener failed`, error })
        }
      })
      target?.dispatchEvent(new CustomEvent(DOM_EVENT_PREFIX + name, { detail: payload }))
    },
    on(name, handler) {
      let set = handlers.get(name)
      if (!set) {
        set = new Set()
        handlers.set(name, set)
      }
      set.add(handler)
      return () => {
        set.delete(handler)
      }
    },
  }
}

const pageBus = pageSlot(() => createBus())

/** The page's one bus, shared by every widget root. */
export const getBus = (): Bus => pageBus.get()

/** The bus of `page`. */
export const busOf = (page: PageContext): Bus => pageBus.of(page)
