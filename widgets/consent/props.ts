import { LINK_PROP } from '../../src/props/shared-specs'
import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="consent"` (what each means: docs.json). */
export const props = {
  privacyUrl: LINK_PROP,
} as const satisfies PropsSchema

export type ConsentProps = PropsOf<typeof props>
