import type { PropSpec, PropsSchema } from './schema'

/**
 * A problem with one of a tag's attributes (its props, `data-widget`, `data-load`, `data-locale`):
 * the runtime reports it naming the attribute, that widget stays down, the others mount.
 */
export class PropError extends Error {
  constructor(
    readonly attribute: string,
    message: string,
  ) {
    super(message)
    this.name = 'PropError'
  }
}

/** `odooCode` → `data-odoo-code` (the inverse of the dataset mapping). */
export function attributeName(prop: string): string {
  return 'data-' + prop.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())
}

function parseOne(prop: string, spec: PropSpec, raw: string | undefined): unknown {
  const attr = attributeName(prop)
  if (raw === undefined) {
    if ('default' in spec && spec.default !== undefined) return spec.default
    if (spec.type === 'boolean') return false
    if ('required' in spec && spec.required) throw new PropError(attr, `${attr} is required`)
    return undefined
  }
  switch (spec.type) {
    case 'string': {
      if (spec.required && raw.trim() === '') throw new PropError(attr, `${attr} must not be empty`)
      if (spec.pattern && !spec.pattern.test(raw))
        throw new PropError(attr, `${attr}="${raw}" does not match ${String(spec.pattern)}`)
      return raw
    }
    case 'number': {
      const n = raw.trim() === '' ? NaN : Number(raw)
      if (!Number.isFinite(n)) throw new PropError(attr, `${attr}="${raw}" is not a number`)
      if (spec.integer && !Number.isInteger(n))
        throw new PropError(attr, `${attr}="${raw}" must be a whole number`)
      if (spec.min !== undefined && n < spec.min)
        throw new PropError(attr, `${attr}="${raw}" must be at least ${spec.min}`)
      if (spec.max !== undefined && n > spec.max)
        throw new PropError(attr, `${attr}="${raw}" must be at most ${spec.max}`)
      return n
    }
    case 'boolean': {
      // Present without value (`data-priority`) or "true" means true, as HTML boolean attributes do.
      if (raw === '' || raw === 'true') return true
      if (raw === 'false') return false
      throw new PropError(attr, `${attr}="${raw}" must be "true" or "false"`)
    }
    case 'enum': {
      if (!spec.values.includes(raw))
        throw new PropError(attr, `${attr}="${raw}" must be one of: ${spec.values.join(', ')}`)
      return raw
    }
    case 'json': {
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch {
        throw new PropError(attr, `${attr} is not valid JSON`)
      }
      const problem = spec.validate?.(value)
      if (problem) throw new PropError(attr, `${attr}: ${problem}`)
      return value
    }
  }
}

/** Read a widget's props from an element's dataset through its schema. Throws PropError. */
export function parseProps(schema: PropsSchema, dataset: DOMStringMap): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [prop, spec] of Object.entries(schema)) {
    const value = parseOne(prop, spec, dataset[prop])
    if (value !== undefined) out[prop] = value
  }
  return out
}
