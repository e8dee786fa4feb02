import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="quotes"` (what each means: docs.json). */
export const props = {
  interval: { type: 'number', default: 15, min: 5 },
} as const satisfies PropsSchema

export type QuotesProps = PropsOf<typeof props>
