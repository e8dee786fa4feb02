import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

/** No attributes: the cart page shows the page's cart. */
const props = {} as const satisfies PropsSchema

export type CartProps = PropsOf<typeof props>

export const cart = defineWidget({
  name: 'cart',
  description:
    'Cart page and checkout: lines, droplets earned and redeemed, shipping, totals, the login box for visitors, delivery/invoice/VAT forms and card payment.',
  example: '<div data-widget="cart"></div>',
  props,
  load: () => import('./Cart'),
})
