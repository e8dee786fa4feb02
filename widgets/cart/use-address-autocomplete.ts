import { useEffect, useRef, type RefObject } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocale } from '../../src/i18n/locale-context'
import { placesQueryOptions } from '../../src/services/places'
import type { PlaceAddress } from '../../src/services/places/types'
import { reportError } from '../../src/report/report'

export type AutocompleteState = 'off' | 'loading' | 'ready' | 'failed'

/**
 * Attaches the places service (real or fake, chosen by the config) to an input. The service is a
 * React Query query (`placesQueryOptions`: loaded once per page and locale, 3 retries); a load
 * that still fails is logged and reported as 'failed' (the form shows "Address autocomplete
 * failed to load"); the input stays a normal field either way.
 */
export function useAddressAutocomplete(
  input: RefObject<HTMLInputElement | null> | null,
  onSelect: (address: PlaceAddress) => void,
): AutocompleteState {
  const locale = useLocale()
  const enabled = input !== null
  const places = useQuery({ ...placesQueryOptions(locale), enabled })
  const callback = useRef(onSelect)
  useEffect(() => {
    callback.current = onSelect
  })

  useEffect(() => {
    if (!places.isError) return
    reportError({
      widget: 'cart',
      area: 'checkout',
      message: 'Address autocomplete failed to load',
      error: places.error,
    })
  }, [places.isError, places.error])

  const service = places.data
  useEffect(() => {
    const element = input?.current
    if (!service || !element) return
    return service.attach(element, (address) => callback.current(address))
  }, [input, service])

  if (!enabled) return 'off'
  return places.isSuccess ? 'ready' : places.isError ? 'failed' : 'loading'
}
