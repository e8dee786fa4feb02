import { afterEach, describe, expect, it, vi } from 'vitest'
import { TimeoutError, linkSignals } from './signals'

afterEach(() => {
  vi.useRealTimers()
})

describe('linkSignals', () => {
  it('aborts with the reason of whichever source aborts first', () => {
    const a = new AbortController()
    const b = new AbortController()
    const { signal } = linkSignals([a.signal, undefined, b.signal])
    expect(signal.aborted).toBe(false)
    b.abort('second')
    a.abort('first')
    expect(signal.aborted).toBe(true)
    expect(signal.reason).toBe('second')
  })

  it('is aborted at once when a source already is', () => {
    const a = new AbortController()
    a.abort('gone')
    expect(linkSignals([a.signal], 1000).signal.reason).toBe('gone')
  })

  it('aborts with a TimeoutError after the timeout', () => {
    vi.useFakeTimers()
    const { signal } = linkSignals([undefined], 500)
    vi.advanceTimersByTime(499)
    expect(signal.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect(signal.reason).toBeInstanceOf(TimeoutError)
  })

  it('once disposed, neither the sources nor the timer abort it', () => {
    vi.useFakeTimers()
    const a = new AbortController()
    const remove = vi.spyOn(a.signal, 'removeEventListener')
    const { signal, dispose } = linkSignals([a.signal], 500)
    dispose()
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function))
    vi.advanceTimersByTime(1000)
    a.abort('late')
    expect(signal.aborted).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('can be aborted by its owner, which unlinks the sources', () => {
    const a = new AbortController()
    const linked = linkSignals([a.signal], 1000)
    linked.abort('mine')
    a.abort('late')
    expect(linked.signal.reason).toBe('mine')
  })

  it('does not use AbortSignal.any (missing before Safari 17.4)', () => {
    const any = vi.spyOn(AbortSignal, 'any')
    linkSignals([new AbortController().signal, new AbortController().signal], 10).dispose()
    expect(any).not.toHaveBeenCalled()
  })
})
