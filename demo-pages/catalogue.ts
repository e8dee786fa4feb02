/**
 * The widget catalogue for content editors (`/`, built to `dist-demo/catalogue.js`), generated from
 * the registry: per widget its description, an attribute table, a live example (the tag is
 * inserted into the page and the runtime's MutationObserver mounts it) and the tag to copy.
 * The DOM is built with createElement/textContent only: nothing from a definition is parsed as
 * HTML into the page.
 */
import { documentWidget, type WidgetDoc } from '../mount/catalogue'
import { registry } from '../mount/registry'
import type { AnyWidgetDefinition } from '../src/props/schema'
import { NAVIGATE_EVENT, type NavigateDetail } from '../src/session/redirect'
import styles from './catalogue.css?inline'

type Children = (Node | string | null)[]

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Children
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value)
  for (const child of children) if (child !== null) el.append(child)
  return el
}

function attributeTable({ name, attributes: rows }: WidgetDoc): HTMLElement {
  if (rows.length === 0) return h('p', {}, 'No attributes: the tag alone is enough.')
  const headers = ['Attribute', 'Type', 'Default', 'Allowed values', 'Required', 'Description']
  // On narrow screens the table scrolls sideways: keyboard users can focus it to scroll.
  return h(
    'div',
    {
      class: 'table-scroll',
      tabindex: '0',
      role: 'group',
      'aria-label': `Attributes of ${name}, scrollable`,
    },
    h(
      'table',
      {},
      h('caption', {}, `Attributes of ${name}`),
      h('thead', {}, h('tr', {}, ...headers.map((text) => h('th', { scope: 'col' }, text)))),
      h(
        'tbody',
        {},
        ...rows.map((row) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, h('code', {}, row.attribute)),
            h('td', {}, row.type),
            h('td', {}, row.defaultValue ? h('code', {}, row.defaultValue) : '—'),
            h('td', {}, row.allowed || '—'),
            h('td', {}, row.required ? 'yes' : 'no'),
            h('td', {}, row.doc),
          ),
        ),
      ),
    ),
  )
}

/**
 * Turn the definition's example tag into a fresh element: the markup is parsed in an inert
 * document and only the tag name and its `data-*` attributes are copied.
 */
export function exampleElement(example: string): HTMLElement | null {
  const parsed = new DOMParser().parseFromString(example, 'text/html').body.firstElementChild
  if (!parsed) return null
  const el = document.createElement(parsed.tagName.toLowerCase() === 'span' ? 'span' : 'div')
  for (const { name, value } of [...parsed.attributes]) {
    if (name.startsWith('data-')) el.setAttribute(name, value)
  }
  return el.hasAttribute('data-widget') ? el : null
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No clipboard API (insecure context, permission denied): the old selection trick.
    const area = h('textarea', { readonly: '', 'aria-hidden': 'true', class: 'copy-buffer' })
    area.value = text
    document.body.append(area)
    area.select()
    try {
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the fallback where the Clipboard API is refused
      return document.execCommand('copy')
    } catch {
      return false
    } finally {
      area.remove()
    }
  }
}

function copyBlock({ name, example }: WidgetDoc): HTMLElement {
  const code = h('code', {}, example)
  const status = h('span', { class: 'copy-status', role: 'status' })
  const button = h('button', { type: 'button' }, 'Copy')
  button.setAttribute('aria-label', `Copy the ${name} tag`)
  button.addEventListener('click', () => {
    void copyText(example).then((ok) => {
      status.textContent = ok ? 'Copied' : 'Copy failed: select the tag and press Ctrl+C'
      if (!ok) getSelection()?.selectAllChildren(code)
    })
  })
  return h('div', { class: 'copy' }, h('pre', {}, code), button, status)
}

function widgetSection(definition: AnyWidgetDefinition): HTMLElement {
  const id = `widget-${definition.name}`
  const doc = documentWidget(definition)
  const example = exampleElement(doc.example)
  return h(
    'section',
    { class: 'widget-entry', id, 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title` }, definition.name),
    h('p', {}, doc.description),
    h('h3', {}, 'Attributes'),
    attributeTable(doc),
    h('h3', {}, 'Tag'),
    copyBlock(doc),
    h('h3', {}, 'Live example'),
    h(
      'div',
      { class: 'example', 'data-example-for': definition.name },
      example ?? h('p', {}, 'This definition has no usable example tag.'),
    ),
  )
}

/**
 * Some widgets drive their page (reset-password goes home when the link has no email, logout goes
 * home). Their live examples must not take the catalogue away, in any engine:
 * - a widget's redirect is announced by the library with a cancelable `wine-widgets:navigate`
 *   event from the widget's element (`src/session/redirect.ts`): the catalogue cancels those that
 *   come from its examples;
 * - where the Navigation API exists, a script navigation the visitor did not start (a service's
 *   own redirect, such as a payment provider's) is cancelled too.
 * It is reported in the live region only once the visitor has used the page (a press or a key):
 * the redirect an example makes while mounting is cancelled quietly, so the catalogue does not
 * open on a notice about something nobody did.
 */
function keepCatalogueInPlace(examples: HTMLElement, announce: (message: string) => void): void {
  let used = false
  const markUsed = () => {
    used = true
  }
  window.addEventListener('pointerdown', markUsed, { capture: true, once: true })
  window.addEventListener('keydown', markUsed, { capture: true, once: true })
  const stay = (url: string) => {
    if (used) announce(`A live example tried to open ${url}; the catalogue stays here.`)
  }
  examples.addEventListener(NAVIGATE_EVENT, (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-example-for]')) return
    event.preventDefault()
    // Dispatched by the library as a CustomEvent with this detail (src/session/redirect.ts).
    const { url } = (event as CustomEvent<NavigateDetail>).detail
    stay(new URL(url, window.location.href).href)
  })
  const navigation = (window as { navigation?: EventTarget }).navigation
  navigation?.addEventListener('navigate', (event) => {
    // Read as a plain EventTarget (not every browser has window.navigation): this is its navigate event.
    const e = event as NavigateEvent
    if (e.userInitiated || e.navigationType === 'traverse' || !e.cancelable) return
    e.preventDefault()
    stay(e.destination.url)
  })
}

export function renderCatalogue(container: HTMLElement, definitions = registry): void {
  const style = h('style', { 'data-catalogue-styles': '' })
  style.textContent = styles
  document.head.append(style)
  const toc = h(
    'nav',
    { 'aria-label': 'Widgets', class: 'toc' },
    h(
      'ul',
      {},
      ...definitions.map((d) => h('li', {}, h('a', { href: `#widget-${d.name}` }, d.name))),
    ),
  )
  const notice = h('p', { class: 'catalogue-notice', role: 'status' })
  keepCatalogueInPlace(container, (message) => {
    notice.textContent = message
  })
  container.replaceChildren(toc, notice, ...definitions.map(widgetSection))
}

const container = document.getElementById('catalogue')
if (container) renderCatalogue(container)
