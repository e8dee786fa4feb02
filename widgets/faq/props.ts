import { faqItemsProblem } from '../../src/domain/editorial-constants'
import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of `data-widget="faq"` (what each means: docs.json). */
export const props = {
  items: { type: 'json', validate: faqItemsProblem },
  level: { type: 'enum', values: ['2', '3', '4'], default: '3' },
  single: { type: 'boolean', default: false },
} as const satisfies PropsSchema

export type FaqProps = PropsOf<typeof props>
