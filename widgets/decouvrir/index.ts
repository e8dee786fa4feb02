import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'
import { COLLECTION_PROP } from '../../src/props/shared-specs'

const props = {
  /** The collection whose entry titles are listed. */
  collection: {
    ...COLLECTION_PROP,
    doc: 'The collection whose entry titles are listed (sorted by title), with a slider of the same collection beside them.',
  },
  /** A heading above the list (shown as text). */
  header: {
    type: 'string',
    doc: 'Heading above the list (plain text).',
  },
  /** One line under the heading (shown as text). */
  explain: {
    type: 'string',
    doc: 'A short explanation under the heading (plain text).',
  },
} as const satisfies PropsSchema

export type DecouvrirProps = PropsOf<typeof props>

export const decouvrir = defineWidget({
  name: 'decouvrir',
  description:
    'Entry titles of a collection linking to their pages, with a side slider: hovering or focusing a title shows that entry in the slider, and on a touch screen a first tap does (a second tap follows the link) (it sends the slider:select bus event, which every slider of the same collection on the page follows).',
  example:
    '<div data-widget="decouvrir" data-collection="grapes" data-header="Discover our grapes" data-explain="Point at a grape or tap it to see it."></div>',
  props,
  load: () => import('./Decouvrir'),
  places: ['slider'],
  prefetch: (tag) =>
    import('../../src/api/collection-url').then((m) => m.editorialPrefetch('decouvrir', tag)),
})
