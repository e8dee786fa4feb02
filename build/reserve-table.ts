/**
 * The "Reserved space" table of docs/embedding.md, read from the reserve stylesheet itself
 * (mount/reserve.css and every widgets/<name>/reserve.css), so the table cannot drift from the
 * boxes the page really keeps. The numbers come from the CSS; what a box holds, which a
 * stylesheet cannot say, comes from the `reserve` text of each widget's docs.json.
 *
 * The reader knows only what these files use: rules at the top level or in one `@media (width …)`
 * level, selectors on the tag itself (`[data-widget='x']` with attribute and `:not([…])`
 * qualifiers) or its `::before`, custom properties with `var()` fallbacks, and sums of rem in
 * `calc()`. Anything it cannot read on a tag's own box is an error, not a silent wrong row.
 */

/** Widgets that take no room in the page: the consent banner floats over it. */
export const FLOATING: ReadonlySet<string> = new Set(['consent'])

interface Rule {
  selectors: string[]
  media: string | undefined
  declarations: [property: string, value: string][]
}

/** Index of the parenthesis or brace closing the one opened at `open`. */
function closing(text: string, open: number): number {
  const [start, end] = text[open] === '{' ? ['{', '}'] : ['(', ')']
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === start) depth++
    else if (text[i] === end && --depth === 0) return i
  }
  throw new Error(`reserve table: unbalanced ${start} in "${text.slice(open, open + 40)}…"`)
}

/** The rules of a stylesheet in source order (comments out; `@media` one level deep). */
export function parseRules(css: string, media?: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const rules: Rule[] = []
  let at = 0
  for (let open = text.indexOf('{', at); open !== -1; open = text.indexOf('{', at)) {
    const prelude = text.slice(at, open).trim()
    const close = closing(text, open)
    const body = text.slice(open + 1, close)
    if (prelude.startsWith('@media')) rules.push(...parseRules(body, prelude.slice(6).trim()))
    else
      rules.push({
        selectors: prelude.split(/,(?![^(]*\))/).map((s) => s.trim().replace(/\s+/g, ' ')),
        media,
        declarations: body
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d) => {
            const colon = d.indexOf(':')
            return [
              d.slice(0, colon).trim(),
              d
                .slice(colon + 1)
                .trim()
                .replace(/\s+/g, ' '),
            ]
          }),
      })
    at = close + 1
  }
  return rules
}

const COMPARE: Record<string, (width: number, limit: number) => boolean> = {
  '>': (width, limit) => width > limit,
  '>=': (width, limit) => width >= limit,
  '<': (width, limit) => width < limit,
  '<=': (width, limit) => width <= limit,
}

/** A width test of `@media`, in rem, or undefined for a query this reader does not know. */
function widthTest(media: string): ((rem: number) => boolean) | undefined {
  const m = /^\((?:width ([<>]=?) |(min|max)-width: )([\d.]+)rem\)$/.exec(media)
  const compare = COMPARE[m?.[1] ?? (m?.[2] === 'min' ? '>=' : '<=')]
  if (!m || !compare) return undefined
  const limit = Number(m[3])
  return (width) => compare(width, limit)
}

interface TagSelector {
  /** `[data-widget]` alone: every widget's tag. */
  any: boolean
  name: string | undefined
  /** Attribute selectors the tag must have (`[data-index]`), and those it must not. */
  has: string[]
  not: string[]
  before: boolean
  /** Attribute selectors and `:not()` arguments count alike; `::before` is its own element. */
  specificity: number
}

const TAG = /^\[data-widget(?:='([\w-]+)')?\]((?:\[[^\]]+\]|:not\(\[[^\]]+\]\))*)(::before)?$/

/** A selector of the tag itself or its ::before, or undefined (a child, a sibling). */
function tagSelector(selector: string): TagSelector | undefined {
  const m = TAG.exec(selector)
  if (!m) return undefined
  const qualifiers = m[2] ?? ''
  const not = [...qualifiers.matchAll(/:not\((\[[^\]]+\])\)/g)].map((q) => q[1] ?? '')
  const has = [...qualifiers.replace(/:not\([^)]*\)/g, '').matchAll(/\[[^\]]+\]/g)].map((q) => q[0])
  return {
    any: m[1] === undefined,
    name: m[1],
    has,
    not,
    before: m[3] !== undefined,
    specificity: 1 + has.length + not.length,
  }
}

