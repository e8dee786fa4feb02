// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from '@testing-library/react'
import { defineWidget, type AnyWidgetDefinition } from '../src/props/schema'
import {
  createRuntime,
  ERROR_ATTRIBUTE,
  LEAVE_GRACE_MS,
  MOUNTED_ATTRIBUTE,
  type Renderer,
  type Runtime,
} from './runtime'
import { watchPageLeave } from '../src/report/page-leave'

/** The runtime's failure tools, as the entry loads them (src/page/page-base.ts). */
const failures = () => import('../src/page/page-base')

const noComponent = () => Promise.resolve({ default: () => null })
const registry: AnyWidgetDefinition[] = [
  defineWidget('hello', {
    props: { name: { type: 'string', required: true } },
    load: noComponent,
  }),
  defineWidget('plain', { load: noComponent }),
]

function setup(html: string, opts: { showErrors?: boolean; render?: Renderer } = {}) {
  document.body.innerHTML = html
  const mounted: string[] = []
  const unmounted: string[] = []
  const render: Renderer =
    opts.render ??
    (async ({ element, props }) => {
      const label = `${element.dataset.widget}:${JSON.stringify(props)}`
      mounted.push(label)
      element.textContent = 'rendered'
      return { unmount: () => unmounted.push(label) }
    })
  const runtime = createRuntime({
    registry,
    render,
    failures,
    showErrors: () => opts.showErrors ?? false,
  })
  current = runtime
  return { runtime, mounted, unmounted }
}

/** The page `html`, its runtime started and every tag done (mounted or failed). */
async function started(html: string, opts: Parameters<typeof setup>[1] = {}) {
  const page = setup(html, opts)
  page.runtime.start()
  await page.runtime.ready()
  return page
}

let current: Runtime | null = null
afterEach(() => current?.stop())

