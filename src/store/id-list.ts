/**
 * Lists of ids kept in localStorage (paid orders, paid carts, GA4 purchases sent): the last 50,
 * the newest last. Read back checked: a value that is not a list is read as none, an entry that
 * is not an id is dropped; what did not fit is reported once (a warning) and the rest written
 * back. Storage that is missing, disabled or full only costs the memory, never a crash.
 */
import * as v from 'valibot'
import { reportError, type ErrorArea } from '../report/report'
import { readJson } from './read-json'

/** How many ids a list keeps. */
export const KEEP_IDS = 50

const IdSchema = v.pipe(v.string(), v.nonEmpty())

/** The ids in a stored text, and whether anything in it did not fit. */
export function parseIds(text: string | null): { ids: string[]; dropped: boolean } {
  if (text === null) return { ids: [], dropped: false }
  const parsed = readJson(text)
  // Not JSON, or not a list.
  if (!Array.isArray(parsed)) return { ids: [], dropped: true }
  const ids = parsed.filter((id): id is string => v.is(IdSchema, id))
  return { ids, dropped: ids.length < parsed.length }
}

/** The list with `id` moved (or added) to the end, the oldest dropped beyond the last 50. */
export const withId = (ids: readonly string[], id: string): string[] =>
  [...ids.filter((kept) => kept !== id), id].slice(-KEEP_IDS)

export interface IdListOptions {
  /** The localStorage key. */
  key: string
  /** What the ids are, for the warning ("paid orders"). */
  what: string
  /** The area the warning is reported under. */
  area: ErrorArea
  /** Where the list is kept (localStorage, or null where there is none). */
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | null
}

/** A list of ids kept under `key`: whether it holds an id, and adding one. */
export function idList({ key, what, area, storage }: IdListOptions) {
  const save = (ids: readonly string[]) => {
    try {
      storage()?.setItem(key, JSON.stringify(ids))
    } catch {
      // Storage disabled or full: only the memory is lost.
    }
  }
  const read = (): string[] => {
    let text: string | null
    try {
      text = storage()?.getItem(key) ?? null
    } catch {
      return []
    }
    const { ids, dropped } = parseIds(text)
    if (dropped) {
      reportError({
        area,
        level: 'warn',
        message: `Discarded ${what} in localStorage "${key}" that do not fit.`,
      })
      save(ids)
    }
    return ids
  }
  return {
    has: (id: string): boolean => read().includes(id),
    add: (id: string): void => save(withId(read(), id)),
  }
}
