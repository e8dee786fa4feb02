import { LINK_PROP } from '../../src/props/shared-specs'
import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="wine-tabs"` (what each means: docs.json). */
export const props = {
  odooCode: { type: 'string', required: true },
  name: { type: 'string', required: true },
  image: LINK_PROP,
} as const satisfies PropsSchema

export type WineTabsProps = PropsOf<typeof props>
