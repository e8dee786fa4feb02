// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reportError } from './report'
import { HttpError } from '../http/http'

const failure = () =>
  new HttpError({ method: 'POST', url: '/api/getbundle', status: 404, kind: 'status' })

function page(config: string | null): HTMLElement {
  document.body.innerHTML =
    (config === null
      ? ''
      : `<script type="application/json" id="wine-widgets-config">${config}</script>`) +
    '<div data-widget="bundle" data-odoo-code="B12"><p>Could not load</p></div><p>after</p>'
  return document.querySelector<HTMLElement>('[data-widget]')!
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('a failure beside its tag', () => {
  it('shows on a demo page what the console says, right after the tag, once per text', () => {
    const tag = page('{"demo": true}')
    const report = () =>
      reportError({
        widget: 'bundle',
        area: 'data',
        message: 'bundle: could not load B12',
        error: failure(),
        element: tag,
      })
    report()
    report() // Try again, failing the same way
    const notes = [...document.querySelectorAll('[data-widget-note]')]
    expect(notes.map((n) => n.textContent)).toEqual([
      'bundle: could not load B12 — POST /api/getbundle answered 404 (an endpoint the site must provide, see docs/server-contract.md)',
    ])
    expect(notes[0]?.getAttribute('role')).toBe('note')
    expect(tag.nextElementSibling).toBe(notes[0])
    // The widget keeps its own content.
    expect(tag.textContent).toBe('Could not load')
  })

  it.each([
    ['without "demo"', '{"algolia": {}}'],
    ['with "demo": false', '{"demo": false}'],
    ['with an unreadable block', '{demo'],
    ['without a config block', null],
  ])('shows nothing more to shoppers (%s)', (_, config) => {
    const tag = page(config)
    reportError({ widget: 'bundle', area: 'data', message: 'x', error: failure(), element: tag })
    expect(document.querySelectorAll('[data-widget-note]')).toHaveLength(0)
    expect(console.error).toHaveBeenCalledTimes(1)
  })
})
