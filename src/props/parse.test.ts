// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it } from 'vitest'
import { PropError, attributeName, parseProps } from './parse'
import type { PropsSchema } from './schema'

const schema = {
  collection: { type: 'string', required: true },
  columns: { type: 'number', default: 3, min: 1, max: 6, integer: true },
  priority: { type: 'boolean' },
  mode: { type: 'enum', values: ['a', 'b'], default: 'a' },
  odooCode: { type: 'string' },
  items: {
    type: 'json',
    validate: (v) => (Array.isArray(v) ? null : 'must be an array'),
  },
} satisfies PropsSchema

const dataset = (attrs: Record<string, string>) => {
  const el = document.createElement('div')
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
  return el.dataset
}

describe('parseProps', () => {
  it('reads every type through the schema, with defaults', () => {
    expect(
      parseProps(
        schema,
        dataset({
          'data-collection': 'regions',
          'data-priority': '',
          'data-odoo-code': 'W1',
          'data-items': '[1]',
        }),
      ),
    ).toEqual({
      collection: 'regions',
      columns: 3,
      priority: true,
      mode: 'a',
      odooCode: 'W1',
      items: [1],
    })
  })

  /** Parsing `attrs` throws a PropError naming `attribute` with `message`. */
  function expectRefused(attrs: Record<string, string>, attribute: string, message: string) {
    try {
      parseProps(schema, dataset(attrs))
      expect.unreachable('should have thrown')
    } catch (e) {
      expect(e).toBeInstanceOf(PropError)
      expect((e as PropError).attribute).toBe(attribute)
      expect((e as PropError).message).toBe(message)
    }
  }

  it('rejects {} naming data-collection', () => {
    expectRefused({}, 'data-collection', 'data-collection is required')
  })

  it.each([
    ['data-columns', 'three', 'data-columns="three" is not a number'],
    ['data-columns', '2.5', 'data-columns="2.5" must be a whole number'],
    ['data-columns', '9', 'data-columns="9" must be at most 6'],
    ['data-priority', 'yes', 'data-priority="yes" must be "true" or "false"'],
    ['data-mode', 'c', 'data-mode="c" must be one of: a, b'],
    ['data-items', '{', 'data-items is not valid JSON'],
    ['data-items', '{}', 'data-items: must be an array'],
  ])('rejects %s=%j (with a collection) naming it', (attribute, value, message) => {
    expectRefused({ 'data-collection': 'x', [attribute]: value }, attribute, message)
  })

  it('maps camelCase props to kebab-case attributes as dataset does', () => {
    expect(attributeName('odooCode')).toBe('data-odoo-code')
    expect(attributeName('tag')).toBe('data-tag')
  })
})
