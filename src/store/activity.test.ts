// @vitest-environment jsdom -- window events, timers and idle callbacks
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { trackActivity } from './activity'
import { createStore } from './store'
import { INACTIVITY_MS, STORAGE_KEY, type StoreState } from './state'
import { readSavedState } from './saved-state'
import { memoryStorage } from '../../mocks/memory-storage'

const START = 1_700_000_000_000

/** A page open since START, its last activity `idleMs` ago, with the activity tracked. */
function page(idleMs: number) {
  const storage = memoryStorage()
  const store = createStore({ storage, readSaved: readSavedState })
  store.update((d) => {
    d.lastActivity = START - idleMs
    d.contacts.delivery.name = 'Claire'
  })
  const listener = vi.fn()
  store.subscribe(listener)
  const expired = vi.fn()
  const stop = trackActivity(store, expired)
  const saved = () => JSON.parse(storage.data.get(STORAGE_KEY)!) as StoreState
  return { store, listener, expired, stop, saved }
}

let stops: (() => void)[] = []
beforeEach(() => {
  vi.useFakeTimers({ now: START })
})
afterEach(() => {
  stops.forEach((stop) => stop())
  stops = []
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('activity', () => {
  it('a tap after 20 s of reading saves nothing during the tap, and once when the page is idle', () => {
    const p = page(20_000)
    stops.push(p.stop)
    window.dispatchEvent(new Event('pointerdown'))
    window.dispatchEvent(new Event('touchstart'))
    // The tap's own work sees no store change: no write, no root notified.
    expect(p.listener).not.toHaveBeenCalled()
    expect(p.saved().lastActivity).toBe(START - 20_000)
    vi.advanceTimersByTime(1_000)
    window.dispatchEvent(new Event('keydown'))
    vi.runOnlyPendingTimers()
    expect(p.saved().lastActivity).toBe(START)
    expect(p.listener).toHaveBeenCalledTimes(1)
    expect(p.expired).not.toHaveBeenCalled()
  })

  it('waits for the idle callback where the browser has one', () => {
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    vi.stubGlobal('cancelIdleCallback', () => {})
    const p = page(20_000)
    stops.push(p.stop)
    window.dispatchEvent(new Event('pointerdown'))
    vi.advanceTimersByTime(5_000)
    expect(p.saved().lastActivity).toBe(START - 20_000)
    expect(idle).toHaveLength(1)
    idle[0]!()
    expect(p.saved().lastActivity).toBe(START)
  })

  it('a tap on a link saves the activity as the page goes away', () => {
    const p = page(20_000)
    stops.push(p.stop)
    window.dispatchEvent(new Event('pointerdown'))
    window.dispatchEvent(new Event('pagehide'))
    expect(p.saved().lastActivity).toBe(START)
  })

  it('an expiry the page can see is decided during the input, before its handlers run', () => {
    const p = page(INACTIVITY_MS + 60_000)
    stops.push(p.stop)
    const seen: string[] = []
    // A handler of the same tap, as a widget's own listener would be (after the capture phase).
    const handler = () => seen.push(p.store.getState().contacts.delivery.name)
    window.addEventListener('pointerdown', handler)
    window.dispatchEvent(new Event('pointerdown'))
    window.removeEventListener('pointerdown', handler)
    expect(seen).toEqual([''])
    expect(p.expired).toHaveBeenCalledWith(false)
    expect(p.saved()).toMatchObject({ lastActivity: START, contacts: { delivery: { name: '' } } })
  })

  it('stopping the tracking drops a pending write', () => {
    const p = page(20_000)
    window.dispatchEvent(new Event('pointerdown'))
    p.stop()
    vi.runOnlyPendingTimers()
    expect(p.saved().lastActivity).toBe(START - 20_000)
  })
})
