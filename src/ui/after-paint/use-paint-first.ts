import { useCallback, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { afterNextPaint } from './after-next-paint'

export interface PaintFirstOptions<T> {
  /**
   * What becomes of a choice still pending when the component unmounts: committed unless this
   * says otherwise (a sommelier's question is kept as interrupted, never sent).
   */
  atUnmount?: (value: T) => void
}

/**
 * A shopper's choice shown at once, passed on after that paint: returns the choice not passed on
 * yet (null when none), the function that makes one and the one that drops it (a later input
 * that decides otherwise, such as a typed quantity), which returns what it dropped. The component
 * shows `pending` in the input's own render, which touches only itself; `commit` (a parent's
 * state, the shared store, whatever re-renders a large tree or starts requests) runs after the
 * next paint, the pending choice cleared in the same render. A second choice before that
 * replaces the first. A choice still pending at unmount goes to `atUnmount` (default: `commit`),
 * exactly once whichever cleanup asks first: the component's own may `drop` it instead.
 * `choose` and `drop` keep their identity across renders.
 */
export function usePaintFirst<T>(
  commit: (value: T) => void,
  options: PaintFirstOptions<T> = {},
): [pending: T | null, choose: (value: T) => void, drop: () => T | null] {
  const [pending, setPending] = useState<T | null>(null)
  const waiting = useRef<{ value: T; cancel: () => void } | null>(null)
  const latest = useRef({ commit, atUnmount: options.atUnmount ?? commit })
  useEffect(() => {
    latest.current = { commit, atUnmount: options.atUnmount ?? commit }
  })
  useEffect(
    () => () => {
      const left = waiting.current
      if (!left) return
      waiting.current = null
      left.cancel()
      latest.current.atUnmount(left.value)
    },
    [],
  )
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