/** Does a tag with the attributes `variant` match `s`? (`[a='x']` implies `[a]`.) */
function matches(s: TagSelector, name: string, variant: readonly string[]): boolean {
  if (!s.any && s.name !== name) return false
  const implied = (q: string) =>
    variant.some((v) => v === q || (!q.includes('=') && v.startsWith(`${q.slice(0, -1)}=`)))
  return s.has.every((q) => variant.includes(q)) && !s.not.some(implied)
}

/** Replaces each `var(--x, fallback)` by its value; undefined when one resolves to nothing. */
function resolveVars(
  value: string,
  vars: ReadonlyMap<string, string>,
  depth = 0,
): string | undefined {
  if (depth > 10) throw new Error(`reserve table: var() loop in "${value}"`)
  const start = value.indexOf('var(')
  if (start === -1) return value === 'initial' ? undefined : value
  const end = closing(value, start + 3)
  const inner = value.slice(start + 4, end)
  const comma = inner.indexOf(',')
  const name = (comma === -1 ? inner : inner.slice(0, comma)).trim()
  const own = vars.get(name)
  const resolved =
    (own === undefined ? undefined : resolveVars(own, vars, depth + 1)) ??
    (comma === -1 ? undefined : resolveVars(inner.slice(comma + 1).trim(), vars, depth + 1))
  if (resolved === undefined) return undefined
  return resolveVars(value.slice(0, start) + resolved + value.slice(end + 1), vars, depth + 1)
}

/**
 * `calc()` of rem terms summed (`calc(0rem + 2.5rem)` is `2.5rem`); in any other expression
 * `calc()` is left out where its argument stands alone (`max(calc(a + b), c)` is `max(a + b, c)`).
 */
function simplify(value: string): string {
  const sum = /^calc\(([\d.]+rem(?: \+ [\d.]+rem)*)\)$/.exec(value)
  if (sum)
    return `${Number(
      (sum[1] ?? '')
        .split(' + ')
        .reduce((total, term) => total + parseFloat(term), 0)
        .toFixed(4),
    )}rem`
  const start = value.indexOf('calc(')
  if (start === -1) return value
  const end = closing(value, start + 4)
  const inner = value.slice(start + 5, end)
  const alone = /(^|[(,] ?)$/.test(value.slice(0, start)) && /^($|[,)])/.test(value.slice(end + 1))
  return simplify(value.slice(0, start) + (alone ? inner : `(${inner})`) + value.slice(end + 1))
}

/** The box of one tag at one width: 'nothing', or its height (and width when one is kept). */
function boxAt(rules: readonly Rule[], name: string, variant: readonly string[], width: number) {
  const chosen = {
    tag: new Map<string, [number, string]>(),
    before: new Map<string, [number, string]>(),
  }
  for (const rule of rules) {
    if (rule.media !== undefined) {
      const test = widthTest(rule.media)
      const own = rule.selectors.some((s) => {
        const t = tagSelector(s)
        return t !== undefined && !t.any && t.name === name
      })
      if (!test && own) throw new Error(`reserve table: cannot read @media ${rule.media}`)
      if (!test?.(width)) continue
    }
    for (const before of [false, true]) {
      const specificity = Math.max(
        -1,
        ...rule.selectors
          .map(tagSelector)
          .filter((s) => s !== undefined && s.before === before && matches(s, name, variant))
          .map((s) => s?.specificity ?? -1),
      )
      if (specificity < 0) continue
      const target = before ? chosen.before : chosen.tag
      // A property written twice in one rule is a fallback then an enhancement (typed attr()):
      // the table gives the first, the one every supported browser reads.
      const seen = new Set<string>()
      for (const [property, value] of rule.declarations) {
        if (seen.has(property)) continue
        seen.add(property)
        if ((target.get(property)?.[0] ?? -1) <= specificity)
          target.set(property, [specificity, value])
      }
    }
  }
  const values = (map: Map<string, [number, string]>) =>
    new Map([...map].map(([property, [, value]]) => [property, value]))
  const tagVars = values(chosen.tag)
  // Custom properties are inherited: the ::before reads the tag's, then its own.
  const beforeVars = new Map([...tagVars, ...values(chosen.before)])
  const read = (vars: Map<string, string>, property: string) => {
    const value = vars.get(property)
    const resolved = value === undefined ? undefined : resolveVars(value, vars)
    return resolved === undefined ? undefined : simplify(resolved)
  }
  const floatHeight = [read(beforeVars, 'height'), read(beforeVars, 'padding-top')]
    .filter((v) => v !== undefined)
    .join(' + ')
  const height = read(tagVars, 'min-height') ?? (floatHeight || undefined)
  const minWidth = read(tagVars, 'min-width')
  if (height === undefined) return 'nothing'
  return minWidth ? `\`${height}\` high, \`${minWidth}\` wide` : `\`${height}\``
}

