import { useEffect, useRef } from 'react'
import { getBus } from './bus'
import type { BusEventName, BusEvents } from './events'

/** Subscribe to a bus event for the lifetime of the component. */
export function useBusEvent<K extends BusEventName>(
  name: K,
  handler: (payload: BusEvents[K]) => void,
): void {
  const ref = useRef(handler)
  useEffect(() => {
    ref.current = handler
  })
  useEffect(() => getBus().on(name, (p) => ref.current(p)), [name])
}
