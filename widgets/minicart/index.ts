import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

/** No attributes: the minicart shows the page's cart. */
const props = {} as const satisfies PropsSchema

export type MinicartProps = PropsOf<typeof props>

export const minicart = defineWidget({
  name: 'minicart',
  description:
    'Header cart: item count badge and, on hover or focus, the lines, the subtotal without shipping and a link to the cart page.',
  example: '<div data-widget="minicart"></div>',
  props,
  load: () => import('./Minicart'),
})
