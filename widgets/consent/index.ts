import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'
import { LINK_PROP } from '../../src/props/shared-specs'

const props = {
  /**
   * Link to the privacy page; the banner is also hidden on that page.
   * @default `/{locale}/privacy`
   */
  privacyUrl: {
    ...LINK_PROP,
    doc: 'Link to the privacy page (a path such as /fr/vie-privee or an https:// address); defaults to /{locale}/privacy.',
  },
} as const satisfies PropsSchema

export type ConsentProps = PropsOf<typeof props>

export const consent = defineWidget({
  name: 'consent',
  description: 'Cookie consent banner at the bottom of the page (hidden on the privacy page).',
  example: '<div data-widget="consent"></div>',
  props,
  load: () => import('./Consent'),
})
