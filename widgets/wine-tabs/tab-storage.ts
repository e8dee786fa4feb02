import type { TabMemory } from '../../src/domain/tab-memory'

/** Where the last chosen tab of a wine is kept (localStorage: it must outlive the page). */
export const tabMemoryKey = (odooCode: string) => `wine-widgets:tab:${odooCode}`

/** The saved memory, unchecked (recallTab validates it), or null when storage is unusable. */
export function readTabMemory(odooCode: string): unknown {
  try {
    const raw = window.localStorage.getItem(tabMemoryKey(odooCode))
    return raw === null ? null : (JSON.parse(raw) as unknown)
  } catch {
    return null
  }
}

export function writeTabMemory(odooCode: string, memory: TabMemory): void {
  try {
    window.localStorage.setItem(tabMemoryKey(odooCode), JSON.stringify(memory))
  } catch {
    // Storage disabled or full: the tab is simply not remembered.
  }
}
