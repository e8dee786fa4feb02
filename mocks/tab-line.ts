import type { TabLink } from '../src/store/tab-link'

/**
 * Simulated tabs of one browser joined on one line, for unit tests: `join()` gives each tab its
 * link; a post reaches every other tab at once, cloned as BroadcastChannel clones it.
 */
export function tabLine(): () => TabLink {
  const handlers = new Map<number, (m: unknown) => void>()
  let next = 0
  return () => {
    const id = next++
    return {
      post: (message) =>
        handlers.forEach((h, other) => {
          if (other !== id) h(structuredClone(message))
        }),
      listen: (handler) => {
        handlers.set(id, handler)
        return () => handlers.delete(id)
      },
      close: () => handlers.delete(id),
    }
  }
}
