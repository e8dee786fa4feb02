// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from './after-next-paint'

describe('afterNextPaint', () => {
  afterEach(() => vi.useRealTimers())

  it('runs once, in a task after the next frame', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
    const run = vi.fn()
    afterNextPaint(run)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersToNextFrame()
    // The frame's callback only posts the task: the paint comes first.
    expect(run).not.toHaveBeenCalled()
    // (A fake timeout of 0 ms is due after 1.)
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledOnce()
    vi.advanceTimersByTime(1_000)
    expect(run).toHaveBeenCalledOnce()
  })

  it('runs without a frame (a hidden tab paints none) after the fallback', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('requestAnimationFrame', () => 1)
    vi.stubGlobal('cancelAnimationFrame', () => {})
    const run = vi.fn()
    afterNextPaint(run, 100)
    vi.advanceTimersByTime(99)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledOnce()
  })

  it('runs nothing once cancelled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
    const run = vi.fn()
    const cancel = afterNextPaint(run)
    vi.advanceTimersToNextFrame()
    cancel()
    vi.advanceTimersByTime(1_000)
    expect(run).not.toHaveBeenCalled()
  })
})
