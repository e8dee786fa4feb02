export const SELECTOR = '[data-widget]'

/** The widget tags in `el`, itself included. */
export function tagsWithin(el: Element): HTMLElement[] {
  const found = [...el.querySelectorAll<HTMLElement>(SELECTOR)]
  // Widget tags are HTML elements (the pages are HTML); querySelectorAll above says the same.
  return el.matches(SELECTOR) ? [el as HTMLElement, ...found] : found
}
