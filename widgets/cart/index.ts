import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

/** No attributes: the cart page shows the page's cart. */
const props = {} as const satisfies PropsSchema

export type CartProps = PropsOf<typeof props>

export const cart = defineWidget({
  name: 'cart',
  description:
    'Cart page: lines with quantity and remove, droplets earned, totals, the login box for visitors and three shop claims.',
  example: '<div data-widget="cart"></div>',
  props,
  load: () => import('./Cart'),
})
