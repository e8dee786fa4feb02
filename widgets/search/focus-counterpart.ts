/**
 * The preview and the panel draw the same frame (PanelFrame) and the same first wines: a button
 * is known by its name, a wine by its link. What the shopper focused in the preview is focused
 * again in the panel that replaces it.
 */
export function focusKey(element: Element | null): string | null {
  if (element instanceof HTMLAnchorElement) return `a ${element.getAttribute('href') ?? ''}`
  if (element instanceof HTMLButtonElement)
    return `button ${element.getAttribute('aria-label') ?? element.textContent}`
  // The search field, or nothing known: the panel's field takes the focus.
  return null
}

/** The element under `root` that `key` names, or null. */
export function findByFocusKey(root: ParentNode, key: string): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>('a[href], button'))
    if (focusKey(element) === key) return element
  return null
}
