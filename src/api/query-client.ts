/**
 * The page's React Query cache (docs/architecture.md: one QueryClient for every root, created by the
 * runtime). Server state may be personal (a user's invoices): on logout and on the inactivity
 * clean-up (`user:logged-out`) the whole cache is dropped, so the previous user's data never
 * stays in memory for the next visitor of the same tab. The CMS collections, the same for every
 * visitor, are kept for the tab's next pages (./collection-cache).
 *
 * `getPageQueryClient()` is that one client: mount/root.tsx provides it to every root, and code
 * outside React (the session's current-user check) runs its queries through it too.
 */
// React Query's core (the same class React Query re-exports): no React, so a widget drawn
// without React can use the page's cache too.
import { QueryClient } from '@tanstack/query-core'
import { busOf, getBus, type Bus } from '../bus/bus'
import { pageSlot } from '../page/page-context'
import { keepCollectionsForTheTab } from './collection-cache'

export function createPageQueryClient(bus: Bus = getBus()): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
  // Subscribed when the cache is created: nothing can be cached before, so nothing is missed.
  bus.on('user:logged-out', () => client.clear())
  // The CMS collections read by the tab's earlier pages, and those this page reads, for the next.
  keepCollectionsForTheTab(client)
  return client
}

const pageClient = pageSlot(
  (page) => createPageQueryClient(busOf(page)),
  (client) => client.clear(),
)

/** The page's one QueryClient, created on first use (on the page's bus). */
export const getPageQueryClient = (): QueryClient => pageClient.get()
