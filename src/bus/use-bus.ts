import { useEffect, useRef } from 'react'
import { busOf } from './bus'
import { usePage } from '../page/use-page'
import type { BusEventName, BusEvents } from './events'

/** Subscribe to a bus event for the lifetime of the component. */
export function useBusEvent<K extends BusEventName>(
  name: K,
  handler: (payload: BusEvents[K]) => void,
): void {
  const bus = busOf(usePage())
  const ref = useRef(handler)
  useEffect(() => {
    ref.current = handler
  })
  useEffect(() => bus.on(name, (p) => ref.current(p)), [bus, name])
}

/**
 * Emit `name` when `key` takes a new value (null: nothing to announce yet), at most once per
 * value for the component's lifetime: StrictMode's replayed effects do not announce twice.
 */
export function useEmitOnce<K extends BusEventName>(
  name: K,
  key: string | null,
  payload: () => BusEvents[K],
): void {
  const bus = busOf(usePage())
  const last = useRef<string | null>(null)
  const make = useRef(payload)
  useEffect(() => {
    make.current = payload
  })
  useEffect(() => {
    if (key === null || last.current === key) return
    last.current = key
    bus.emit(name, make.current())
  }, [bus, name, key])
}
