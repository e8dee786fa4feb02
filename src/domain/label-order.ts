/**
 * A comparator of facet names by their shown label in a locale's collation, for the refinement
 * lists' `sortBy`: InstantSearch sorts every list's values again on each answer (each
 * keystroke), and a collation compare with a label lookup per comparison was the largest of our
 * costs in a keystroke's script. Each name's label is read once, and its place among the names
 * seen so far is found once (a binary search in the collation); after that a comparison is a
 * subtraction. A new name is inserted in order, so names already placed keep their relative
 * order: the comparator stays consistent even when a new name arrives in the middle of a sort.
 * Names with equal labels are ordered by code point.
 */
export function labelOrder(
  collator: Intl.Collator,
  labelOf: (name: string) => string,
): (a: string, b: string) => number {
  const sorted: { name: string; label: string }[] = []
  const rank = new Map<string, number>()
  const compare = (
    x: { name: string; label: string },
    y: { name: string; label: string },
  ): number =>
    collator.compare(x.label, y.label) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0)
  const place = (name: string): number => {
    const known = rank.get(name)
    if (known !== undefined) return known
    const entry = { name, label: labelOf(name) }
    let low = 0
    let high = sorted.length
    while (low < high) {
      const middle = (low + high) >> 1
      const other = sorted[middle]
      if (other && compare(other, entry) < 0) low = middle + 1
      else high = middle
    }
    sorted.splice(low, 0, entry)
    sorted.slice(low).forEach((placed, i) => rank.set(placed.name, low + i))
    return low
  }
  return (a, b) => {
    const x = place(a)
    const y = place(b)
    // `place(b)` may have moved `a` up by one: read it again.
    return (rank.get(a) ?? x) - y
  }
}
