import { describe, expect, it, vi } from 'vitest'
import { lazyCode } from './lazy-code'

const Shown = () => null

describe('lazyCode', () => {
  it('loads once however often it is asked, and says when the code is there', async () => {
    const load = vi.fn(() => Promise.resolve({ Shown }))
    const code = lazyCode(load)
    expect(code.loaded()).toBe(false)
    const [first, second] = await Promise.all([code.preload(), code.preload()])
    expect(first).toBe(second)
    expect(code.loaded()).toBe(true)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('fetches again after a failed load (offline, then back)', async () => {
    const load = vi
      .fn<() => Promise<{ Shown: typeof Shown }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ Shown })
    const code = lazyCode(load)
    await expect(code.preload()).rejects.toThrow('Failed to fetch dynamically imported module')
    expect(code.loaded()).toBe(false)
    await expect(code.preload()).resolves.toEqual({ Shown })
    expect(code.loaded()).toBe(true)
    expect(load).toHaveBeenCalledTimes(2)
  })
})
