import { act, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PlacedBox } from './PlacedBox'
import { place } from './placed'

/**
 * A host that loads pages without a reload swaps the body (PJAX: `body.innerHTML = …`; Turbo:
 * `body.replaceWith(newBody)`), and takes away what a widget placed at its end. React must never
 * be left removing a node from a parent that no longer holds it.
 */

// The roots here are React's own (createRoot, as mount/root.tsx makes them), rendered in act().
beforeAll(() => Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true))
afterAll(() => Reflect.deleteProperty(globalThis, 'IS_REACT_ACT_ENVIRONMENT'))

let root: Root | null = null
let rerender: (() => void) | null = null
const uncaught = vi.fn()

/** A widget's root in its own tag, with a box placed at the end of <body>. */
function mountWidget(hidden = false) {
  const tag = document.createElement('div')
  tag.setAttribute('data-widget', 'test')
  document.body.append(tag)
  function Widget() {
    const [renders, setRenders] = useState(0)
    rerender = () => setRenders((n) => n + 1)
    return (
      <PlacedBox className="backdrop" hidden={hidden}>
        <p>Dialog, render {renders}</p>
      </PlacedBox>
    )
  }
  root = createRoot(tag, { onUncaughtError: uncaught })
  act(() => root?.render(<Widget />))
  return tag
}

const boxes = () => [...document.querySelectorAll('[data-widget-portal]')]

afterEach(() => {
  act(() => root?.unmount())
  root = null
  uncaught.mockReset()
  document.body.replaceChildren()
})

describe('a box placed outside the widget’s tag', () => {
  it('is at the end of <body>, with the baseline’s attribute, its class and its content', () => {
    const tag = mountWidget()
    expect(document.body.lastElementChild).toBe(boxes()[0])
    expect(boxes()[0]).toHaveClass('backdrop')
    expect(boxes()[0]).not.toHaveAttribute('hidden')
    expect(boxes()[0]).toHaveTextContent('Dialog, render 0')
    expect(tag).toBeEmptyDOMElement()
  })

  it('unmounts without an error after the host replaced the body’s content (innerHTML)', () => {
    mountWidget()
    document.body.innerHTML = '<main><div data-widget="test"></div></main>'
    act(() => root?.unmount())
    root = null
    expect(uncaught).not.toHaveBeenCalled()
    expect(boxes()).toHaveLength(0)
  })

  it('unmounts without an error after the host replaced the body (replaceWith)', () => {
    mountWidget(true)
    const next = document.createElement('body')
    document.body.replaceWith(next)
    act(() => root?.unmount())
    root = null
    expect(uncaught).not.toHaveBeenCalled()
    expect(boxes()).toHaveLength(0)
  })

  it('is put back in the new body when the widget stayed (a Turbo permanent element)', () => {
    const tag = mountWidget()
    const next = document.createElement('body')
    next.append(tag)
    document.body.replaceWith(next)
    expect(boxes()).toHaveLength(0)
    act(() => rerender?.())
    expect(boxes()).toHaveLength(1)
    expect(next.lastElementChild).toBe(boxes()[0])
    expect(boxes()[0]).toHaveTextContent('Dialog, render 1')
    expect(uncaught).not.toHaveBeenCalled()
  })
})

describe('place()', () => {
  it('puts a node at the end or the start of the body, again once the host took it away', () => {
    document.body.innerHTML = '<main></main>'
    const list = document.createElement('ul')
    const note = document.createElement('p')
    const placedList = place(list)
    place(note, document, 'start')
    expect(document.body.lastElementChild).toBe(list)
    expect(document.body.firstElementChild).toBe(note)
    document.body.innerHTML = '<main>next page</main>'
    placedList.ensure()
    expect(document.body.lastElementChild).toBe(list)
    placedList.remove()
    placedList.remove()
    expect(list.isConnected).toBe(false)
  })
})
