/**
 * Stands in for `qs` (docs/decisions.md): InstantSearch's `history()` router imports it only to
 * hand it to the default `createURL` / `parseURL`, and our router gives both
 * (`widgets/search/url-router.ts`, over `src/domain/search-state.ts`), so it is never called.
 * With its dependencies (side-channel, object-inspect, get-intrinsic…) it was 44 KB of the
 * search panel's 147 KB (about 12 KB gzip). A call fails loudly instead of doing something else.
 */
const unused = (name: string) => () => {
  throw new Error(
    `[wine-widgets] qs.${name} is not bundled: the search router reads and writes the address itself`,
  )
}

export default { parse: unused('parse'), stringify: unused('stringify') }
