/**
 * Stands in for `use-sync-external-store/shim` (docs/decisions.md): react-instantsearch imports
 * the shim for React 16 and 17; React 19, the only React here, has the hook itself, which the
 * shim would only hand on.
 */
export { useSyncExternalStore } from 'react'
