// @vitest-environment jsdom -- a React hook under animation frames and timers
import { useEffect } from 'react'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { usePaintFirst, type PaintFirstOptions } from './use-paint-first'

/** The next frame and the task after it: when the hook passes a choice on. */
const paint = () =>
  act(() => {
    vi.advanceTimersToNextFrame()
    vi.advanceTimersByTime(1)
  })

describe('usePaintFirst', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
  })
  afterEach(() => vi.useRealTimers())

  const setup = (options?: PaintFirstOptions<number>) => {
    const commit = vi.fn<(value: number) => void>()
    const view = renderHook(() => usePaintFirst(commit, options))
    const [, choose, drop] = view.result.current
    return { commit, view, choose, drop, pending: () => view.result.current[0] }
  }

  it('shows the choice at once and passes it on after the paint, clearing it in that render', () => {
    const { commit, choose, pending } = setup()
    act(() => choose(3))
    expect(pending()).toBe(3)
    expect(commit).not.toHaveBeenCalled()
    paint()
    expect(commit).toHaveBeenCalledExactlyOnceWith(3)
    expect(pending()).toBeNull()
  })

  it('passes on only the last of two choices made before the paint', () => {
    const { commit, choose, pending } = setup()
    act(() => choose(2))
    act(() => choose(5))
    expect(pending()).toBe(5)
    paint()
    vi.advanceTimersByTime(1_000)
    expect(commit).toHaveBeenCalledExactlyOnceWith(5)
  })

  it('drops a pending choice, returning it, and then returns null', () => {
    const { commit, choose, drop, pending } = setup()
    act(() => choose(4))
    let dropped: number | null = null
    act(() => {
      dropped = drop()
    })
    expect(dropped).toBe(4)
    expect(pending()).toBeNull()
    expect(drop()).toBeNull()
    paint()
    vi.advanceTimersByTime(1_000)
    expect(commit).not.toHaveBeenCalled()
  })

  it('commits a choice still pending at unmount, once', () => {
    const { commit, view, choose } = setup()
    act(() => choose(7))
    view.unmount()
    expect(commit).toHaveBeenCalledExactlyOnceWith(7)
    vi.advanceTimersByTime(1_000)
    expect(commit).toHaveBeenCalledOnce()
  })

  it('hands a choice pending at unmount to atLeave instead, when given', () => {
    const atLeave = vi.fn<(value: number) => void>()
    const { commit, view, choose } = setup({ atLeave })
    act(() => choose(8))
    view.unmount()
    vi.advanceTimersByTime(1_000)
    expect(atLeave).toHaveBeenCalledExactlyOnceWith(8)
    expect(commit).not.toHaveBeenCalled()
  })

  it.each(['before', 'after'] as const)(
    'gives a pending choice once when the component drops it in a cleanup declared %s the hook',
    (order) => {
      const atLeave = vi.fn<(value: number) => void>()
      const droppedInCleanup: (number | null)[] = []
      const commit = vi.fn<(value: number) => void>()
      const view = renderHook(() => {
        const ref: { drop?: () => number | null } = {}
        const cleanup = () => () => void droppedInCleanup.push(ref.drop?.() ?? null)
        /* eslint-disable react-hooks/exhaustive-deps -- the cleanup reads the hook's drop, stable */
        if (order === 'before') useEffect(cleanup, [])
        const result = usePaintFirst(commit, { atLeave })
        ref.drop = result[2]
        if (order === 'after') useEffect(cleanup, [])
        /* eslint-enable react-hooks/exhaustive-deps */
        return result
      })
      act(() => view.result.current[1](6))
      view.unmount()
      vi.advanceTimersByTime(1_000)
      const given = [...atLeave.mock.calls.map(([v]) => v), ...droppedInCleanup.filter(Boolean)]
      expect(given).toEqual([6])
      expect(commit).not.toHaveBeenCalled()
    },
  )

  // A page left (a link, Back, a closed tab) within the frame never paints again: the choice
  // would be lost with it, or resurface unsaved when the back/forward cache restores the page.
  it('hands on a choice pending when the page is left, once, and shows it no more', () => {
    const { commit, choose, pending } = setup()
    act(() => choose(9))
    act(() => void window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })))
    expect(commit).toHaveBeenCalledExactlyOnceWith(9)
    expect(pending()).toBeNull()
    paint()
    vi.advanceTimersByTime(1_000)
    expect(commit).toHaveBeenCalledOnce()
  })

  it('hands a choice pending when the page is left to atLeave, when given', () => {
    const atLeave = vi.fn<(value: number) => void>()
    const { commit, view, choose } = setup({ atLeave })
    act(() => choose(2))
    act(() => void window.dispatchEvent(new PageTransitionEvent('pagehide')))
    view.unmount()
    vi.advanceTimersByTime(1_000)
    expect(atLeave).toHaveBeenCalledExactlyOnceWith(2)
    expect(commit).not.toHaveBeenCalled()
  })

  it('does nothing when the page is left with no choice pending', () => {
    const { commit, choose } = setup()
    act(() => choose(1))
    paint()
    act(() => void window.dispatchEvent(new PageTransitionEvent('pagehide')))
    expect(commit).toHaveBeenCalledExactlyOnceWith(1)
  })

  it('keeps choose and drop the same functions across renders', () => {
    const { view, choose, drop } = setup()
    act(() => choose(1))
    paint()
    view.rerender()
    expect(view.result.current[1]).toBe(choose)
    expect(view.result.current[2]).toBe(drop)
  })
})
