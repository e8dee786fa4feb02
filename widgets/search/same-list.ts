import { useState } from 'react'

/**
 * `items`, or the list this returned before while every item is the same as its counterpart
 * there (`same`). InstantSearch hands each connector a new list at every render, also when only
 * the instance's status moved (idle, loading, stalled: twice for each search): a list that keeps
 * its identity lets React skip what is drawn from it (the cards, the checkboxes).
 */
export function useSameList<T>(items: readonly T[], same: (a: T, b: T) => boolean): readonly T[] {
  const [kept, setKept] = useState(items)
  if (kept === items) return kept
  const unchanged =
    kept.length === items.length &&
    items.every((item, i) => {
      const before = kept[i]
      return before !== undefined && same(item, before)
    })
  if (unchanged) return kept
  // Adjusting state while rendering, as React's docs recommend: the next render starts from it.
  setKept(items)
  return items
}
