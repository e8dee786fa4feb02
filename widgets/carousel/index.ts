import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

const props = {
  /** The heading, and the search-index tag whose wines are listed. */
  title: {
    type: 'string',
    required: true,
    doc: 'The heading (plain text). The carousel lists the wines whose search-index tag equals it, exactly (case and accents count).',
  },
  /** The tag to list when it must differ from the heading (e.g. a translated heading). */
  tag: {
    type: 'string',
    doc: 'Optional: the tag to list when it differs from the heading (e.g. data-title="Pour l’été" data-tag="Summer"). Defaults to the title.',
  },
} as const satisfies PropsSchema

export type CarouselProps = PropsOf<typeof props>

export const carousel = defineWidget({
  name: 'carousel',
  description:
    'Every wine of the search index whose tag equals the title (more load as the shopper scrolls), as search-panel cards: more than 4 scroll inside a maximum height, exactly 4 spread edge to edge, fewer are spaced evenly; on phones one row that scrolls sideways and snaps to each card. Needs the algolia config section.',
  example: '<div data-widget="carousel" data-title="Trio"></div>',
  props,
  load: () => import('./Carousel'),
})
