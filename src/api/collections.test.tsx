import { afterEach, describe, expect, it } from 'vitest'
import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import { HttpError } from '../http/http'
import { collectionEntriesUrl, editorialFields } from './collection-url'
import { collectionQueryKey, getCollectionEntries } from './collection-query'
import { useCollection, useEditorialEntries } from './collections'

const ENTRIES = '/api/collections/:collection/entries'

/** Answers every entries request with `data` and records the requested URLs. */
function serve(data: unknown[]) {
  const requests: URL[] = []
  server.use(
    http.get(ENTRIES, ({ request }) => {
      requests.push(new URL(request.url))
      return HttpResponse.json({ data, links: {}, meta: { total: data.length } })
    }),
  )
  return requests
}

describe('getCollectionEntries (limit=1000, filter[site]={locale}, fields)', () => {
  it('asks for 1000 entries of the locale with the fields joined by commas', async () => {
    const requests = serve([{ id: '1', quote: 'In vino veritas', author: 'Pline' }])
    const entries = await getCollectionEntries('quotes', 'nl', ['id', 'quote', 'author'])
    expect(entries).toEqual([{ id: '1', quote: 'In vino veritas', author: 'Pline' }])
    expect(requests).toHaveLength(1)
    const url = requests[0]!
    expect(url.pathname).toBe('/api/collections/quotes/entries')
    expect(url.searchParams.get('limit')).toBe('1000')
    expect(url.searchParams.get('filter[site]')).toBe('nl')
    expect(url.searchParams.get('fields')?.split(',').sort()).toEqual(['author', 'id', 'quote'])
  })

  it('builds the documented URL', () => {
    expect(collectionEntriesUrl('regions', 'fr', ['url', 'title', 'level'])).toBe(
      '/api/collections/regions/entries?limit=1000&filter[site]=fr&fields=level,title,url',
    )
  })

  it('sorts entries by title on the client, accent- and case-insensitively', async () => {
    serve([
      { title: 'Pomerol' },
      { title: 'côtes du Rhône' },
      { title: 'Alsace' },
      { title: 'Émilie-Romagne' },
      { title: 'Bourgogne' },
    ])
    const entries = await getCollectionEntries<{ title: string }>('regions', 'fr', ['title'])
    expect(entries.map((e) => e.title)).toEqual([
      'Alsace',
      'Bourgogne',
      'côtes du Rhône',
      'Émilie-Romagne',
      'Pomerol',
    ])
  })

  it('keeps the server order for entries without a title (quotes)', async () => {
    serve([{ id: 'b' }, { id: 'a' }, { id: 'c' }])
    const entries = await getCollectionEntries('quotes', 'en', ['id'])
    expect(entries.map((e) => e.id)).toEqual(['b', 'a', 'c'])
  })

  it.each([404, 422, 429, 500])(
    'a %i answer is an HttpError "Error fetching data"',
    async (status) => {
      server.use(http.get(ENTRIES, () => HttpResponse.json({ message: 'nope' }, { status })))
      const error = await getCollectionEntries('quotes', 'fr', ['id']).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(HttpError)
      expect(error).toMatchObject({ status, message: 'Error fetching data' })
    },
  )

  it('an answer without a data list is an HttpError', async () => {
    server.use(http.get(ENTRIES, () => HttpResponse.json({ entries: [] })))
    await expect(getCollectionEntries('quotes', 'fr', ['id'])).rejects.toBeInstanceOf(HttpError)
  })

  it('drops items that are not entries', async () => {
    serve([null, 'x', { id: '1' }, 3])
    expect(await getCollectionEntries('quotes', 'fr', ['id'])).toEqual([{ id: '1' }])
  })
})

describe('collectionQueryKey', () => {
  it("is ['collection', collection, locale, sorted fields]", () => {
    expect(collectionQueryKey('slider', 'fr', ['url', 'title', 'hero'])).toEqual([
      'collection',
      'slider',
      'fr',
      'hero,title,url',
    ])
  })

  it('does not depend on the order of the fields and leaves the caller’s array alone', () => {
    const fields = ['url', 'title']
    expect(collectionQueryKey('articles', 'nl', fields)).toEqual(
      collectionQueryKey('articles', 'nl', ['title', 'url']),
    )
    expect(fields).toEqual(['url', 'title'])
  })
})

