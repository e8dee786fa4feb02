// @vitest-environment jsdom -- needs a DOM (localStorage)
import { describe, expect, it, vi } from 'vitest'
import { readTabMemory, tabMemoryKey, writeTabMemory } from './tab-storage'

// The wine tabs' memory in localStorage, read back through its valibot schema. Each test runs
// on a cleared localStorage (mocks/vitest-setup.ts).

const NOW = 1_700_000_000_000
const KEY = tabMemoryKey('W10001')

describe('remembered wine tab (localStorage)', () => {
  it('keeps a memory of the right shape', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    writeTabMemory('W10001', { vintage: '2020', volume: '75cl', savedAt: NOW })
    expect(readTabMemory('W10001')).toEqual({ vintage: '2020', volume: '75cl', savedAt: NOW })
    localStorage.setItem(KEY, JSON.stringify({ vintage: '2019', volume: null, savedAt: NOW }))
    expect(readTabMemory('W10001')).toEqual({ vintage: '2019', volume: null, savedAt: NOW })
    expect(warn).not.toHaveBeenCalled()
  })

  it('reads nothing saved as null, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(readTabMemory('W10001')).toBeNull()
    expect(warn).not.toHaveBeenCalled()
  })

  it.each([
    ['not JSON', '{oops'],
    ['not an object', '"2020"'],
    ['without a vintage', JSON.stringify({ volume: '75cl', savedAt: NOW })],
    ['with an empty vintage', JSON.stringify({ vintage: '', volume: null, savedAt: NOW })],
    ['with a numeric volume', JSON.stringify({ vintage: '2020', volume: 75, savedAt: NOW })],
    ['with a time that is not a number', JSON.stringify({ vintage: '2020', volume: null })],
  ])('drops a memory %s with one warning, nothing crashes', (_, text) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    localStorage.setItem(KEY, text)
    expect(readTabMemory('W10001')).toBeNull()
    expect(readTabMemory('W10001')).toBeNull()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`"${KEY}" that does not fit`))
    expect(localStorage.getItem(KEY)).toBeNull()
  })
})
