import { afterEach, expect, it, vi } from 'vitest'
import { useEffect, useState, type ComponentType } from 'react'
import { defineWidget } from '../src/props/schema'
import { render } from './root'
import { createRuntime } from './runtime'
import { WidgetTag, useWidgetAvailable } from '../src/ui/widget-tag/WidgetTag'
import type {
  PropsOf,
  PropsSchema,
  WidgetComponentProps,
  WidgetDefinition,
} from '../src/props/schema'

/** The runtime's failure tools, as the entry loads them (src/page/page-base.ts). */
const failures = () => import('../src/page/page-base')

let element: HTMLElement | null = null
afterEach(() => element?.remove())

/** A test widget `name` whose code is `Component`. */
function testWidget<const S extends PropsSchema>(
  name: string,
  Component: ComponentType<WidgetComponentProps<PropsOf<S>>>,
  props: S,
): WidgetDefinition<S> {
  return defineWidget(name, { props, load: async () => ({ default: Component }) })
}

/** A tag on the page (removed after the test), `data-widget` set unless told otherwise. */
function placeTag(widget?: string): HTMLElement {
  element = document.createElement('div')
  if (widget) element.setAttribute('data-widget', widget)
  document.body.append(element)
  return element
}

it('resolves once the widget is on the page, so "mounted" and ready() mean something is shown', async () => {
  function Hello() {
    // The first render already shows the text: it must be in the DOM when render() resolves.
    const [word, setWord] = useState('Bonjour')
    useEffect(() => setWord((w) => w), [])
    return <p>{word}</p>
  }
  const hello = testWidget('hello', Hello, {})
  element = placeTag()
  const widgets = { has: () => false, mount: () => Promise.resolve() }
  const root = await render({ element, definition: hello, props: {}, locale: 'fr', widgets })
  expect(element).toHaveTextContent('Bonjour')
  root.unmount()
})

it('resolves for a widget that crashes on its first render: ready() never waits on a broken widget', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  function Broken(): never {
    throw new Error('broken on first render')
  }
  const broken = testWidget('broken', Broken, {})
  element = placeTag('broken')
  const runtime = createRuntime({ registry: [broken], render, failures })
  await runtime.mount(element)
  await runtime.ready()
  // The root's fallback is on the page when ready() resolves.
  expect(element).toHaveTextContent(/./)
  expect(element.querySelector('[role="status"]')).not.toBeNull()
  runtime.unmount()
  vi.restoreAllMocks()
})

it('a widget places another through the runtime: it knows which exist and mounts the tag it placed', async () => {
  const innerProps = { word: { type: 'string', required: true } } as const
  function Inner({ props }: { props: PropsOf<typeof innerProps> }) {
    return <p>Inner says {props.word}</p>
  }
  const inner = testWidget('inner', Inner, innerProps)
  function Outer() {
    const hasInner = useWidgetAvailable('inner')
    const hasOther = useWidgetAvailable('nowhere')
    return (
      <div>
        <p>{`inner: ${hasInner}, nowhere: ${hasOther}`}</p>
        {hasInner && <WidgetTag widget="inner" attributes={{ word: 'santé', unused: undefined }} />}
      </div>
    )
  }
  const outer = testWidget('outer', Outer, {})
  element = placeTag('outer')
  // Not started: no MutationObserver sees the placed tag; only the runtime call mounts it.
  const runtime = createRuntime({ registry: [outer, inner], render, failures })
  await runtime.mount(element)
  expect(element).toHaveTextContent('inner: true, nowhere: false')
  const tag = element.querySelector('[data-widget="inner"]')
  expect(tag).not.toHaveAttribute('data-unused')
  await runtime.ready()
  await expect.poll(() => tag?.textContent).toBe('Inner says santé')
  runtime.unmount()
})
