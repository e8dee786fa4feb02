/**
 * A list of listeners and the call that tells them: what the store, the payment run and hold, the
 * catalogue check, the search modal's owner, the first search and the tab link each kept as a
 * hand-written `Set`. TanStack Query's `Subscribable` has the same shape (a set, `subscribe`
 * returning its undo), but as a base class without a `notify` and not exported by query-core's
 * entry (docs/decisions.md).
 *
 * Listeners are called in subscription order; one that subscribes during a `notify` is called by
 * it too, one that unsubscribes is not. `subscribe` needs no `this` (it is passed to
 * `useSyncExternalStore` as it is).
 */
export interface Subscribable<Args extends unknown[] = []> {
  /** Adds `listener` (once, however often it is given); returns the function that removes it. */
  subscribe: (listener: (...args: Args) => void) => () => void
  notify: (...args: Args) => void
  /** Removes every listener (the thing told is closed). */
  clear: () => void
}

export function createSubscribable<Args extends unknown[] = []>(): Subscribable<Args> {
  const listeners = new Set<(...args: Args) => void>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    notify(...args) {
      for (const listener of listeners) listener(...args)
    },
    clear() {
      listeners.clear()
    },
  }
}
