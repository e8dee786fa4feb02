import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

/** No attributes: every choice is made in the form. */
const props = {} as const satisfies PropsSchema

export type GiftboxProps = PropsOf<typeof props>

export const giftbox = defineWidget({
  name: 'giftbox',
  description:
    'Business-gift budget calculator: boxes, logo printing and letters, total and per gift.',
  example: '<div data-widget="giftbox"></div>',
  props,
  load: () => import('./Giftbox'),
})
