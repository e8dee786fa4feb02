import { isLocale } from '../src/domain/types'
import {
  allCollectionEntries,
  collectionEntries,
  isCollectionName,
  type AnyEntry,
} from '../fixtures/collections'
import { json, withFaults } from './route'
import { contractHttp } from './contract-http'
import type { Answer } from '../src/api/wire'

const DEFAULT_PAGE_SIZE = 25
const ALLOWED_FILTERS = ['site']

function selectFields(entry: AnyEntry, fields: string[] | null): Record<string, unknown> {
  if (!fields) return { ...entry }
  const source = entry as unknown as Record<string, unknown>
  return Object.fromEntries(fields.filter((f) => f in source).map((f) => [f, source[f]]))
}

const positiveInt = (value: string | null, fallback: number): number => {
  const n = value === null ? NaN : Number(value)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

/**
 * Statamic's REST API: `GET /api/collections/{collection}/entries` with `limit`, `page`,
 * `filter[site]`, `fields` and `sort`, answering `{ data, links, meta }`.
 */
export const collectionHandlers = [
  contractHttp.get(
    '/api/collections/{collection}/entries',
    withFaults('collections', ({ url, params }) => {
      const collection = String(params.collection)
      if (!isCollectionName(collection)) return json({ message: 'Not Found' }, 404)

      let site: string | null = null
      for (const [key, value] of url.searchParams) {
        const match = /^filter\[([^\]:]+)(?::[^\]]*)?\]$/.exec(key)
        if (!match) continue
        const name = match[1]!
        if (!ALLOWED_FILTERS.includes(name))
          return json({ message: `Forbidden filter: ${name}` }, 422)
        site = value
      }

      let entries: AnyEntry[]
      if (site === null) entries = allCollectionEntries(collection)
      else entries = isLocale(site) ? collectionEntries(collection, site) : []

      const sort = url.searchParams.get('sort')
      if (sort) {
        const desc = sort.startsWith('-')
        const field = desc ? sort.slice(1) : sort
        const value = (e: AnyEntry) => {
          const v: unknown = (e as unknown as Record<string, unknown>)[field]
          return typeof v === 'string' || typeof v === 'number' ? String(v) : ''
        }
        entries = [...entries].sort((a, b) => value(a).localeCompare(value(b)) * (desc ? -1 : 1))
      }

      const perPage = positiveInt(url.searchParams.get('limit'), DEFAULT_PAGE_SIZE)
      const total = entries.length
      const lastPage = Math.max(1, Math.ceil(total / perPage))
      const page = positiveInt(url.searchParams.get('page'), 1)
      const start = (page - 1) * perPage
      const slice = entries.slice(start, start + perPage)
      const fieldsParam = url.searchParams.get('fields')
      const fields = fieldsParam
        ? fieldsParam
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean)
        : null

      const path = `${url.origin}${url.pathname}`
      const pageUrl = (p: number) => {
        const q = new URLSearchParams(url.searchParams)
        q.set('page', String(p))
        return `${path}?${q.toString()}`
      }
      return json({
        data: slice.map((e) => selectFields(e, fields)),
        links: {
          first: pageUrl(1),
          last: pageUrl(lastPage),
          prev: page > 1 ? pageUrl(page - 1) : null,
          next: page < lastPage ? pageUrl(page + 1) : null,
        },
        meta: {
          current_page: page,
          from: slice.length ? start + 1 : null,
          last_page: lastPage,
          path,
          per_page: perPage,
          to: slice.length ? start + slice.length : null,
          total,
        },
      } satisfies Answer<'getCollectionEntries'>)
    }),
  ),
]
