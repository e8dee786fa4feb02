/**
 * "Did you mean" for widget tags: an attribute that is a near typo of one the widget knows
 * (`data-intervall`), and a required attribute missing beside such a typo (`data-odoo-cod`).
 * Out of the entry on purpose (it has no byte to spare): the runtime reports through the page
 * base, and the renderers check a mounted tag here, both once the page base has loaded.
 */
import type { AnyWidgetDefinition } from './schema'
import { closest } from '../domain/closest'
import { reportError, type ErrorReport } from '../report/report'

/**
 * What every tag understands (docs/embedding.md, "Attributes every tag understands"), and the marks the
 * runtime (mount/runtime.ts) writes on tags itself: known to all widgets.
 */
export const SHARED_ATTRIBUTES = [
  'data-widget',
  'data-locale',
  'data-load',
  'data-widget-error',
  'data-widget-mounted',
] as const

/**
 * `odooCode` → `data-odoo-code`, as ./parse.ts `attributeName` does. Not imported from
 * there: that module is in the entry, which would then have to export it (no byte to spare).
 */
const attributeOf = (prop: string) => 'data-' + prop.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())

/** Every attribute `definition`'s tag understands. */
export const knownAttributes = (definition: AnyWidgetDefinition): string[] => [
  ...SHARED_ATTRIBUTES,
  ...Object.keys(definition.props).map(attributeOf),
]

const dataAttributes = (element: Element) =>
  [...element.attributes].map((a) => a.name).filter((name) => name.startsWith('data-'))

/**
 * Warns once per attribute of a mounted tag that is not the widget's but a near typo of one of
 * its attributes (demo pages show it beside the tag). Other `data-*` attributes are the host's
 * own (analytics, tests) and pass silently.
 */
export function checkAttributes(element: HTMLElement, definition: AnyWidgetDefinition): void {
  const known = knownAttributes(definition)
  for (const name of dataAttributes(element)) {
    if (known.includes(name)) continue
    const near = closest(name, known)
    if (!near) continue
    reportError({
      widget: definition.name,
      area: 'mount',
      message: `${definition.name}: unknown attribute ${name}; did you mean ${near}?`,
      level: 'warn',
      logged: [element],
      element,
    })
  }
}

/** A tag's attribute problem, as the runtime throws it (./parse.ts `PropError`). */
const attributeProblem = (error: unknown): string | null =>
  error instanceof Error &&
  error.name === 'PropError' &&
  'attribute' in error &&
  typeof error.attribute === 'string'
    ? error.attribute
    : null

/**
 * The error report as the entry uses it (the page base exports it as `reportError`): a tag that
 * lacks an attribute while it carries a near typo of it (`data-odoo-cod` for `data-odoo-code`)
 * says "did you mean", in the console and in the message demo pages show in its place, and so
 * does a misspelt widget name (`data-widget="gitbox"`). Its other
 * `data-*` attributes cannot be the widget's own spelt right: no widget has two attributes this
 * close (tag-hints.test.ts checks the registry).
 */
export function reportWithHints(report: ErrorReport): void {
  const [element] = report.logged ?? []
  const missing = attributeProblem(report.error)
  if (report.area !== 'mount' || !(element instanceof Element) || missing === null) {
    reportError(report)
    return
  }
  const hint =
    missing === 'data-widget' ? widgetHint(element, report.message) : tagHint(element, missing)
  if (!hint) {
    reportError(report)
    return
  }
  // Demo pages show the runtime's message in the tag (mount/runtime.ts): it gets the hint too.
  const shown = element.querySelector(':scope > p[role="alert"]')
  if (shown) shown.textContent += hint
  reportError({ ...report, message: report.message + hint })
}

/** ` (the tag has data-odoo-cod: did you mean data-odoo-code?)`, or null. */
function tagHint(element: Element, missing: string): string | null {
  const present = dataAttributes(element).filter(
    (name) => !(SHARED_ATTRIBUTES as readonly string[]).includes(name),
  )
  const typo = element.hasAttribute(missing) ? null : closest(missing, present)
  return typo ? ` (the tag has ${typo}: did you mean ${missing}?)` : null
}

/**
 * `; did you mean "giftbox"?` for `data-widget="gitbox"`, or null. The runtime's message lists
 * the widgets it knows (`(known: a, b)`): the entry keeps no second list for this.
 */
function widgetHint(element: Element, message: string): string | null {
  const known = /\(known: ([^)]*)\)/.exec(message)?.[1]?.split(', ') ?? []
  const near = closest(element.getAttribute('data-widget') ?? '', known)
  return near ? `; did you mean "${near}"?` : null
}
