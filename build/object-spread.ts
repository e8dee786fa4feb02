/**
 * Stands in for `@swc/helpers`' `_object_spread` (docs/decisions.md): InstantSearch's published
 * code is compiled for old browsers, each `{ ...a, ...b }` a call to this helper, which copies
 * key by key through `Object.defineProperty` checks and symbol filters. Opening search calls it
 * thousands of times (every facet value of six lists); this does what the spread in the source
 * does, the own enumerable properties copied as data properties, without the detours.
 */
export function copyProperties(target: object, source: unknown): void {
  if (source === null || source === undefined) return
  const from = Object(source) as Record<PropertyKey, unknown>
  // Object.assign copies the same keys and symbols, by value; it sets instead of defining, which
  // only differs for a key the target inherits a setter for: `__proto__`, done by hand below.
  if (!Object.hasOwn(from, '__proto__')) {
    Object.assign(target, from)
    return
  }
  const to = target as Record<PropertyKey, unknown>
  for (const key of Object.keys(from)) {
    // An own `__proto__` (JSON can make one) is a property, as in a spread, never the prototype.
    if (key === '__proto__')
      Object.defineProperty(to, key, {
        value: from[key],
        enumerable: true,
        configurable: true,
        writable: true,
      })
    else to[key] = from[key]
  }
  for (const symbol of Object.getOwnPropertySymbols(from))
    if (Object.prototype.propertyIsEnumerable.call(from, symbol)) to[symbol] = from[symbol]
}

export function _<T extends object>(target: T, ...sources: unknown[]): T {
  for (const source of sources) copyProperties(target, source)
  return target
}
