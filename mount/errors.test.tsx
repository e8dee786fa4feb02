/**
 * A few of the library's failure points, seen from the host page: each one that really failed
 * dispatches `wine-widgets:error`; a load cut short because the page is going away does not.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render as renderTree, screen } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { loadNamespaces } from '../src/i18n/i18n'
import { setFault } from '../mocks/faults'
import { http, HttpResponse } from 'msw'
import { server } from '../mocks/node'
import { HttpError } from '../src/http/http'
import { defineWidget } from '../src/props/schema'
import { watchPageLeave } from '../src/report/page-leave'
import { ERROR_EVENT, type ErrorDetail } from '../src/report/report'
import { redirectTo, setPageRedirect } from '../src/session/redirect'
import { ensureSessionChecked } from '../src/session/session'
import { WidgetTree } from './root'
import { render as renderDom } from './dom-root'
import { defineDomWidget } from '../src/props/schema'
import { FALLBACK_ATTRIBUTE } from './widget-code'
import { NO_PLACED_WIDGETS } from '../src/ui/widget-tag/WidgetTag'
import { createRuntime, ERROR_ATTRIBUTE, LEAVE_GRACE_MS, type Renderer } from './runtime'

/** The runtime's failure tools, as the entry loads them (src/page/page-base.ts). */
const failures = () => import('../src/page/page-base')

let events: ErrorDetail[] = []
const record = (e: Event) => events.push((e as CustomEvent<ErrorDetail>).detail)

