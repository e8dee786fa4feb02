import { LINK_PROP } from '../../src/props/shared-specs'
import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="sommelier"` (what each means: docs.json). */
export const props = {
  mode: { type: 'enum', values: ['button', 'chat'], default: 'button' },
  // The shop's artwork per locale ({locale} in the address). Decorative (`alt=""`): the localized
  // text (`sommelier.button`) names the button, so assistive technology never depends on the
  // words drawn in the image.
  image: LINK_PROP,
} as const satisfies PropsSchema

export type SommelierProps = PropsOf<typeof props>
