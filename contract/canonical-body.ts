/**
 * The canonical body of a keyed call, as the contract defines it for `Idempotency-Key` (the rules
 * for every call): the site keeps its SHA-256 with the first answer and answers 422 to the same
 * key with another one. A reference for the back office's developers and what the mock back
 * office compares (mocks/route.ts). No Node or DOM API: it runs in the browser's mocks too.
 */

/** Canonical JSON (RFC 8785 for the values JSON.parse gives): keys sorted, no white space. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    // Sorted by UTF-16 code units, as RFC 8785 says and as the default sort compares.
    const keys = Object.keys(value).sort()
    const record = value as Record<string, unknown> // an object that is not an array
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`
  }
  // Strings and numbers print as ECMAScript's JSON.stringify does, which RFC 8785 adopts; a
  // missing value (JSON has none) is written as null rather than dropped.
  return value === undefined ? 'null' : JSON.stringify(value)
}

/**
 * A form's canonical body: the canonical JSON of its `[name, value]` pairs sorted by name, then
 * value. Parsed fields rather than raw bytes, because the multipart boundary (and the order a
 * browser writes the parts in) changes from one retry to the next while the fields do not.
 */
export function canonicalForm(fields: Iterable<readonly [string, string]>): string {
  const pairs = [...fields].map(([name, value]) => [name, value] as const)
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
  return canonicalJson(pairs)
}
