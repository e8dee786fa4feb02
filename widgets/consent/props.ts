import { LINK_PROP } from '../../src/props/shared-specs'
import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="consent"` (what each means: docs.json). */
export const props = {
  privacyUrl: LINK_PROP,
  // Without it, the banner that shows itself to visitors who have not answered; with it, a
  // button that reopens the choice (a footer, the privacy page), so a visitor can change their
  // mind. A boolean, not a named variant: the prop schemas are in the 6 KB library entry.
  settings: { type: 'boolean', default: false },
} as const satisfies PropsSchema

export type ConsentProps = PropsOf<typeof props>
