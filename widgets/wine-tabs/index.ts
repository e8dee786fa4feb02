import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'
import { LINK_PROP } from '../../src/props/shared-specs'

const props = {
  /** The wine's back-office code (e.g. `W10001`): `getwinevariants` lists its vintages. */
  odooCode: {
    type: 'string',
    required: true,
    doc: "The wine's back-office code, e.g. W10001.",
  },
  /** The wine's name, as it should appear in the cart. */
  name: {
    type: 'string',
    required: true,
    doc: 'The wine name shown in the cart and the minicart.',
  },
  /** The wine's label image, shown beside its line in the cart. */
  image: {
    ...LINK_PROP,
    doc: "Optional: the wine's label image (a path or an https:// address), shown as the thumbnail of its line in the cart.",
  },
} as const satisfies PropsSchema

export type WineTabsProps = PropsOf<typeof props>

export const wineTabs = defineWidget({
  name: 'wine-tabs',
  description:
    'Wine page: a tab per vintage with scores and tasting note, a tab per bottle size with price, quantity and add to cart.',
  example:
    '<div data-widget="wine-tabs" data-odoo-code="W10001" data-name="Château Lagrange-Belair Pauillac Grand Vin"></div>',
  props,
  load: () => import('./WineTabs'),
})
