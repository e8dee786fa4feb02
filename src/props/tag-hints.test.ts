// @vitest-environment jsdom -- needs a DOM (tags, events)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineDomWidget, defineWidget, type AnyWidgetDefinition } from './schema'
import { editDistance, MAX_TYPO_DISTANCE } from '../domain/closest'
import { ERROR_EVENT, type ErrorDetail } from '../report/report'
import { createRuntime, type Renderer } from '../../mount/runtime'
import { render as renderDom } from '../../mount/dom-root'
import { NO_PLACED_WIDGETS } from '../ui/widget-tag/WidgetTag'
import { registry } from '../../mount/registry'
import { knownAttributes } from './tag-hints'

/** The runtime's failure tools, as the entry loads them (src/page/page-base.ts). */
const failures = () => import('../page/page-base')

const wine = defineWidget('wine', {
  props: { odooCode: { type: 'string', required: true }, interval: { type: 'number' } },
  load: () => Promise.resolve({ default: () => null }),
})
const drawn = defineDomWidget('drawn', {
  props: { interval: { type: 'number', default: 15 } },
  load: () => Promise.resolve({ default: () => ({ unmount: () => undefined }) }),
})

const DEMO = '<script type="application/json" id="wine-widgets-config">{"demo": true}</script>'

let events: ErrorDetail[] = []
const record = (e: Event) => events.push((e as CustomEvent<ErrorDetail>).detail)

beforeEach(() => {
  events = []
  window.addEventListener(ERROR_EVENT, record)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  window.removeEventListener(ERROR_EVENT, record)
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

/** Starts a runtime on `html` that renders nothing, and waits for every tag. */
async function mountPage(html: string, registered: AnyWidgetDefinition[] = [wine]) {
  document.body.innerHTML = html
  const render: Renderer = () => Promise.resolve({ unmount: () => undefined })
  const runtime = createRuntime({
    registry: registered,
    render,
    failures,
    showErrors: () => html.includes('"demo": true'),
  })
  await runtime.mount()
  await runtime.ready()
  // The report waits for the page base's import.
  await vi.waitFor(() => expect(events.length).toBeGreaterThan(0))
  return document.querySelector<HTMLElement>('[data-widget]')!
}

describe('a required attribute missing beside a near typo of it', () => {
  it('says "did you mean" in the console line and the event', async () => {
    const tag = await mountPage('<div id="w" data-widget="wine" data-odoo-cod="W1"></div>')
    const message =
      'div#w[data-widget="wine"]: widget "wine", attribute "data-odoo-code": data-odoo-code is required (the tag has data-odoo-cod: did you mean data-odoo-code?)'
    expect(console.error).toHaveBeenCalledTimes(1)
    expect(console.error).toHaveBeenCalledWith(`[wine-widgets] ${message}`, tag)
    expect(events).toEqual([expect.objectContaining({ widget: 'wine', area: 'mount', message })])
  })

  it('shows it in place on demo pages', async () => {
    const tag = await mountPage(`${DEMO}<div data-widget="wine" data-odoo-cod="W1"></div>`)
    expect(tag).toHaveTextContent(
      'wine: data-odoo-code is required (the tag has data-odoo-cod: did you mean data-odoo-code?)',
    )
  })

  it('says nothing more when no attribute of the tag is that close', async () => {
    await mountPage('<div data-widget="wine" data-gtm="x"></div>')
    expect(events.map((e) => e.message)).toEqual([
      'div[data-widget="wine"]: widget "wine", attribute "data-odoo-code": data-odoo-code is required',
    ])
  })
})

describe('a misspelt widget name', () => {
  it('names the closest widget in the console line, the event and in place on demo pages', async () => {
    const tag = await mountPage(`${DEMO}<div id="w" data-widget="wien"></div>`, [wine, drawn])
    const message =
      'div#w[data-widget="wien"]: widget "wien", attribute "data-widget": unknown widget "wien" (known: wine, drawn); did you mean "wine"?'
    expect(console.error).toHaveBeenCalledWith(`[wine-widgets] ${message}`, tag)
    expect(events).toEqual([expect.objectContaining({ area: 'mount', message })])
    expect(tag).toHaveTextContent('did you mean "wine"?')
  })

  it('says nothing more when no widget is that close', async () => {
    await mountPage('<div data-widget="sommelier-chat-box"></div>', [wine, drawn])
    expect(events.map((e) => e.message)).toEqual([
      'div[data-widget="sommelier-chat-box"]: widget "sommelier-chat-box", attribute "data-widget": unknown widget "sommelier-chat-box" (known: wine, drawn)',
    ])
  })
})

describe('an attribute the widget does not know', () => {
  async function renderDrawn(html: string) {
    document.body.innerHTML = html
    const element = document.querySelector<HTMLElement>('[data-widget]')!
    await renderDom({
      element,
      definition: drawn,
      props: { interval: 15 },
      locale: 'en',
      widgets: NO_PLACED_WIDGETS,
    })
    return element
  }

  it('warns once, naming the closest known attribute, the widget still drawn', async () => {
    const tag = await renderDrawn(
      '<div data-widget="drawn" data-intervall="5" data-lod="visible" data-gtm-id="x"></div>',
    )
    expect(vi.mocked(console.warn).mock.calls).toEqual([
      ['[wine-widgets] drawn: unknown attribute data-intervall; did you mean data-interval?', tag],
      ['[wine-widgets] drawn: unknown attribute data-lod; did you mean data-load?', tag],
    ])
    expect(events).toEqual([
      expect.objectContaining({ widget: 'drawn', area: 'mount' }),
      expect.objectContaining({ widget: 'drawn', area: 'mount' }),
    ])
    expect(console.error).not.toHaveBeenCalled()
    expect(document.querySelectorAll('[data-widget-note]')).toHaveLength(0)
  })

  it('is shown beside the tag on demo pages', async () => {
    const tag = await renderDrawn(`${DEMO}<div data-widget="drawn" data-intervall="5"></div>`)
    const note = tag.nextElementSibling
    expect(note).toHaveAttribute('data-widget-note', 'drawn')
    expect(note).toHaveTextContent(
      'drawn: unknown attribute data-intervall; did you mean data-interval?',
    )
  })
})

describe('the registry', () => {
  it('has no widget with two attributes a typo apart (a near typo names one attribute only)', () => {
    const close = registry.flatMap((definition) => {
      const known = knownAttributes(definition)
      return known.flatMap((a, i) =>
        known
          .slice(i + 1)
          .filter((b) => editDistance(a, b) <= MAX_TYPO_DISTANCE)
          .map((b) => `${definition.name}: ${a} ~ ${b}`),
      )
    })
    expect(close).toEqual([])
  })
})