/** Where a width band starts, as a reader says it. */
const from = (width: number, threshold: number) =>
  width === threshold ? `from ${threshold}rem` : `above ${threshold}rem`

/** The box a tag keeps, by width: "`28.125rem`; above 40rem: `27.5rem`". */
function boxByWidth(rules: readonly Rule[], name: string, variant: readonly string[]): string {
  const thresholds = [
    ...new Set(
      rules
        .map((r) => /([\d.]+)rem\)$/.exec(r.media ?? '')?.[1])
        .filter((t) => t !== undefined)
        .map(Number),
    ),
  ].sort((a, b) => a - b)
  // Each threshold is tried at itself and just above, which tells `>=` from `>`.
  const widths: [width: number, threshold: number][] = thresholds.flatMap((t) => [
    [t, t],
    [t + 0.001, t],
  ])
  const parts = [boxAt(rules, name, variant, 0)]
  let last = parts[0]
  for (const [width, threshold] of widths) {
    const box = boxAt(rules, name, variant, width)
    if (box !== last) parts.push(`${from(width, threshold)}: ${box}`)
    last = box
  }
  return parts.join('; ')
}

export interface ReserveRow {
  /** The widget, and the attributes of a variant whose box differs (`data-collection="bundles"`). */
  tag: string
  box: string
}

/** `[data-collection='bundles']` as an editor writes it: `data-collection="bundles"`. */
const asAttribute = (qualifier: string) => qualifier.slice(1, -1).replace(/='([^']*)'$/, '="$1"')

/**
 * A widget's rows: the plain tag, then each set of attributes its own rules name whose box is
 * another (variants with the same box share a row).
 */
export function reserveRows(css: string, name: string): ReserveRow[] {
  const rules = parseRules(css)
  const variants = new Map<string, string[]>()
  for (const rule of rules)
    for (const selector of rule.selectors) {
      const s = tagSelector(selector)
      if (s && s.name === name && s.has.length) variants.set(s.has.join(''), s.has)
    }
  const plain = boxByWidth(rules, name, [])
  const rows = new Map<string, string[]>()
  for (const variant of variants.values()) {
    const box = boxByWidth(rules, name, variant)
    if (box !== plain) rows.set(box, [...(rows.get(box) ?? []), variant.map(asAttribute).join(' ')])
  }
  return [
    { tag: `\`${name}\``, box: plain },
    ...[...rows].map(([box, attributes]) => ({
      tag: `\`${name}\` ${attributes.map((a) => `\`${a}\``).join(' or ')}`,
      box,
    })),
  ]
}

/** A table cell: pipes escaped, tags in the text (`<details>`) as code, not markup. */
const cell = (s: string) =>
  s
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ')
    .replace(/<[^>]+>/g, '`$&`')

/** The markdown table: a row per widget (and per variant), its box by width, what it holds. */
export function reserveMarkdown(
  css: string,
  widgets: readonly { name: string; reserve: string }[],
): string {
  const rows = widgets.flatMap(({ name, reserve }) =>
    reserveRows(css, name).map((row, i) => {
      const holds = i === 0 ? reserve : ''
      return `| ${cell(row.tag)} | ${cell(row.box)} | ${cell(holds)} |`
    }),
  )
  return [
    '| tag | box kept, by screen width | what it holds |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n')
}
