/** A short CSS-like description of an element for console messages: `div#hero.promo[data-widget="slider"]`. */
export function describeElement(el: Element): string {
  const id = el.id ? `#${el.id}` : ''
  const cls = [...el.classList]
    .slice(0, 2)
    .map((c) => `.${c}`)
    .join('')
  const widget = el.getAttribute('data-widget')
  return `${el.tagName.toLowerCase()}${id}${cls}[data-widget="${widget ?? ''}"]`
}
