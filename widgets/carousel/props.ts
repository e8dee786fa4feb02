import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="carousel"` (what each means: docs.json). */
export const props = {
  title: { type: 'string', required: true },
  tag: { type: 'string' },
} as const satisfies PropsSchema

export type CarouselProps = PropsOf<typeof props>
