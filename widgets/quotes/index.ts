import { defineDomWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

const props = {
  /**
   * Seconds between two quotes (at least 5).
   * @default 15
   */
  interval: {
    type: 'number',
    default: 15,
    min: 5,
    doc: 'Seconds between two quotes (at least 5).',
  },
} as const satisfies PropsSchema

export type QuotesProps = PropsOf<typeof props>

export const quotes = defineDomWidget({
  name: 'quotes',
  description: 'A random wine quote with its author, changing every 15 seconds with a fade.',
  example: '<div data-widget="quotes"></div>',
  props,
  load: () => import('./Quotes'),
})
