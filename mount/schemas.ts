import type { PropsSchema } from '../src/props/schema'

/**
 * Every widget's attribute schema (`widgets/<name>/props.ts`), by widget name: in the page base
 * chunk (build/chunk-plan.ts), never in the entry, so a widget added costs the entry only its
 * name and load function (build/schema-split.ts). Read by the runtime before it parses a tag in
 * the library build. A widget without a `props.ts` has no attributes.
 */
export const schemas: Readonly<Record<string, PropsSchema>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<PropsSchema>('../widgets/*/props.ts', { eager: true, import: 'props' }),
  ).map(([path, schema]) => [path.split('/').at(-2) ?? path, schema]),
)
