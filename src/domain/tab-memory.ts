/**
 * Wine page tabs: which vintage and volume to show.
 *
 * - A tab is identified by its vintage and volume; the URL hash writes it as `#2019-75cl`
 *   (`#2019` alone names the vintage, with its default volume).
 * - "Tabs follow the URL hash" and "remember the last tab for 5 minutes": the hash wins, then a
 *   remembered choice that is less than 5 minutes old, then the default (the first vintage, its
 *   75cl volume when it has one, else its first volume). A hash or a memory that names a tab the
 *   wine does not have is ignored.
 * - A memory saved "in the future" (clock changed) or unreadable is treated as absent.
 */

import { isRecord } from './is-record'

/** A tab chosen on a wine page is remembered for 5 minutes. */
export const TAB_MEMORY_MS = 5 * 60 * 1000

/** The volume preferred when a vintage is chosen without one. */
export const DEFAULT_VOLUME = '75cl'

export interface TabChoice {
  vintage: string
  /** null: the vintage's default volume. */
  volume: string | null
}

export interface TabMemory {
  vintage: string
  volume: string | null
  /** Epoch ms when the shopper chose this tab. */
  savedAt: number
}

/** The tabs a wine offers: its vintages in display order, each with its volumes. */
export interface TabOption {
  vintage: string
  volumes: readonly string[]
}

/** `#2019-75cl` for a vintage and volume, `#2019` for a vintage alone. */
export function tabHash(choice: TabChoice): string {
  return choice.volume ? `#${choice.vintage}-${choice.volume}` : `#${choice.vintage}`
}

/** Reads `#2019-75cl`, `2019-37.5cl` or `#2019`; anything else is null. */
export function parseTabHash(hash: string): TabChoice | null {
  let text = hash.trim().replace(/^#/, '')
  try {
    text = decodeURIComponent(text).trim()
  } catch {
    return null
  }
  const match = /^([^-\s]+)(?:-(\S+))?$/.exec(text)
  const [, vintage, volume] = match ?? []
  if (!vintage) return null
  return { vintage, volume: volume ?? null }
}

/** The memory to save when the shopper picks a tab now. */
export function rememberTab(choice: TabChoice, now: number): TabMemory {
  return { vintage: choice.vintage, volume: choice.volume, savedAt: now }
}

/** A saved memory still valid at `now` (less than 5 minutes old), else null. */
export function recallTab(saved: unknown, now: number): TabChoice | null {
  if (!isRecord(saved)) return null
  const { vintage, volume, savedAt } = saved
  if (typeof vintage !== 'string' || vintage === '') return null
  if (volume !== null && typeof volume !== 'string') return null
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null
  const age = now - savedAt
  if (age < 0 || age >= TAB_MEMORY_MS) return null
  return { vintage, volume }
}

function defaultVolume(volumes: readonly string[]): string | null {
  return volumes.includes(DEFAULT_VOLUME) ? DEFAULT_VOLUME : (volumes[0] ?? null)
}

/** Completes a choice against the wine's tabs; null when its vintage does not exist. */
export function resolveTab(
  options: readonly TabOption[],
  choice: TabChoice | null,
): TabChoice | null {
  if (!choice) return null
  const option = options.find((o) => o.vintage === choice.vintage)
  if (!option) return null
  const volume =
    choice.volume && option.volumes.includes(choice.volume)
      ? choice.volume
      : defaultVolume(option.volumes)
  return { vintage: option.vintage, volume }
}

/** The tab to show: the hash, else a fresh memory, else the default (see the module comment). */
export function chooseTab(
  options: readonly TabOption[],
  hash: string,
  saved: unknown,
  now: number,
): TabChoice | null {
  const first = options[0]
  if (!first) return null
  return (
    resolveTab(options, parseTabHash(hash)) ??
    resolveTab(options, recallTab(saved, now)) ?? {
      vintage: first.vintage,
      volume: defaultVolume(first.volumes),
    }
  )
}
