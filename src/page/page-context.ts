/**
 * The page context: everything a page holds once (the store, the bus, the query cache, the
 * config, the CSRF token, the session service, the payment controller, the loaded services)
 * lives in one object per page instead of module-level variables.
 *
 * - A module declares what it keeps per page with `pageSlot(create)`; the value is created on
 *   first use, in the current page, and `slot.get()` reads it there.
 * - The library opens its page once, when the entry starts (`mount/index.ts`); every widget
 *   root receives that page through `WidgetTree` (`PageProvider`, `usePage()` in ./use-page), so
 *   a component reads the page it was rendered in. (No React here: the entry uses this module.)
 * - Tests open a fresh page (`openPage()`) between tests instead of resetting module by module:
 *   the old page is closed (its session service and payment stop, its query cache is cleared)
 *   and nothing of it reaches the next test.
 */
export class PageContext {
  readonly #values = new Map<object, unknown>()
  readonly #closers: (() => void)[] = []
  #closed = false

  /** This page's value of `slot`, created on first use. */
  read<T>(slot: PageSlot<T>): T {
    if (this.#values.has(slot)) return this.#values.get(slot) as T // stored by the same slot
    const value = slot.create(this)
    this.#values.set(slot, value)
    if (slot.close) {
      const close = slot.close
      this.#closers.push(() => close(value))
    }
    return value
  }

  get closed(): boolean {
    return this.#closed
  }

  /** Ends the page: what its slots started stops (last created, first closed). */
  close(): void {
    if (this.#closed) return
    this.#closed = true
    for (const close of this.#closers.reverse()) close()
  }
}

export interface PageSlot<T> {
  readonly create: (page: PageContext) => T
  readonly close?: (value: T) => void
  /** The value in the current page. */
  get(): T
  /** The value in `page`. */
  of(page: PageContext): T
}

/**
 * Something a page holds once: `create` makes it on first use in a page (it may read other
 * slots of the same page), `close` ends it when the page closes. Keep mutable state in the
 * value (an object), not in the module.
 */
export function pageSlot<T>(
  create: (page: PageContext) => T,
  close?: (value: T) => void,
): PageSlot<T> {
  const slot: PageSlot<T> = {
    create,
    ...(close && { close }),
    get: () => current.read(slot),
    of: (page) => page.read(slot),
  }
  return slot
}

let current = new PageContext()

/** The page the library runs in. */
export const currentPage = (): PageContext => current

/**
 * Opens a fresh page and makes it current, closing the previous one: the entry does it once;
 * tests do it between tests (mocks/vitest-setup.ts) and to simulate a page load.
 */
export function openPage(): PageContext {
  current.close()
  current = new PageContext()
  return current
}
