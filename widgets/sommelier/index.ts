import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'
import { LINK_PROP } from '../../src/props/shared-specs'

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
  image: {
    ...LINK_PROP,
    doc:
      'The button’s image per locale (spec: "an image per locale"): a path or https address ' +
      'where {locale} stands for en, fr or nl, e.g. /assets/sommelier/button-{locale}.svg. ' +
      'Shown on screens wider than 40rem; narrower headers show the compact drawing. The ' +
      'localized text stays the button’s accessible name. Without it: the drawing and the text.',
  },
} as const satisfies PropsSchema

/**
 * @property mode What the tag shows. @default 'button'
 * @property image The per-locale button image, `{locale}` replaced by the page's locale.
 *
 * The spec's sommelier button is "an image per locale": the shop's artwork comes from the CMS
 * through `data-image` (the demo has one SVG per locale in demo-pages/assets/sommelier/). The
 * image is decorative (`alt=""`): the localized text (`sommelier.button`) names the button, so
 * assistive technology never depends on the words drawn in the image.
 */
export type SommelierProps = PropsOf<typeof props>

export const sommelier = defineWidget({
  name: 'sommelier',
  description:
    'AI food-pairing sommelier: a button that opens the sommelier chat in the search modal (logged-in customers chat, visitors see the login form).',
  example: '<div data-widget="sommelier"></div>',
  props,
  load: () => import('./Sommelier'),
})
