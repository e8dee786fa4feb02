/**
 * Test set-up for the widgets that list a CMS collection (index, slider, decouvrir): the entries
 * every collection answers with, instead of the mock CMS's own.
 */
import { http, HttpResponse } from 'msw'
import { server } from '../node'

/**
 * Answers every `GET /api/collections/:collection/entries` with `entries`, as Statamic would;
 * returns the requested URLs, in order.
 */
export function serveEntries(entries: unknown[]): URL[] {
  const requests: URL[] = []
  server.use(
    http.get('/api/collections/:collection/entries', ({ request }) => {
      requests.push(new URL(request.url))
      return HttpResponse.json({ data: entries, links: {}, meta: { total: entries.length } })
    }),
  )
  return requests
}
