import { copyProperties } from './object-spread'

/**
 * Stands in for `@swc/helpers`' `_object_spread_props`, the second half of a compiled
 * `{ ...a, b: 1 }` (see ./object-spread.ts). The helper copied property descriptors with
 * `Object.defineProperties`, which turns many of InstantSearch's objects into slow dictionary
 * objects; the spread it compiles copies values, as this does.
 */
export function _<T extends object>(target: T, source: unknown): T {
  copyProperties(target, source)
  return target
}
