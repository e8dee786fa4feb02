import { afterEach, expect, it, vi } from 'vitest'
import { useEffect, useState } from 'react'
import { defineWidget } from '../src/props/schema'
import { render } from './root'
import { createRuntime } from './runtime'
import { WidgetTag, useWidgetAvailable } from '../src/ui/widget-tag/WidgetTag'
import type { PropsOf } from '../src/props/schema'

/** The runtime's failure tools, as the entry loads them (src/page/page-base.ts). */
const failures = () => import('../src/page/page-base')

let element: HTMLElement | null = null
afterEach(() => element?.remove())

it('resolves once the widget is on the page, so "mounted" and ready() mean something is shown', async () => {
  function Hello() {
    // The first render already shows the text: it must be in the DOM when render() resolves.
    const [word, setWord] = useState('Bonjour')
    useEffect(() => setWord((w) => w), [])
    return <p>{word}</p>
  }
  const hello = defineWidget({
    name: 'hello',
    description: 'test',
    example: '<div data-widget="hello"></div>',
    props: {},
    load: async () => ({ default: Hello }),
  })
  element = document.createElement('div')
  document.body.append(element)
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
  const broken = defineWidget({
    name: 'broken',
    description: 'test',
    example: '<div data-widget="broken"></div>',
    props: {},
    load: async () => ({ default: Broken }),
  })
  element = document.createElement('div')
  element.setAttribute('data-widget', 'broken')
  document.body.append(element)
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
  const innerProps = { word: { type: 'string', required: true, doc: 'A word.' } } as const
  function Inner({ props }: { props: PropsOf<typeof innerProps> }) {
    return <p>Inner says {props.word}</p>
  }
  const inner = defineWidget({
    name: 'inner',
    description: 'test',
    example: '<div data-widget="inner" data-word="hi"></div>',
    props: innerProps,
    load: async () => ({ default: Inner }),
  })
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
  const outer = defineWidget({
    name: 'outer',
    description: 'test',
    example: '<div data-widget="outer"></div>',
    props: {},
    load: async () => ({ default: Outer }),
  })
  element = document.createElement('div')
  element.setAttribute('data-widget', 'outer')
  document.body.append(element)
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