beforeEach(() => {
  events = []
  window.addEventListener(ERROR_EVENT, record)
  watchPageLeave(window)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  window.removeEventListener(ERROR_EVENT, record)
  window.dispatchEvent(new Event('pageshow')) // the page is shown again: not leaving any more
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

const leavePage = () => window.dispatchEvent(new Event('pagehide'))

/** The text a crashed widget leaves in its place, with the mark that gives it its look. */
function expectCrashShown(fallback: HTMLElement, text: string) {
  expect(fallback).toHaveTextContent(text)
  expect(fallback).toHaveAttribute(FALLBACK_ATTRIBUTE)
}

/** The crash reached the host page's error event, with the widget's name. */
function expectCrashReported(widget: string, message: string) {
  expect(events).toContainEqual({
    widget,
    area: 'widget',
    message,
    error: expect.objectContaining({ message: 'boom' }),
  })
}

describe('a widget that crashes', () => {
  it('shows its fallback and is reported with its name, by the root error boundary', async () => {
    function Boom(): never {
      throw new Error('boom')
    }
    const element = document.createElement('div')
    document.body.append(element)
    const i18n = await loadNamespaces('nl', ['common'])
    renderTree(
      <WidgetTree
        client={new QueryClient()}
        i18n={i18n}
        locale="nl"
        name="boom"
        Widget={Boom}
        props={{}}
        element={element}
      />,
      { container: element },
    )
    expectCrashShown(await screen.findByRole('status'), 'Hier ging iets mis. Herlaad de pagina.')
    expectCrashReported('boom', 'The "boom" widget crashed')
    expect(console.error).toHaveBeenCalledWith(
      '[wine-widgets] The "boom" widget crashed',
      expect.objectContaining({ message: 'boom' }),
    )
  })
})

describe('a widget drawn without React that throws while drawing', () => {
  it('shows the same fallback as a React widget (text, look) and is reported with its name', async () => {
    const definition = defineDomWidget('boom-dom', {
      load: () =>
        Promise.resolve({
          default: () => {
            throw new Error('boom')
          },
        }),
    })
    const element = document.createElement('div')
    element.dataset.widget = 'boom-dom'
    element.textContent = 'placeholder'
    document.body.append(element)
    const root = await renderDom({
      element,
      definition,
      props: {},
      locale: 'fr',
      widgets: NO_PLACED_WIDGETS,
    })
    const fallback = screen.getByRole('status')
    expectCrashShown(fallback, 'Un problème est survenu ici. Veuillez recharger la page.')
    // The fallback replaces what the tag held (its placeholder).
    expect([...element.childNodes]).toEqual([fallback])
    expectCrashReported('boom-dom', 'boom-dom: uncaught error')
    root.unmount()
    expect(element).toBeEmptyDOMElement()
  })
})

describe('the current-user check', () => {
  it('a failed check is reported (area session)', async () => {
    setFault('getcurrentuser', { kind: 'status', status: 500 })
    await ensureSessionChecked()
    expect(events).toEqual([
      expect.objectContaining({
        widget: null,
        area: 'session',
        message:
          'session: who is signed in could not be checked — GET /login/getcurrentuser answered 500 (an endpoint the site must provide, see docs/server-contract.md)',
        method: 'GET',
        url: '/login/getcurrentuser',
        status: 500,
      }),
    ])
  })

  it('without the CSRF token call, names that call, not the check', async () => {
    server.use(http.get('/cp/auth/token', () => new HttpResponse(null, { status: 404 })))
    await ensureSessionChecked()
    const message =
      'session: who is signed in could not be checked — GET /cp/auth/token answered 404 (an endpoint the site must provide, see docs/server-contract.md)'
    expect(console.error).toHaveBeenCalledTimes(1)
    expect(console.error).toHaveBeenCalledWith(`[wine-widgets] ${message}`)
    expect(events).toEqual([
      {
        widget: null,
        area: 'session',
        message,
        error: expect.any(HttpError),
        method: 'GET',
        url: '/cp/auth/token',
        status: 404,
      },
    ])
  })

  it('a check the departure cut short is neither logged nor reported', async () => {
    setFault('getcurrentuser', { kind: 'network' })
    leavePage()
    await ensureSessionChecked()
    expect(events).toEqual([])
    expect(console.error).not.toHaveBeenCalled()
  })
})

describe('loading a widget', () => {
  const plain = defineWidget('plain', { load: () => Promise.resolve({ default: () => null }) })
  const failing =
    (error: Error): Renderer =>
    () =>
      Promise.reject(error)

  async function mountWith(render: Renderer): Promise<HTMLElement> {
    document.body.innerHTML = '<div data-widget="plain"></div>'
    const runtime = createRuntime({ registry: [plain], render, failures })
    await runtime.mount()
    return document.querySelector<HTMLElement>('[data-widget]')!
  }

  it('a chunk that fails on a page that stays is marked and reported (area mount)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const el = await mountWith(
      failing(new TypeError('Failed to fetch dynamically imported module')),
    )
    // Reported once the page is still there after the grace a navigation would need, and the
    // task the report waits for a stopped load.
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS)
    await vi.runOnlyPendingTimersAsync()
    vi.useRealTimers()
    expect(el.getAttribute(ERROR_ATTRIBUTE)).toMatch(/could not load/)
    expect(events).toEqual([
      expect.objectContaining({ widget: 'plain', area: 'mount', error: expect.any(TypeError) }),
    ])
  })

  it.each([
    'error loading dynamically imported module: /widgets/chunks/core.js',
    'Importing a module script failed.',
  ])('a chunk stopped by leaving the page ("%s") is not a failure', async (message) => {
    leavePage()
    const el = await mountWith(failing(new TypeError(message)))
    expect(el.hasAttribute(ERROR_ATTRIBUTE)).toBe(false)
    expect(events).toEqual([])
    expect(console.error).not.toHaveBeenCalled()
  })
})

describe('a widget redirect', () => {
  it('is announced from the widget element; a listener that cancels it keeps the page', () => {
    const went: string[] = []
    setPageRedirect((url) => went.push(url))
    const example = document.createElement('div')
    const widget = document.createElement('div')
    example.append(widget)
    document.body.append(example)
    const seen: string[] = []
    example.addEventListener('wine-widgets:navigate', (e) => {
      seen.push((e as CustomEvent<{ url: string }>).detail.url)
      e.preventDefault()
    })
    expect(redirectTo('/en', widget)).toBe(false)
    expect(redirectTo('/fr', document.body)).toBe(true)
    expect(seen).toEqual(['/en'])
    expect(went).toEqual(['/fr'])
  })
})
