import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

// No attributes: the locale comes from the page, the search key from the config block.
const props = {} as const satisfies PropsSchema

export type SearchProps = PropsOf<typeof props>

export const search = defineWidget({
  name: 'search',
  description:
    'Header search button that opens the full-screen wine search (and the sommelier) in a modal.',
  example: '<div data-widget="search"></div>',
  props,
  load: () => import('./Search'),
})
