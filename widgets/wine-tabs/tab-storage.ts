import * as v from 'valibot'
import type { TabMemory } from '../../src/domain/tab-memory'
import { reportError } from '../../src/report/report'

/** Where the last chosen tab of a wine is kept (localStorage: it must outlive the page). */
export const tabMemoryKey = (odooCode: string) => `wine-widgets:tab:${odooCode}`

const TabMemorySchema: v.GenericSchema<TabMemory> = v.object({
  vintage: v.pipe(v.string(), v.nonEmpty()),
  volume: v.nullable(v.string()),
  savedAt: v.pipe(v.number(), v.finite()),
})

/**
 * The saved memory of a wine's tab, or null when there is none or storage is unusable. A memory
 * that does not fit is dropped (removed) with one warning; its age is `recallTab`'s business.
 */
export function readTabMemory(odooCode: string): TabMemory | null {
  const key = tabMemoryKey(odooCode)
  let raw: string | null
  try {
    raw = window.localStorage.getItem(key)
  } catch {
    return null
  }
  if (raw === null) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = undefined
  }
  const memory = v.safeParse(TabMemorySchema, parsed)
  if (memory.success) return memory.output
  reportError({
    widget: 'wine-tabs',
    area: 'storage',
    level: 'warn',
    message: `Discarded a remembered wine tab in localStorage "${key}" that does not fit.`,
  })
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Storage refused: the memory is ignored all the same.
  }
  return null
}

export function writeTabMemory(odooCode: string, memory: TabMemory): void {
  try {
    window.localStorage.setItem(tabMemoryKey(odooCode), JSON.stringify(memory))
  } catch {
    // Storage disabled or full: the tab is simply not remembered.
  }
}
