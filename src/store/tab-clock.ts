/**
 * The revision of the state the tabs share: a version vector, one entry per page that wrote it
 * (its id, and the tick of its last write). A state whose clock covers another's holds every
 * write of it; two states where neither covers the other were written at the same moment in two
 * tabs, and `isLater` orders them the same way in every tab (the later one wins, the other tab
 * applies its own changes again on top of it: `store.ts`).
 */
export type Clock = Readonly<Record<string, number>>

/** Entries of pages that have not written for this long are dropped: tabs come and go. */
export const CLOCK_HORIZON_MS = 10 * 60 * 1000

/** Whether `a` holds every write `b` holds. */
export const covers = (a: Clock, b: Clock): boolean =>
  Object.entries(b).every(([id, tick]) => (a[id] ?? 0) >= tick)

/** The clock's newest write: its tick and writer (the greatest id among equal ticks). */
function newest(clock: Clock): { tick: number; id: string } {
  let best = { tick: 0, id: '' }
  for (const [id, tick] of Object.entries(clock)) {
    if (tick > best.tick || (tick === best.tick && id > best.id)) best = { tick, id }
  }
  return best
}

/**
 * Whether `a` comes after `b` in the one order every tab agrees on. Every write ticks past all it
 * has seen (`nextTick`), so a state that covers another always comes after it.
 */
export function isLater(a: Clock, b: Clock): boolean {
  const x = newest(a)
  const y = newest(b)
  return x.tick > y.tick || (x.tick === y.tick && x.id > y.id)
}

/** The tick of a write made now on top of `clock`: past the clock and past every tick it holds. */
export const nextTick = (clock: Clock, now: number): number =>
  Math.max(Math.floor(now), newest(clock).tick + 1)

/** `clock` with `id`'s write at `tick`, without the entries older than the horizon. */
export function advanced(clock: Clock, id: string, tick: number): Clock {
  const kept = Object.entries(clock).filter(([, t]) => t >= tick - CLOCK_HORIZON_MS)
  return Object.fromEntries([...kept.filter(([key]) => key !== id), [id, tick]])
}
