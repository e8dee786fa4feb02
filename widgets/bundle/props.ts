import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="bundle"` (what each means: docs.json). */
export const props = {
  odooCode: { type: 'string', required: true },
} as const satisfies PropsSchema

export type BundleProps = PropsOf<typeof props>
