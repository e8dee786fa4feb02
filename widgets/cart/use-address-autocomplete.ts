import { useEffect, useRef, useState, type RefObject } from 'react'
import { useLocale } from '../../src/i18n/locale-context'
import { loadPlaces } from '../../src/services/places'
import type { PlaceAddress } from '../../src/services/places/types'
import { reportError } from '../../src/report/report'

export type AutocompleteState = 'off' | 'loading' | 'ready' | 'failed'

/**
 * Attaches the places service (real or fake, chosen by the config) to an input. A load failure
 * is logged and reported as 'failed' (the form shows "Address autocomplete failed to load"); the
 * input stays a normal field either way.
 */
export function useAddressAutocomplete(
  input: RefObject<HTMLInputElement | null> | null,
  onSelect: (address: PlaceAddress) => void,
): AutocompleteState {
  const locale = useLocale()
  const enabled = input !== null
  const [state, setState] = useState<AutocompleteState>(enabled ? 'loading' : 'off')
  const callback = useRef(onSelect)
  useEffect(() => {
    callback.current = onSelect
  })
  useEffect(() => {
    if (!input) return
    let live = true
    let detach: (() => void) | null = null
    loadPlaces(undefined, locale).then(
      (places) => {
        if (!live || !input.current) return
        detach = places.attach(input.current, (address) => callback.current(address))
        setState('ready')
      },
      (error: unknown) => {
        reportError({
          widget: 'cart',
          area: 'checkout',
          message: 'Address autocomplete failed to load',
          error,
        })
        if (live) setState('failed')
      },
    )
    return () => {
      live = false
      detach?.()
    }
  }, [input, locale])
  return state
}
