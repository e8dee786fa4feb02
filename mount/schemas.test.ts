// @vitest-environment jsdom -- needs a DOM (tags, dataset)
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  defineWidget,
  SCHEMA_IN_PAGE_BASE,
  type AnyWidgetDefinition,
  type PropsSchema,
} from '../src/props/schema'
import { registry } from './registry'
import { createRuntime, ERROR_ATTRIBUTE, type Renderer, type Runtime } from './runtime'
import { schemas } from './schemas'

/** The runtime's failure tools, as the entry loads them (src/page/page-base.ts). */
const failures = () => import('../src/page/page-base')
const noComponent = () => Promise.resolve({ default: () => null })

/** A definition as the library build makes it (build/schema-split.ts): its schema elsewhere. */
const hello = defineWidget('hello', { props: SCHEMA_IN_PAGE_BASE, load: noComponent })
const helloSchema: PropsSchema = { name: { type: 'string', required: true } }

let current: Runtime | null = null
afterEach(() => current?.stop())

function setup(html: string, loadSchemas: () => Promise<Record<string, PropsSchema>>) {
  document.body.innerHTML = html
  const mounted: string[] = []
  const early: string[] = []
  const render: Renderer = async ({ element, props, definition }) => {
    mounted.push(`${element.dataset.widget}:${JSON.stringify(props)}`)
    // The renderer's definition carries the schema the props were read with (its hints read it).
    expect(definition.props).toBe(helloSchema)
    return { unmount: () => undefined }
  }
  const registered: AnyWidgetDefinition[] = [hello]
  current = createRuntime({
    registry: registered,
    render,
    failures,
    schemas: loadSchemas,
    early: ({ definition }) => early.push(definition.name),
  })
  return { runtime: current, mounted, early }
}

describe('a definition whose schema is in the page base (the library build)', () => {
  it('is parsed through the schema the page base brings, its code asked for meanwhile', async () => {
    const { runtime, mounted, early } = setup(
      '<div data-widget="hello" data-name="Ada"></div>',
      async () => ({ hello: helloSchema }),
    )
    await runtime.mount()
    await runtime.ready()
    expect(early).toEqual(['hello'])
    expect(mounted).toEqual(['hello:{"name":"Ada"}'])
  })

  it('reports a bad attribute with the same message as a schema in the definition', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { runtime, mounted } = setup('<div id="b" data-widget="hello"></div>', async () => ({
      hello: helloSchema,
    }))
    await runtime.mount()
    await runtime.ready()
    expect(mounted).toEqual([])
    expect(error.mock.calls.map((call) => call[0])).toEqual([
      '[wine-widgets] div#b[data-widget="hello"]: widget "hello", attribute "data-name": data-name is required',
    ])
    expect(document.getElementById('b')?.getAttribute(ERROR_ATTRIBUTE)).toBe(
      'data-name is required',
    )
  })

  it('is marked failed when the page base cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { runtime, mounted } = setup(
      '<div id="c" data-widget="hello" data-name="Ada"></div>',
      () => Promise.reject(new Error('chunk failed')),
    )
    await runtime.mount()
    await runtime.ready()
    expect(mounted).toEqual([])
    expect(document.getElementById('c')?.getAttribute(ERROR_ATTRIBUTE)).toBe(
      'could not load: Error: chunk failed',
    )
  })

  it('a tag removed before the schema came is not mounted', async () => {
    let arrive: (value: Record<string, PropsSchema>) => void = () => undefined
    const { runtime, mounted } = setup(
      '<div data-widget="hello" data-name="Ada"></div>',
      () => new Promise((resolve) => (arrive = resolve)),
    )
    const mounting = runtime.mount()
    runtime.unmount()
    arrive({ hello: helloSchema })
    await mounting
    await runtime.ready()
    expect(mounted).toEqual([])
  })
})

describe('the page base schemas (mount/schemas.ts)', () => {
  it("are the registered definitions' own props.ts, widget by widget", () => {
    // A schema written elsewhere than props.ts would reach the entry, or be missing here.
    for (const definition of registry) {
      if (Object.keys(definition.props).length > 0)
        expect(schemas[definition.name], definition.name).toBe(definition.props)
      else expect(schemas[definition.name], definition.name).toBeUndefined()
    }
  })
})
