import type { EditorialWidget } from '../api/collection-url'
import type { PrefetchTag } from './schema'

/**
 * The `prefetch` of an editorial widget's definition (slider, index, decouvrir): its collection's
 * URL. The code that builds it (collection-url) loads on demand, beside the widget's code, so the
 * entry, which holds the definitions, carries only this line. Apart from the prop specs
 * (./shared-specs.ts), which are the page base's: the entry holds no attribute schema.
 */
export const prefetchEditorial =
  (widget: EditorialWidget) =>
  (tag: PrefetchTag<{ collection: string }>): Promise<string[]> =>
    import('../api/collection-url').then((m) => m.editorialPrefetch(widget, tag))
