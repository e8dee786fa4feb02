import { EDITORIAL_COLLECTIONS } from '../domain/editorial-constants'
import type { EditorialWidget } from '../api/collection-url'
import type { PrefetchTag } from './schema'

/* What several widgets' definitions share: prop specs (`collection: COLLECTION_PROP` in a
 * `props.ts`) and the editorial widgets' `prefetch`. */

/** A link an editor writes: a site path or an http(s) address, never a `javascript:` or `data:` link. */
export const LINK_PROP = { type: 'string', pattern: /^(\/(?!\/)|https?:\/\/)/ } as const

/** The editorial collection a widget shows (required). */
export const COLLECTION_PROP = {
  type: 'enum',
  values: EDITORIAL_COLLECTIONS,
  required: true,
} as const

/**
 * The `prefetch` of an editorial widget's definition (slider, index, decouvrir): its collection's
 * URL. The code that builds it (collection-url) loads on demand, beside the widget's code, so the
 * entry, which holds the definitions, carries only this line.
 */
export const prefetchEditorial =
  (widget: EditorialWidget) =>
  (tag: PrefetchTag<{ collection: string }>): Promise<string[]> =>
    import('../api/collection-url').then((m) => m.editorialPrefetch(widget, tag))
