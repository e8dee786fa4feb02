import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

const props = {
  /** The bundle's back-office code (e.g. `BUN-001`): `getbundle` loads it. */
  odooCode: {
    type: 'string',
    required: true,
    doc: "The bundle's back-office code, e.g. BUN-001.",
  },
} as const satisfies PropsSchema

export type BundleProps = PropsOf<typeof props>

export const bundle = defineWidget({
  name: 'bundle',
  description:
    'Bundle (wine pack) page: price, quantity and add to cart, the wines it holds and the shipping or money-back claim.',
  example: '<div data-widget="bundle" data-odoo-code="BUN-001"></div>',
  props,
  load: () => import('./Bundle'),
})
