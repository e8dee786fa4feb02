import { STORAGE_KEY, initialState, type StoreState } from './state'
import { readJson } from './read-json'
import type { SavedStateReader, StoreOptions } from './store-types'

/**
 * Reads a saved text back into a state, with the store's storage (what is unreadable is removed
 * from it with one warning), clock and warning.
 */
export function savedTextReader(
  storage: StoreOptions['storage'],
  now: () => number,
  warn: (message: string) => void,
) {
  /** The state `raw` holds; `repaired` when part of it was dropped or filled in (save it again). */
  return (
    raw: string | null,
    readSaved: SavedStateReader,
  ): { state: StoreState; repaired: boolean } => {
    if (raw === null) return { state: initialState(now()), repaired: false }
    const parsed = readJson(raw)
    const reading = parsed === undefined ? null : readSaved(parsed)
    if (reading) {
      // Keep what fits; one warning names what did not (it is replaced by its empty value).
      if (reading.dropped.length > 0) {
        warn(
          `Discarded parts of the saved state in sessionStorage "${STORAGE_KEY}" that do not fit: ${reading.dropped.join(', ')}.`,
        )
      }
      // Filled in for an older saved state (a cart's identity): saved at once too.
      return {
        state: reading.state,
        repaired: reading.dropped.length > 0 || !!reading.filled?.length,
      }
    }
    warn(
      parsed === undefined
        ? `Discarded corrupted saved state in sessionStorage "${STORAGE_KEY}".`
        : `Discarded unreadable saved state in sessionStorage "${STORAGE_KEY}".`,
    )
    try {
      storage?.removeItem(STORAGE_KEY)
    } catch {
      /* storage unusable: nothing to clean */
    }
    return { state: initialState(now()), repaired: false }
  }
}