describe('useCollection', () => {
  function wrapper() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    return ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
  }

  it('makes one request for several widgets asking the same collection, locale and fields', async () => {
    const requests = serve([{ title: 'B' }, { title: 'A' }])
    const Wrapper = wrapper()
    const { result } = renderHook(
      () => [
        useCollection<{ title: string }>('grapes', 'fr', ['title', 'url']),
        useCollection<{ title: string }>('grapes', 'fr', ['url', 'title']),
      ],
      { wrapper: Wrapper },
    )
    await waitFor(() => expect(result.current[0]!.isSuccess).toBe(true))
    expect(result.current[1]!.data?.map((e) => e.title)).toEqual(['A', 'B'])
    expect(requests).toHaveLength(1)
  })

  it('asks again for another locale', async () => {
    const requests = serve([{ title: 'A' }])
    const Wrapper = wrapper()
    const { result } = renderHook(
      () => [useCollection('grapes', 'fr', ['title']), useCollection('grapes', 'nl', ['title'])],
      { wrapper: Wrapper },
    )
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true))
    expect(requests.map((u) => u.searchParams.get('filter[site]')).sort()).toEqual(['fr', 'nl'])
  })

  it('reports a failed load as an error', async () => {
    server.use(http.get(ENTRIES, () => new HttpResponse(null, { status: 500 })))
    const { result } = renderHook(() => useCollection('quotes', 'fr', ['id']), {
      wrapper: wrapper(),
    })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toMatchObject({ status: 500 })
  })
})

describe('useEditorialEntries (slider, decouvrir and index share one request)', () => {
  const wrapperWith = (client: QueryClient) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return <QueryClientProvider client={client}>{children}</QueryClientProvider>
    }

  /** Puts editorial widget tags on the page, as the CMS would. */
  function tags(...list: [string, string][]) {
    for (const [widget, collection] of list) {
      const el = document.createElement('div')
      el.setAttribute('data-widget', widget)
      el.setAttribute('data-collection', collection)
      document.body.appendChild(el)
    }
  }

  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('asks once for the fields of an index and the sliders it inserts, and checks the entries', async () => {
    tags(['index', 'regions'])
    const requests = serve([
      { title: 'Loire', url: '/en/regions/loire', level: { key: 'region' } },
      { title: 'Alsace', url: 'javascript:alert(1)', hero: { url: '/assets/a.jpg' } },
      { url: '/en/regions/untitled' },
    ])
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const { result } = renderHook(
      () => [
        useEditorialEntries('regions', 'en', 'index'),
        useEditorialEntries('regions', 'en', 'slider'),
      ],
      { wrapper: wrapperWith(client) },
    )
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true))
    expect(requests).toHaveLength(1)
    expect(requests[0]!.searchParams.get('fields')).toBe(
      'hero,intro,level,meta_description,title,url',
    )
    expect(result.current[0]!.data).toEqual([
      {
        title: 'Alsace',
        url: '',
        hero: '/assets/a.jpg',
        metaDescription: '',
        intro: '',
        level: null,
      },
      {
        title: 'Loire',
        url: '/en/regions/loire',
        hero: '',
        metaDescription: '',
        intro: '',
        level: 'region',
      },
    ])
  })

  it.each([
    [
      'a page with only a slider',
      [['slider', 'grapes']],
      'slider',
      'hero,intro,meta_description,title,url',
    ],
    [
      'a decouvrir (and its side slider), with the index its collection page reads',
      [
        ['decouvrir', 'grapes'],
        ['slider', 'grapes'],
      ],
      'decouvrir',
      'hero,intro,level,meta_description,title,url',
    ],
    [
      'a slider beside an index of another collection',
      [
        ['slider', 'grapes'],
        ['index', 'regions'],
      ],
      'slider',
      'hero,intro,meta_description,title,url',
    ],
    [
      'a slider on a page that also has an index of it',
      [
        ['slider', 'grapes'],
        ['index', 'grapes'],
      ],
      'slider',
      'hero,intro,level,meta_description,title,url',
    ],
  ] as const)('%s: only the fields the page needs', async (_label, onPage, widget, fields) => {
    tags(...onPage.map(([w, c]): [string, string] => [w, c]))
    const requests = serve([{ title: 'Merlot', url: '/en/grapes/merlot' }])
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const { result } = renderHook(() => useEditorialEntries('grapes', 'en', widget), {
      wrapper: wrapperWith(client),
    })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(requests.map((r) => r.searchParams.get('fields'))).toEqual([fields])
  })

  it('lists the fields each use needs', () => {
    expect(editorialFields('grapes', 'slider', null)).toEqual([
      'hero',
      'intro',
      'meta_description',
      'title',
      'url',
    ])
    expect(editorialFields('regions', 'index', null)).toContain('level')
  })

  it('a decouvrir asks what the index of its collection asks: one read for both pages', () => {
    expect(editorialFields('grapes', 'decouvrir', null)).toEqual(
      editorialFields('grapes', 'index', null),
    )
  })
})
