/**
 * What the calls of src/api share. In the core (vite.config.ts CORE), which every widget root
 * loads: a module of their own would be a chunk, and a request, of its own.
 */
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query'
import { HttpError } from '../http/http'

/** An answer without the documented shape fails like a failed call ("Error fetching data"). */
export function malformed(url: string, reason: string): HttpError {
  return new HttpError(200, url, { cause: new Error(reason) })
}

/**
 * The query of one backend call: its options (the request's key, the call given React Query's
 * abort signal, and any `extra` option) and the hook that reads them through the page's shared
 * cache.
 */
export function callQuery<R, T, K extends QueryKey>(
  key: (request: R) => K,
  call: (request: R, signal: AbortSignal) => Promise<T>,
  extra: { retry?: boolean } = {},
) {
  const options = (request: R) =>
    queryOptions({
      queryKey: key(request),
      queryFn: ({ signal }) => call(request, signal),
      ...extra,
    })
  function useCall(request: R) {
    return useQuery(options(request))
  }
  return { options, use: useCall }
}
