import type { AnyWidgetDefinition, PropSpec } from '../src/props/schema'
import { attributeName } from '../src/props/parse'

export interface AttributeDoc {
  attribute: string
  type: PropSpec['type']
  required: boolean
  /** The default as JSON (`"3"`, `false`), or '' when there is none. */
  defaultValue: string
  /** Allowed values or range, human-readable, or ''. */
  allowed: string
  doc: string
}

/**
 * What a widget's `docs.json` says to editors (the catalogue page and docs/widgets.md
 * are made from it). Documentation, not code: no page downloads it.
 */
export interface WidgetDocsFile {
  /** What the widget is, for the catalogue. */
  description: string
  /** A tag an editor can copy. */
  example: string
  /**
   * What the box the tag keeps before its code arrives holds, in words (docs/embedding.md,
   * "Reserved space"): the sizes come from its reserve.css, what they stand for cannot.
   */
  reserve: string
  /** What each attribute means, by attribute name (`data-odoo-code`). */
  attributes: Record<string, string>
}

/** Every `widgets/<name>/docs.json`, by widget name. */
export const docsFiles: Readonly<Record<string, WidgetDocsFile>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<WidgetDocsFile>('../widgets/*/docs.json', { eager: true, import: 'default' }),
  ).map(([path, file]) => [path.split('/').at(-2) ?? path, file]),
)

/**
 * The docs of a definition, checked against it: a missing file, a missing or unknown attribute
 * or an example that is not its tag is an error naming the file, so docs cannot fall behind the
 * code.
 */
export function docsOf(
  definition: AnyWidgetDefinition,
  files: Readonly<Record<string, WidgetDocsFile>> = docsFiles,
): WidgetDocsFile {
  const where = `widgets/${definition.name}/docs.json`
  const file = files[definition.name]
  if (!file) throw new Error(`${where} is missing`)
  const attributes = Object.keys(definition.props).map(attributeName)
  const undocumented = attributes.filter((a) => !file.attributes[a])
  if (undocumented.length) throw new Error(`${where} does not explain ${undocumented.join(', ')}`)
  const unknown = Object.keys(file.attributes).filter((a) => !attributes.includes(a))
  if (unknown.length) throw new Error(`${where} explains unknown ${unknown.join(', ')}`)
  if (!file.description) throw new Error(`${where} has no description`)
  if (!file.reserve) throw new Error(`${where} does not say what its reserved box holds`)
  if (!file.example.includes(`data-widget="${definition.name}"`))
    throw new Error(`${where}: the example is not a ${definition.name} tag`)
  return file
}

export interface WidgetDoc {
  name: string
  description: string
  example: string
  attributes: AttributeDoc[]
}

/** Allowed values or range, as an editor reads them ('' when anything goes). */
function allowed(spec: PropSpec): string {
  if (spec.type === 'enum') return spec.values.join(', ')
  if (spec.type === 'boolean') return 'true, false (present without value = true)'
  if (spec.type === 'number')
    return [
      spec.min !== undefined ? `≥ ${spec.min}` : '',
      spec.max !== undefined ? `≤ ${spec.max}` : '',
      spec.integer ? 'whole number' : '',
    ]
      .filter(Boolean)
      .join(', ')
  if (spec.type === 'string' && spec.pattern) return `matches ${String(spec.pattern)}`
  if (spec.type === 'json') return 'JSON'
  return ''
}

/** The default as JSON (a boolean without one is false), or '' when there is none. */
function defaultOf(spec: PropSpec): string {
  if ('default' in spec && spec.default !== undefined) return JSON.stringify(spec.default)
  return spec.type === 'boolean' ? 'false' : ''
}

/** What editors need to know about one widget: its definition with its docs. */
export function documentWidget(d: AnyWidgetDefinition): WidgetDoc {
  const docs = docsOf(d)
  return {
    name: d.name,
    description: docs.description,
    example: docs.example,
    attributes: Object.entries(d.props).map(([prop, spec]) => ({
      attribute: attributeName(prop),
      type: spec.type,
      required: 'required' in spec && spec.required === true,
      defaultValue: defaultOf(spec),
      allowed: allowed(spec),
      doc: docs.attributes[attributeName(prop)] ?? '',
    })),
  }
}

/** The catalogue of every registered widget (the catalogue page and docs/widgets.md). */
export const documentWidgets = (registry: readonly AnyWidgetDefinition[]): WidgetDoc[] =>
  registry.map(documentWidget)

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The widget reference of docs/widgets.md (between the widgets:start/end markers). */
export function widgetsMarkdown(docs: WidgetDoc[]): string {
  return docs
    .map((w) => {
      const rows = w.attributes.length
        ? [
            '| attribute | type | required | default | allowed | meaning |',
            '| --- | --- | --- | --- | --- | --- |',
            ...w.attributes.map(
              (a) =>
                `| \`${a.attribute}\` | ${a.type} | ${a.required ? 'yes' : 'no'} | ${cell(a.defaultValue ? `\`${a.defaultValue}\`` : '')} | ${cell(a.allowed)} | ${cell(a.doc)} |`,
            ),
          ].join('\n')
        : 'No attributes of its own.'
      return `#### \`${w.name}\`\n\n${w.description}\n\n\`\`\`html\n${w.example}\n\`\`\`\n\n${rows}\n`
    })
    .join('\n')
}
