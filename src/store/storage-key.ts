/**
 * Where the store lives in sessionStorage. Its own module so the library entry can peek at the
 * saved state (a payment to finish) without loading the store. Bump the version when the shape
 * changes: older entries are then discarded instead of being read with the wrong shape.
 */
import { sessionStore } from './web-storage'

export const STORAGE_VERSION = 1
export const STORAGE_KEY = `wine-widgets:v${STORAGE_VERSION}`

/** What this tab saved, as text; null when nothing is saved or storage is disabled (privacy mode). */
export function savedStateText(): string | null {
  try {
    return sessionStore()?.getItem(STORAGE_KEY) ?? null
  } catch {
    return null
  }
}
