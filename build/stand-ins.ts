import { fileURLToPath } from 'node:url'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/**
 * Libraries' imports that this product never needs, replaced by stand-ins (each file says why):
 * InstantSearch's history router imports qs for its default createURL/parseURL, ours are given;
 * React 19 reads no propTypes and has the hook the shim provides to React 16 and 17; InstantSearch's
 * object spreads, compiled to helpers for old browsers, copy values directly.
 */
export const standIns = [
  { find: /^qs$/, replacement: here('no-qs.ts') },
  { find: /^prop-types$/, replacement: here('prop-types.ts') },
  { find: /^@swc\/helpers\/esm\/_object_spread\.js$/, replacement: here('object-spread.ts') },
  {
    find: /^@swc\/helpers\/esm\/_object_spread_props\.js$/,
    replacement: here('object-spread-props.ts'),
  },
  {
    find: /^use-sync-external-store\/shim(\/index\.js)?$/,
    replacement: here('use-sync-external-store.ts'),
  },
]
