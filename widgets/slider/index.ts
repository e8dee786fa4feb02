import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'
import { COLLECTION_PROP } from '../../src/props/shared-specs'

const props = {
  /** The collection whose entries the slider shows. */
  collection: {
    ...COLLECTION_PROP,
    doc: 'The collection whose entries it shows (entries sorted by title).',
  },
  /**
   * Show this entry (0 = the first by title) and do not rotate. Without it the slider starts on a
   * random entry and changes every 15 seconds, never showing the same one twice in a row.
   */
  index: {
    type: 'number',
    integer: true,
    min: 0,
    doc: 'Pin this entry (0 = the first by title) instead of rotating every 15 s. A `slider:select` bus event (sent by decouvrir on hover/focus) also pins the entry it names.',
  },
  /**
   * Width of the hero image in pixels; with `height` it fixes the image's aspect ratio, so the
   * page never shifts when the image arrives. The slider itself fills its container's width.
   * @default 1200
   */
  width: {
    type: 'number',
    integer: true,
    min: 1,
    default: 1200,
    doc: 'Hero image width in px; with height it reserves the space (aspect ratio), nothing shifts.',
  },
  /** @default 675 */
  height: {
    type: 'number',
    integer: true,
    min: 1,
    default: 675,
    doc: 'Hero image height in px (see width).',
  },
  /** Add a link to the collection index page (e.g. /fr/cepages). @default false */
  more: {
    type: 'boolean',
    default: false,
    doc: 'Add a link to the collection index page ("All regions", "Tous les cépages"…).',
  },
  /** The slider is the page's main image: load it at once with high priority. @default false */
  priority: {
    type: 'boolean',
    default: false,
    doc: 'Main image at the top of the page: load eagerly with high fetch priority (otherwise lazily).',
  },
} as const satisfies PropsSchema

export type SliderProps = PropsOf<typeof props>

export const slider = defineWidget({
  name: 'slider',
  description:
    'One entry of a collection (hero image, title, meta description, linked to its page). Rotates randomly every 15 s (never the same entry twice in a row; hover, focus or the pause button stop it), or shows a pinned data-index, or follows the entry a decouvrir list selects. Stops when removed.',
  example: '<div data-widget="slider" data-collection="grapes" data-more></div>',
  props,
  load: () => import('./Slider'),
  prefetch: (tag) =>
    import('../../src/api/collection-url').then((m) => m.editorialPrefetch('slider', tag)),
})
