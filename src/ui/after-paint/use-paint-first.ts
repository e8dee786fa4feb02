import { useCallback, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { afterNextPaint } from './after-next-paint'

export interface PaintFirstOptions<T> {
  /**
   * What becomes of a choice still pending when the component unmounts or the page is left
   * (`pagehide`: no frame will paint it): committed unless this says otherwise (a sommelier's
   * question is kept as interrupted, never sent).
   */
  atLeave?: (value: T) => void
}

/**
 * A shopper's choice shown at once, passed on after that paint: returns the choice not passed on
 * yet (null when none), the function that makes one and the one that drops it (a later input
 * that decides otherwise, such as a typed quantity), which returns what it dropped. The component
 * shows `pending` in the input's own render, which touches only itself; `commit` (a parent's
 * state, the shared store, whatever re-renders a large tree or starts requests) runs after the
 * next paint, the pending choice cleared in the same render. A second choice before that
 * replaces the first. A choice still pending at unmount or when the page is left goes to `atLeave`
 * (default: `commit`), exactly once whichever asks first: the component's own cleanup may `drop`
 * it instead.
 * `choose` and `drop` keep their identity across renders.
 */
export function usePaintFirst<T>(
  commit: (value: T) => void,
  options: PaintFirstOptions<T> = {},
): [pending: T | null, choose: (value: T) => void, drop: () => T | null] {
  const [pending, setPending] = useState<T | null>(null)
  const waiting = useRef<{ value: T; cancel: () => void } | null>(null)
  const latest = useRef({ commit, atLeave: options.atLeave ?? commit })
  useEffect(() => {
    latest.current = { commit, atLeave: options.atLeave ?? commit }
  })
  useEffect(() => {
    const handOn = () => {
      const left = waiting.current
      if (!left) return null
      waiting.current = null
      left.cancel()
      latest.current.atLeave(left.value)
      return left
    }
    // The page may come back from the back/forward cache: it then shows what was handed on.
    const onPageHide = () => {
      if (handOn()) setPending(null)
    }
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      handOn()
    }
  }, [])
  const choose = useCallback((value: T) => {
    waiting.current?.cancel()
    setPending(value)
    const cancel = afterNextPaint(() => {
      waiting.current = null
      flushSync(() => {
        setPending(null)
        latest.current.commit(value)
      })
    })
    waiting.current = { value, cancel }
  }, [])
  const drop = useCallback(() => {
    const left = waiting.current
    if (!left) return null
    waiting.current = null
    left.cancel()
    setPending(null)
    return left.value
  }, [])
  return [pending, choose, drop]
}
