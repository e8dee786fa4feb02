import { COLLECTION_PROP } from '../../src/props/shared-specs'
import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="slider"` (what each means: docs.json). */
export const props = {
  collection: COLLECTION_PROP,
  index: { type: 'number', integer: true, min: 0 },
  // With width, height fixes the hero image's aspect ratio: the page never shifts when it arrives.
  width: { type: 'number', integer: true, min: 1, default: 1200 },
  height: { type: 'number', integer: true, min: 1, default: 675 },
  more: { type: 'boolean', default: false },
  priority: { type: 'boolean', default: false },
} as const satisfies PropsSchema

export type SliderProps = PropsOf<typeof props>
