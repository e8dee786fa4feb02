import { DEFAULT_INDEX_COLUMNS } from '../../src/domain/editorial-constants'
import { COLLECTION_PROP } from '../../src/props/shared-specs'
import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="index"` (what each means: docs.json). */
export const props = {
  collection: COLLECTION_PROP,
  columns: { type: 'number', integer: true, min: 1, max: 6, default: DEFAULT_INDEX_COLUMNS },
} as const satisfies PropsSchema

export type IndexProps = PropsOf<typeof props>
