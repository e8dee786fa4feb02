import type { AnyWidgetDefinition, PropSpec } from '../src/props/schema'
import { attributeName } from '../src/props/parse'

export interface AttributeDoc {
  attribute: string
  type: PropSpec['type']
  required: boolean
  /** The default as written in a tag, or '' when there is none. */
  defaultValue: string
  /** Allowed values or range, human-readable, or ''. */
  allowed: string
  doc: string
}

export interface WidgetDoc {
  name: string
  description: string
  example: string
  attributes: AttributeDoc[]
}

function allowed(spec: PropSpec): string {
  if (spec.type === 'enum') return spec.values.join(', ')
  if (spec.type === 'boolean') return 'true, false'
  if (spec.type === 'number') {
    const parts = [spec.integer ? 'whole number' : 'number']
    if (spec.min !== undefined) parts.push(`≥ ${spec.min}`)
    if (spec.max !== undefined) parts.push(`≤ ${spec.max}`)
    return parts.join(' ')
  }
  if (spec.type === 'string' && spec.pattern) return String(spec.pattern)
  return ''
}

function defaultOf(spec: PropSpec): string {
  if (spec.type === 'boolean') return String(spec.default ?? false)
  if (!('default' in spec) || spec.default === undefined) return ''
  return typeof spec.default === 'string' ? spec.default : JSON.stringify(spec.default)
}

/** What editors need to know about each widget, read from the registry's definitions. */
export function documentWidgets(registry: readonly AnyWidgetDefinition[]): WidgetDoc[] {
  return registry.map((d) => ({
    name: d.name,
    description: d.description,
    example: d.example,
    attributes: Object.entries(d.props).map(([prop, spec]) => ({
      attribute: attributeName(prop),
      type: spec.type,
      required: 'required' in spec && spec.required === true,
      defaultValue: defaultOf(spec),
      allowed: allowed(spec),
      doc: spec.doc,
    })),
  }))
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The README's widget reference (between the widgets:start/end markers). */
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
