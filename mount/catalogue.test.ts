import { describe, expect, it } from 'vitest'
import { defineWidget } from '../src/props/schema'
import { docsOf, type WidgetDocsFile } from './catalogue'
import { registry } from './registry'

const shelf = defineWidget('shelf', {
  props: { odooCode: { type: 'string', required: true }, compact: { type: 'boolean' } },
  load: () => Promise.resolve({ default: () => null }),
})

const complete: WidgetDocsFile = {
  description: 'A shelf of wines.',
  example: '<div data-widget="shelf" data-odoo-code="W1"></div>',
  reserve: 'A row of wine cards.',
  attributes: { 'data-odoo-code': 'The code.', 'data-compact': 'Smaller cards.' },
}

describe('the widget folders', () => {
  it('are all registered (mount/registry.ts), by their folder’s name', () => {
    const folders = Object.keys(import.meta.glob('../widgets/*/index.ts')).map(
      (path) => path.split('/').at(-2) ?? path,
    )
    expect(registry.map((d) => d.name).sort()).toEqual(folders.sort())
  })
})

describe('a widget’s docs.json', () => {
  it('is found for every registered widget and explains each of its attributes', () => {
    for (const definition of registry) expect(() => docsOf(definition)).not.toThrow()
  })

  it.each([
    ['missing', {}, 'widgets/shelf/docs.json is missing'],
    [
      'silent on an attribute',
      { shelf: { ...complete, attributes: { 'data-odoo-code': 'The code.' } } },
      'widgets/shelf/docs.json does not explain data-compact',
    ],
    [
      'explaining an attribute the widget does not have',
      { shelf: { ...complete, attributes: { ...complete.attributes, 'data-size': 'Size.' } } },
      'widgets/shelf/docs.json explains unknown data-size',
    ],
    [
      'without a description',
      { shelf: { ...complete, description: '' } },
      'widgets/shelf/docs.json has no description',
    ],
    [
      'silent on its reserved box',
      { shelf: { ...complete, reserve: '' } },
      'widgets/shelf/docs.json does not say what its reserved box holds',
    ],
    [
      'with another widget’s tag as example',
      { shelf: { ...complete, example: '<div data-widget="cart"></div>' } },
      'widgets/shelf/docs.json: the example is not a shelf tag',
    ],
  ])('%s is an error naming the file', (_case, files, message) => {
    expect(() => docsOf(shelf, files)).toThrow(message)
  })

  it('is returned as written when complete', () => {
    expect(docsOf(shelf, { shelf: complete })).toEqual(complete)
  })
})
