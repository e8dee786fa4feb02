/**
 * A fake `navigator.locks` with the Web Locks semantics the payment relies on: one exclusive
 * holder per name at a time, the next one granted when the previous callback's promise settles
 * (fulfilled or rejected), different names independent. It records every name asked for, and
 * says how many requests wait for a lock another holder has (`waiting()`, or `untilWaiting(n)`:
 * a promise that resolves once n requests wait). `{ ifAvailable: true }` gives the callback null
 * at once when the name is held; `query()` lists the names held.
 */
export function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>()
  const names: string[] = []
  let waiting = 0
  const waiters = new Set<{ count: number; resolve: () => void }>()
  const wake = () => {
    for (const waiter of waiters)
      if (waiting >= waiter.count) {
        waiters.delete(waiter)
        waiter.resolve()
      }
  }
  const held = new Set<string>()
  const locks = {
    request<T>(
      name: string,
      ...args:
        | [(lock: { name: string } | null) => Promise<T>]
        | [{ ifAvailable?: boolean }, (lock: { name: string } | null) => Promise<T>]
    ): Promise<T> {
      const [options, callback] = args.length === 2 ? args : [{}, args[0]]
      names.push(name)
      const previous = tails.get(name)
      if (previous && options.ifAvailable) return callback(null)
      if (previous) {
        waiting += 1
        wake()
      }
      const granted = async () => {
        if (previous) waiting -= 1
        held.add(name)
        try {
          return await callback({ name })
        } finally {
          held.delete(name)
        }
      }
      const run = (previous ?? Promise.resolve()).then(granted, granted)
      const tail = run.catch(() => undefined)
      tails.set(name, tail)
      // The last holder done: the name is free again (a new request is granted at once).
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name)
      })
      return run
    },
    query: () => Promise.resolve({ held: [...held].map((name) => ({ name })), pending: [] }),
  }
  const untilWaiting = (count: number) =>
    new Promise<void>((resolve) => {
      waiters.add({ count, resolve })
      wake()
    })
  return { locks, names, waiting: () => waiting, untilWaiting }
}
