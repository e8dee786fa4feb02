import { useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { afterNextPaint } from './after-next-paint'

/**
 * A shopper's choice shown at once, passed on after that paint: returns the choice not passed on
 * yet (null when none), the function that makes one and the one that drops it (a later input
 * that decides otherwise, such as a typed quantity). The component shows `pending` in the
 * input's own render, which touches only itself; `commit` (a parent's state, the shared store,
 * whatever re-renders a large tree or starts requests) runs after the next paint, the pending
 * choice cleared in the same render. A second choice before that replaces the first; a choice
 * still pending when the component unmounts is committed then.
 */
export function usePaintFirst<T>(
  commit: (value: T) => void,
): [pending: T | null, choose: (value: T) => void, drop: () => void] {
  const [pending, setPending] = useState<T | null>(null)
  const waiting = useRef<{ value: T; cancel: () => void } | null>(null)
  const latestCommit = useRef(commit)
  useEffect(() => {
    latestCommit.current = commit
  })
  useEffect(
    () => () => {
      const left = waiting.current
      if (!left) return
      left.cancel()
      latestCommit.current(left.value)
    },
    [],
  )
  const choose = (value: T) => {
    waiting.current?.cancel()
    setPending(value)
    const cancel = afterNextPaint(() => {
      waiting.current = null
      flushSync(() => {
        setPending(null)
        latestCommit.current(value)
      })
    })
    waiting.current = { value, cancel }
  }
  const drop = () => {
    waiting.current?.cancel()
    waiting.current = null
    setPending(null)
  }
  return [pending, choose, drop]
}
