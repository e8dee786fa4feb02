import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'
import { DEFAULT_INDEX_COLUMNS } from '../../src/domain/editorial-constants'
import { COLLECTION_PROP } from '../../src/props/shared-specs'

const props = {
  /** The collection to list. */
  collection: {
    ...COLLECTION_PROP,
    doc: 'The collection to list: every entry, sorted by title, linking to its page.',
  },
  /**
   * Number of equal columns (one column on small screens).
   * @default 3
   */
  columns: {
    type: 'number',
    integer: true,
    min: 1,
    max: 6,
    default: DEFAULT_INDEX_COLUMNS,
    doc: 'Number of equal columns on wide screens (one column on small screens).',
  },
} as const satisfies PropsSchema

export type IndexProps = PropsOf<typeof props>

export const index = defineWidget({
  name: 'index',
  description:
    'A collection index: all entries sorted by title in equal columns, a blank gap where the first letter changes, regions with their level in brackets, and a slider of the collection after item 5 of the first column, 10 of the second and 7 of the third (only in columns that long).',
  example: '<div data-widget="index" data-collection="grapes" data-columns="3"></div>',
  props,
  load: () => import('./Index'),

  places: ['slider'],
  prefetch: (tag) =>
    import('../../src/api/collection-url').then((m) => m.editorialPrefetch('index', tag)),
})
