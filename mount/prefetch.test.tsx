import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, waitFor } from '@testing-library/react'
import { server } from '../mocks/node'
import { renderWidget } from '../mocks/render-widget'
import { parseProps } from '../src/props/parse'
import { registry } from './registry'
import { docsOf } from './catalogue'

/** The attributes of a definition's example tag (`<div data-widget="…" data-…>`). */
function exampleAttributes(example: string): Record<string, string> {
  const template = document.createElement('template')
  template.innerHTML = example
  const tag = template.content.firstElementChild
  if (!tag) throw new Error(`no tag in ${example}`)
  return Object.fromEntries(
    [...tag.attributes].filter((a) => a.name !== 'data-widget').map((a) => [a.name, a.value]),
  )
}

const prefetching = registry.filter((d) => d.prefetch)

afterEach(() => {
  cleanup()
  document.body.replaceChildren()
})

describe('a widget preloads exactly the reads of its first render', () => {
  it('is declared by the widgets that show collection entries with images at once', () => {
    expect(prefetching.map((d) => d.name).sort()).toEqual(['decouvrir', 'index', 'slider'])
  })

  it.each(prefetching.map((d) => [d.name, d] as const))(
    '%s: every preloaded URL is one its first render fetches, so the fetch takes the preloaded answer',
    async (_name, definition) => {
      const requested: string[] = []
      const seen = ({ request }: { request: Request }) => {
        const url = new URL(request.url)
        requested.push(url.pathname + url.search)
      }
      server.events.on('request:start', seen)
      try {
        const { element } = await renderWidget(definition, {
          locale: 'nl',
          attributes: exampleAttributes(docsOf(definition).example),
        })
        const urls = await definition.prefetch?.({
          props: parseProps(definition.props, element.dataset),
          locale: 'nl',
          page: document,
        })
        expect(urls?.length).toBeGreaterThan(0)
        await waitFor(() => {
          for (const url of urls ?? []) expect(requested).toContain(url)
        })
      } finally {
        server.events.removeListener('request:start', seen)
      }
    },
  )
})

/** The widgets known to place others (their sliders). */
const PLACERS = ['index', 'decouvrir']

describe('a widget that places other widgets loads their code with its own', () => {
  it.each(registry.map((d) => [d.name, d] as const))(
    "%s: every widget tag its first render places is in its definition's places",
    async (_name, definition) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined) // widgets without config
      const { element } = await renderWidget(definition, {
        locale: 'en',
        attributes: exampleAttributes(docsOf(definition).example),
        widgets: { has: () => true, mount: () => Promise.resolve() },
      })
      const placed = () =>
        [...element.querySelectorAll<HTMLElement>('[data-widget]')].map((el) => el.dataset.widget)
      // An index or decouvrir places its sliders once it has its entries.
      if (PLACERS.includes(definition.name))
        await waitFor(() => expect(placed().length).toBeGreaterThan(0))
      for (const name of placed()) expect(definition.places ?? []).toContain(name)
    },
  )
})
