import { describe, expect, it } from 'vitest'
import {
  TAB_MEMORY_MS,
  chooseTab,
  parseTabHash,
  recallTab,
  rememberTab,
  resolveTab,
  tabHash,
  type TabOption,
} from './tab-memory'

const NOW = 1_700_000_000_000
const MINUTE = 60_000

const OPTIONS: TabOption[] = [
  { vintage: '2021', volumes: ['37.5cl', '75cl', '150cl'] },
  { vintage: '2020', volumes: ['75cl'] },
  { vintage: '2019', volumes: ['37.5cl'] },
]

describe('tab memory ("Tab choice cached 5 minutes")', () => {
  it('keeps the choice for 5 minutes', () => {
    expect(TAB_MEMORY_MS).toBe(5 * MINUTE)
  })

  it.each([
    [0, true],
    [1 * MINUTE, true],
    [5 * MINUTE - 1, true],
    [5 * MINUTE, false],
    [6 * MINUTE, false],
    [-1, false], // saved "in the future": the clock changed
  ])('a choice %i ms old is remembered: %s', (age, kept) => {
    const saved = rememberTab({ vintage: '2020', volume: '75cl' }, NOW - age)
    expect(recallTab(saved, NOW)).toEqual(kept ? { vintage: '2020', volume: '75cl' } : null)
  })

  it.each([
    null,
    'garbage',
    42,
    [],
    { vintage: '2020' },
    { vintage: '', volume: null, savedAt: NOW },
    { vintage: '2020', volume: 75, savedAt: NOW },
    { vintage: '2020', volume: null, savedAt: 'now' },
    { vintage: '2020', volume: null, savedAt: Number.NaN },
  ])('an unreadable memory (%j) is ignored', (saved) => {
    expect(recallTab(saved, NOW)).toBeNull()
  })
})

describe('URL hash', () => {
  it.each([
    ['#2019-75cl', { vintage: '2019', volume: '75cl' }],
    ['2019-37.5cl', { vintage: '2019', volume: '37.5cl' }],
    ['#2019', { vintage: '2019', volume: null }],
    ['#2019-37.5cl%20', { vintage: '2019', volume: '37.5cl' }],
    ['', null],
    ['#', null],
    ['#-75cl', null],
    ['#%E0%A4%A', null],
  ])('parses %j', (hash, choice) => {
    expect(parseTabHash(hash)).toEqual(choice)
  })

  it('writes a vintage and volume as #2019-75cl and reads it back', () => {
    expect(tabHash({ vintage: '2019', volume: '75cl' })).toBe('#2019-75cl')
    expect(tabHash({ vintage: '2019', volume: null })).toBe('#2019')
    expect(parseTabHash(tabHash({ vintage: '2021', volume: '37.5cl' }))).toEqual({
      vintage: '2021',
      volume: '37.5cl',
    })
  })
})

describe('resolveTab', () => {
  it('completes a vintage alone with its 75cl volume, else its first volume', () => {
    expect(resolveTab(OPTIONS, { vintage: '2021', volume: null })).toEqual({
      vintage: '2021',
      volume: '75cl',
    })
    expect(resolveTab(OPTIONS, { vintage: '2019', volume: null })).toEqual({
      vintage: '2019',
      volume: '37.5cl',
    })
  })

  it('replaces a volume the vintage does not have by its default', () => {
    expect(resolveTab(OPTIONS, { vintage: '2020', volume: '150cl' })).toEqual({
      vintage: '2020',
      volume: '75cl',
    })
  })

  it('rejects a vintage the wine does not have', () => {
    expect(resolveTab(OPTIONS, { vintage: '1999', volume: '75cl' })).toBeNull()
  })
})

describe('chooseTab: hash, then a fresh memory, then the default', () => {
  const memory = rememberTab({ vintage: '2020', volume: '75cl' }, NOW - MINUTE)

  it.each([
    ['#2019-37.5cl', memory, NOW, { vintage: '2019', volume: '37.5cl' }],
    ['', memory, NOW, { vintage: '2020', volume: '75cl' }],
    ['', memory, NOW + 5 * MINUTE, { vintage: '2021', volume: '75cl' }],
    ['#1999-75cl', memory, NOW, { vintage: '2020', volume: '75cl' }],
    ['#1999-75cl', null, NOW, { vintage: '2021', volume: '75cl' }],
    ['#reviews', null, NOW, { vintage: '2021', volume: '75cl' }],
  ])('hash %j with memory → the right tab', (hash, saved, now, expected) => {
    expect(chooseTab(OPTIONS, hash, saved, now)).toEqual(expected)
  })

  it('has no tab for a wine without vintages', () => {
    expect(chooseTab([], '#2019-75cl', memory, NOW)).toBeNull()
  })
})
