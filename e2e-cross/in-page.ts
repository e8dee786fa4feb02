/**
 * What the harness puts in every demo page, before any page script (the proxy in `server.ts`
 * inserts it as the first script of <head>): a console recorder and a small role/name finder.
 *
 * WebKit's WebDriver (WebKitWebDriver, classic protocol, no BiDi) has no console events and no
 * "add script before the page" command, so both engines use this same recorder: console errors and
 * warnings, uncaught errors and unhandled rejections go to sessionStorage (it survives the
 * navigations of one tab) and the tests read them back.
 *
 * The function is serialised with `toString()`: it must not use anything from outside its body.
 */
export function installCross(): void {
  const KEY = '__cross:console'
  const w = window as unknown as { __cross?: unknown }
  if (w.__cross) return

  const show = (value: unknown): string => {
    if (value instanceof Error) return `${value.name}: ${value.message}`
    if (typeof value === 'string') return value
    try {
      // JSON.stringify gives undefined for undefined and functions, whatever its type says.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      return JSON.stringify(value) ?? String(value)
    } catch {
      return String(value)
    }
  }
  const record = (type: string, text: string) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown[]
      // Where the page stood, for a failure seen once in a hundred runs: a request that escaped
      // the demo's mock worker fails as a network error.
      const worker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null
      const controlled = worker ? 'controlled' : 'not controlled'
      const at = `${Math.round(performance.now())} ms in, ${controlled}, ${document.readyState}`
      list.push({ type, text, path: location.pathname, at })
      sessionStorage.setItem(KEY, JSON.stringify(list))
    } catch {
      // Storage full or denied: the message is still in the browser's own console.
    }
  }
  for (const type of ['error', 'warn'] as const) {
    const original = console[type]
    console[type] = function (...args: unknown[]) {
      record(type, args.map(show).join(' '))
      original.apply(this, args)
    }
  }
  addEventListener('error', (e) => record('error', `pageerror: ${e.message}`))
  addEventListener('unhandledrejection', (e) =>
    record('error', `unhandledrejection: ${show(e.reason)}`),
  )

  /** Implicit roles (elements without a role attribute). */
  const IMPLICIT: Record<string, string> = {
    alert: 'output[role=alert]',
    article: 'article',
    button:
      'button, input[type=button], input[type=submit], input[type=reset], input[type=image], summary',
    checkbox: 'input[type=checkbox]',
    combobox: 'select:not([multiple]):not([size])',
    complementary: 'aside',
    dialog: 'dialog',
    group: 'fieldset, details, optgroup',
    heading: 'h1, h2, h3, h4, h5, h6',
    link: 'a[href], area[href]',
    list: 'ul, ol, menu',
    listbox: 'select[multiple], select[size], datalist',
    listitem: 'li',
    option: 'option',
    radio: 'input[type=radio]',
    region: 'section[aria-label], section[aria-labelledby]',
    searchbox: 'input[type=search]',
    spinbutton: 'input[type=number]',
    status: 'output',
    textbox:
      'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], input[type=password], textarea',
  }
  /** Roles whose accessible name comes from their content. */
  const NAME_FROM_CONTENT = new Set([
    'button',
    'link',
    'heading',
    'tab',
    'option',
    'checkbox',
    'radio',
    'menuitem',
    'listitem',
    'cell',
    'switch',
  ])

  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()
  // `hidden` is not enough: a stylesheet may show a hidden element (the search's refinements).
  // An inert subtree (the page behind a modal) is out of the accessibility tree, as for
  // Playwright's role queries, and takes no click.
  const hiddenForA11y = (el: Element) => !!el.closest('[aria-hidden="true"], [inert]')
  const visible = (el: Element): boolean => {
    if (hiddenForA11y(el)) return false
    const check = (el as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility
    // Missing in older WebKitGTK, whatever the DOM types say.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (check) return check.call(el, { visibilityProperty: true })
    return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
  }
  const roleOf = (el: Element): string | null => {
    const explicit = el.getAttribute('role')?.split(/\s+/)[0]
    if (explicit) return explicit
    for (const [role, selector] of Object.entries(IMPLICIT)) if (el.matches(selector)) return role
    return null
  }
  const textOf = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
    if (!(node instanceof Element)) return ''
    if (node.getAttribute('aria-hidden') === 'true') return ''
    if (getComputedStyle(node).display === 'none') return ''
    const label = node.getAttribute('aria-label')
    if (label) return ` ${label} `
    if (node instanceof HTMLImageElement) return ` ${node.alt} `
    if (node instanceof HTMLInputElement || node instanceof HTMLSelectElement) return ''
    const inner = [...node.childNodes].map(textOf).join('')
    const block = getComputedStyle(node).display !== 'inline'
    return block ? ` ${inner} ` : inner
  }
  const nameOf = (el: Element): string => {
    const by = el.getAttribute('aria-labelledby')
    if (by)
      return norm(
        by
          .split(/\s+/)
          .map((id) => textOf(document.getElementById(id) ?? document.createTextNode('')))
          .join(' '),
      )
    const label = el.getAttribute('aria-label')
    if (label) return norm(label)
    const labels = (el as HTMLInputElement).labels
    if (labels && labels.length > 0) return norm([...labels].map(textOf).join(' '))
    if (el instanceof HTMLFieldSetElement) {
      const legend = el.querySelector(':scope > legend')
      if (legend) return norm(textOf(legend))
    }
    if (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(el.type))
      return norm(el.value)
    if (el instanceof HTMLImageElement) return norm(el.alt)
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)
      return norm(el.title || el.placeholder)
    const role = roleOf(el)
    if (role && NAME_FROM_CONTENT.has(role)) return norm(textOf(el))
    return norm(el.getAttribute('title'))
  }

  type Matcher = string | { source: string; flags: string }
  const matches = (actual: string, want: Matcher, exact?: boolean): boolean => {
    if (typeof want !== 'string') return new RegExp(want.source, want.flags).test(actual)
    return exact ? actual === want : actual.toLowerCase().includes(want.toLowerCase())
  }

  interface Query {
    within?: Query
    css?: string
    role?: string
    name?: Matcher
    text?: Matcher
    exact?: boolean
    hasText?: Matcher
    index?: number
    includeHidden?: boolean
  }
  const findAll = (q: Query): Element[] => {
    const roots: ParentNode[] = q.within ? findAll(q.within).slice(0, 1) : [document]
    const out: Element[] = []
    for (const root of roots) {
      let candidates: Element[]
      if (q.css) candidates = [...root.querySelectorAll(q.css)]
      else if (q.role) {
        const selector = [`[role~="${q.role}"]`, IMPLICIT[q.role]].filter(Boolean).join(', ')
        candidates = [...root.querySelectorAll(selector)].filter((el) => roleOf(el) === q.role)
      } else if (q.text !== undefined) {
        // The innermost elements whose text matches.
        const all = [...root.querySelectorAll('*')].filter((el) =>
          matches(norm(textOf(el)), q.text!, q.exact),
        )
        candidates = all.filter((el) => !all.some((other) => other !== el && el.contains(other)))
      } else candidates = [...root.querySelectorAll('*')]
      if (q.role && q.name !== undefined)
        candidates = candidates.filter((el) => matches(nameOf(el), q.name!, q.exact))
      if (q.hasText !== undefined)
        candidates = candidates.filter((el) => matches(norm(textOf(el)), q.hasText!))
      if (!q.includeHidden) candidates = candidates.filter(visible)
      out.push(...candidates)
    }
    return q.index === undefined ? out : out.slice(q.index, q.index + 1)
  }

  w.__cross = {
    findAll,
    find: (q: Query) => findAll(q)[0] ?? null,
    count: (q: Query) => findAll(q).length,
    text: (q: Query) => {
      const el = findAll(q)[0]
      return el ? norm(textOf(el)) : null
    },
    name: nameOf,
    console: () => JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown[],
    clearConsole: () => sessionStorage.removeItem(KEY),
  }
}
