// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isPageLeaving, watchPageLeave } from './page-leave'

// jsdom has no Navigation API: the page is followed the way WebKit's is.
beforeAll(() => {
  watchPageLeave(window)
  // Keep jsdom from trying to navigate; registered after the watcher, so it sees no prevention.
  window.addEventListener('click', (event) => event.preventDefault())
})

afterEach(() => {
  window.dispatchEvent(new Event('pageshow'))
  document.body.replaceChildren()
})

function link(href: string, attributes: Record<string, string> = {}) {
  const a = document.createElement('a')
  a.href = href
  a.textContent = 'Go'
  for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value)
  document.body.append(a)
  return a
}

const click = (el: Element, init: MouseEventInit = {}) =>
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }))

describe('leaving the page without the Navigation API (WebKit)', () => {
  it('a second click on a link while a navigation is pending: leaving again after its pointerdown', () => {
    window.dispatchEvent(new Event('beforeunload'))
    expect(isPageLeaving(window)).toBe(true)
    const second = link('/en/bundles/belgian-discovery')
    second.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(isPageLeaving(window)).toBe(false)
    click(second)
    expect(isPageLeaving(window)).toBe(true)
  })

  it.each([
    ['a fragment of this page', () => link('#details'), {}],
    ['a new tab (target)', () => link('/en/faq', { target: '_blank' }), {}],
    ['a download', () => link('/files/menu.pdf', { download: '' }), {}],
    ['a click with a modifier', () => link('/en/faq'), { ctrlKey: true }],
    ['a non-web link', () => link('mailto:shop@example.be'), {}],
  ])('%s does not leave', (_what, make, init) => {
    click(make(), init)
    expect(isPageLeaving(window)).toBe(false)
  })

  it('a link the page handles itself (prevented) does not leave', () => {
    const a = link('/en/cart')
    a.addEventListener('click', (event) => event.preventDefault())
    click(a)
    expect(isPageLeaving(window)).toBe(false)
  })
})
