import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const STAND_IN = '\0wine-schema-in-page-base'
const SCHEMA = fileURLToPath(new URL('../src/props/schema.ts', import.meta.url))
/** A widget's definition, the one module of its folder the entry imports. */
const DEFINITION = /[\\/]widgets[\\/][^\\/]+[\\/]index\.ts$/

/**
 * Library build only: the entry holds each widget's name and load functions, not its attribute
 * schema, so the entry does not grow with each widget's attributes. A definition's
 * `import { props } from './props'` gets `SCHEMA_IN_PAGE_BASE` instead (src/props/schema.ts);
 * the runtime then reads the schema from the page base (mount/schemas.ts, which imports every
 * `props.ts`), loaded with the first widget's code. Tests, the dev server and the demo build
 * (the catalogue) keep the real schemas in the definitions: they parse at once.
 */
export function schemaSplit(): Plugin {
  return {
    name: 'wine-schema-split',
    apply: (_config, env) => env.command === 'build' && env.mode !== 'demo',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './props' && importer && DEFINITION.test(importer)) return STAND_IN
      return null
    },
    load(id) {
      if (id !== STAND_IN) return null
      return `export { SCHEMA_IN_PAGE_BASE as props } from ${JSON.stringify(SCHEMA)}\n`
    },
  }
}
