import { COLLECTION_PROP } from '../../src/props/shared-specs'
import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="decouvrir"` (what each means: docs.json). */
export const props = {
  collection: COLLECTION_PROP,
  header: { type: 'string' },
  explain: { type: 'string' },
} as const satisfies PropsSchema

export type DecouvrirProps = PropsOf<typeof props>