describe('mount runtime', () => {
  it('mounts every known tag with its parsed props', async () => {
    const { mounted } = await started(
      '<div data-widget="hello" data-name="Ada"></div><section><div data-widget="plain"></div></section>',
    )
    expect(mounted).toEqual(['hello:{"name":"Ada"}', 'plain:{}'])
    expect(document.querySelectorAll(`[${MOUNTED_ATTRIBUTE}]`)).toHaveLength(2)
  })

  it('reports an unknown widget and a bad prop once each, and still mounts the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { mounted } = await started(
      '<div id="a" data-widget="nope"></div><div id="b" data-widget="hello"></div><div data-widget="plain"></div>',
    )
    expect(mounted).toEqual(['plain:{}'])
    expect(error).toHaveBeenCalledTimes(2)
    expect(error.mock.calls[0]?.[0]).toBe(
      '[wine-widgets] div#a[data-widget="nope"]: widget "nope", attribute "data-widget": unknown widget "nope" (known: hello, plain)',
    )
    expect(error.mock.calls[1]?.[0]).toBe(
      '[wine-widgets] div#b[data-widget="hello"]: widget "hello", attribute "data-name": data-name is required',
    )
    expect(document.getElementById('b')?.getAttribute(ERROR_ATTRIBUTE)).toBe(
      'data-name is required',
    )
    expect(document.getElementById('b')?.textContent).toBe('') // not shown outside demo pages
  })

  it('reports a data-locale that is not en, fr or nl naming that attribute, and still mounts the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { mounted } = await started(
      '<div id="c" data-widget="plain" data-locale="de"></div><div data-widget="plain"></div>',
    )
    expect(mounted).toEqual(['plain:{}'])
    expect(error.mock.calls.map((call) => call[0])).toEqual([
      '[wine-widgets] div#c[data-widget="plain"]: widget "plain", attribute "data-locale": data-locale="de" must be one of: en, fr, nl',
    ])
    expect(document.getElementById('c')?.getAttribute(ERROR_ATTRIBUTE)).toBe(
      'data-locale="de" must be one of: en, fr, nl',
    )
  })

  it('shows the message in place on demo pages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await started('<div data-widget="hello" data-name="x" data-load="later"></div>', {
      showErrors: true,
    })
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'hello: data-load="later" must be one of: eager, visible',
    )
  })

  it('mounting twice is a no-op', async () => {
    const { runtime, mounted } = setup('<div data-widget="plain"></div>')
    await runtime.mount()
    await runtime.mount()
    await runtime.mount(document.querySelector('[data-widget]')!)
    expect(mounted).toHaveLength(1)
  })

  it('mounts tags added later and unmounts removed ones', async () => {
    const { runtime, mounted, unmounted } = setup('<main></main>')
    runtime.start()
    const added = document.createElement('div')
    added.innerHTML = '<div data-widget="hello" data-name="late"></div>'
    document.querySelector('main')!.appendChild(added)
    await waitFor(() => expect(mounted).toEqual(['hello:{"name":"late"}']))
    await runtime.ready()
    added.remove()
    await waitFor(() => expect(unmounted).toEqual(['hello:{"name":"late"}']))
  })

  it('unmount(el) and mount(el) work on a fragment', async () => {
    const { runtime, mounted, unmounted } = setup(
      '<div id="frag"><div data-widget="plain"></div></div>',
    )
    await runtime.mount()
    runtime.unmount(document.getElementById('frag')!)
    expect(unmounted).toEqual(['plain:{}'])
    await runtime.mount(document.getElementById('frag')!)
    expect(mounted).toEqual(['plain:{}', 'plain:{}'])
  })

  it('defers data-load="visible" until the element nears the viewport', async () => {
    let trigger: ((entries: Partial<IntersectionObserverEntry>[]) => void) | null = null
    const observe = vi.fn()
    class FakeIO {
      constructor(
        cb: (entries: Partial<IntersectionObserverEntry>[]) => void,
        init?: IntersectionObserverInit,
      ) {
        trigger = cb
        expect(init?.rootMargin).toBe('200px')
      }
      observe = observe
      disconnect = vi.fn()
    }
    vi.stubGlobal('IntersectionObserver', FakeIO)
    const { runtime, mounted } = setup('<div data-widget="plain" data-load="visible"></div>')
    await runtime.mount()
    expect(mounted).toEqual([])
    expect(observe).toHaveBeenCalledTimes(1)
    trigger!([{ isIntersecting: true }])
    await runtime.ready()
    expect(mounted).toEqual(['plain:{}'])
  })

  it('a widget whose code fails to load is marked, the others mount', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const render: Renderer = async ({ element }) => {
      if (element.dataset.widget === 'hello') throw new Error('chunk failed')
      return { unmount: () => undefined }
    }
    const { runtime } = setup(
      '<div id="h" data-widget="hello" data-name="a"></div><div id="p" data-widget="plain"></div>',
      {
        render,
      },
    )
    await runtime.mount()
    expect(document.getElementById('h')?.getAttribute(ERROR_ATTRIBUTE)).toMatch(
      /could not load: Error: chunk failed/,
    )
    expect(document.getElementById('p')?.hasAttribute(MOUNTED_ATTRIBUTE)).toBe(true)
  })

  it('a load stopped like a navigation would stop it is reported only if the page is still there a moment later', async () => {
    vi.useFakeTimers()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const render: Renderer = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js'))
    const { runtime } = setup('<div id="h" data-widget="plain"></div>', { render })
    await runtime.mount()
    const tag = document.getElementById('h')!
    expect(tag.hasAttribute(ERROR_ATTRIBUTE)).toBe(false)
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS - 1)
    expect(error).not.toHaveBeenCalled()
    // The report follows the mark once its code is loaded (the entry loads it lazily).
    await vi.advanceTimersByTimeAsync(1)
    expect(tag.getAttribute(ERROR_ATTRIBUTE)).toMatch(/could not load: TypeError: Failed to fetch/)
    // The console line comes a task later, once the page has not started leaving meanwhile.
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1))
    vi.useRealTimers()
  })

  it('a stopped load followed by the page leaving within the grace is never reported', async () => {
    vi.useFakeTimers()
    watchPageLeave(window)
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const render: Renderer = () => Promise.reject(new TypeError('Load failed'))
    const { runtime } = setup('<div id="h" data-widget="plain"></div>', { render })
    await runtime.mount()
    window.dispatchEvent(new Event('pagehide'))
    vi.advanceTimersByTime(LEAVE_GRACE_MS)
    window.dispatchEvent(new Event('pageshow'))
    expect(document.getElementById('h')!.hasAttribute(ERROR_ATTRIBUTE)).toBe(false)
    expect(error).not.toHaveBeenCalled()
    vi.useRealTimers()
  })

  it('a tag removed while its code loads is taken down as soon as it arrives', async () => {
    let finish: () => void = () => undefined
    const unmount = vi.fn()
    const render: Renderer = () =>
      new Promise((resolve) => {
        finish = () => resolve({ unmount })
      })
    const { runtime } = setup('<div data-widget="plain"></div>', { render })
    const done = runtime.mount()
    document.querySelector('[data-widget]')!.remove()
    finish()
    await done
    expect(unmount).toHaveBeenCalledTimes(1)
  })
})
