/**
 * Demo and test fake of the places service: the same `PlacesService` interface as `./google`,
 * answering from a few Belgian addresses. Like Google's widget, it adds a suggestion list under
 * the input (appended to the body) and leaves the input a normal text field. The list is an ARIA
 * combobox popup: ArrowDown/ArrowUp move, Enter picks, Escape closes, a click picks. A chosen
 * suggestion goes through the same `addressFromComponents` as real Google results.
 */
import { addressFromComponents } from './address'
import type { AddressComponent, PlacesService } from './types'

interface FakePlace {
  route: string
  number: string
  zip: string
  city: string
}

/** The addresses the fake knows (one without a house number, to test manual completion). */
export const FAKE_PLACES: readonly FakePlace[] = [
  { route: 'Rue de la Loi', number: '16', zip: '1000', city: 'Bruxelles' },
  { route: 'Rue de la Montagne', number: '52', zip: '1000', city: 'Bruxelles' },
  { route: 'Avenue Louise', number: '54', zip: '1050', city: 'Ixelles' },
  { route: 'Grote Markt', number: '1', zip: '2000', city: 'Antwerpen' },
  { route: 'Korenmarkt', number: '5', zip: '9000', city: 'Gent' },
  { route: 'Place Saint-Lambert', number: '12', zip: '4000', city: 'Liège' },
  { route: 'Dorpstraat', number: '', zip: '3000', city: 'Leuven' },
]

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

const describe = (p: FakePlace) =>
  `${[p.route, p.number].filter(Boolean).join(' ')}, ${p.zip} ${p.city}`

function components(place: FakePlace, countryName: string): AddressComponent[] {
  const c = (long_name: string, type: string, short_name = long_name) => ({
    long_name,
    short_name,
    types: [type, 'political'],
  })
  return [
    ...(place.number ? [c(place.number, 'street_number')] : []),
    c(place.route, 'route'),
    c(place.city, 'locality'),
    c(place.zip, 'postal_code'),
    c(countryName, 'country', 'BE'),
  ]
}

let lists = 0

export function createFakePlaces(locale = 'fr'): PlacesService {
  let countryName = 'Belgium'
  try {
    countryName = new Intl.DisplayNames([`${locale}-BE`], { type: 'region' }).of('BE') ?? 'Belgium'
  } catch {
    /* Intl without region names: keep the English name */
  }
  return {
    attach(input, onSelect) {
      lists += 1
      const listId = `wine-fake-places-${lists}`
      const list = document.createElement('ul')
      list.id = listId
      list.setAttribute('role', 'listbox')
      list.hidden = true
      list.style.cssText =
        'position:absolute;z-index:1000;margin:0;padding:0;list-style:none;background:#fff;' +
        'border:1px solid #8a7a80;border-radius:0.375rem;box-shadow:0 4px 12px rgb(0 0 0 / 15%)'
      document.body.append(list)
      input.setAttribute('role', 'combobox')
      input.setAttribute('aria-autocomplete', 'list')
      input.setAttribute('aria-expanded', 'false')
      input.setAttribute('aria-controls', listId)
      input.setAttribute('autocomplete', 'off')

      let matches: FakePlace[] = []
      let active = -1

      const close = () => {
        list.hidden = true
        list.replaceChildren()
        matches = []
        active = -1
        input.setAttribute('aria-expanded', 'false')
        input.removeAttribute('aria-activedescendant')
      }
      const pick = (place: FakePlace) => {
        close()
        onSelect(addressFromComponents(components(place, countryName)))
      }
      const highlight = (index: number) => {
        active = index
        list.querySelectorAll('[role="option"]').forEach((option, i) => {
          option.setAttribute('aria-selected', String(i === index))
          ;(option as HTMLElement).style.background = i === index ? '#f3e8ec' : ''
        })
        if (index >= 0) input.setAttribute('aria-activedescendant', `${listId}-${index}`)
        else input.removeAttribute('aria-activedescendant')
      }
      const open = () => {
        const query = fold(input.value.trim())
        matches =
          query.length < 2 ? [] : FAKE_PLACES.filter((p) => fold(describe(p)).includes(query))
        if (matches.length === 0) {
          close()
          return
        }
        list.replaceChildren(
          ...matches.map((place, i) => {
            const option = document.createElement('li')
            option.id = `${listId}-${i}`
            option.setAttribute('role', 'option')
            option.setAttribute('aria-selected', 'false')
            option.textContent = describe(place)
            option.style.cssText = 'padding:0.5rem 0.75rem;cursor:pointer'
            // Keep the focus in the input while clicking.
            option.addEventListener('mousedown', (e) => e.preventDefault())
            option.addEventListener('click', () => pick(place))
            return option
          }),
        )
        const box = input.getBoundingClientRect()
        list.style.left = `${box.left + window.scrollX}px`
        list.style.top = `${box.bottom + window.scrollY}px`
        list.style.width = `${box.width}px`
        list.hidden = false
        active = -1
        input.setAttribute('aria-expanded', 'true')
      }
      const onKey = (event: KeyboardEvent) => {
        if (list.hidden) return
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault()
          const step = event.key === 'ArrowDown' ? 1 : -1
          highlight((active + step + matches.length) % matches.length)
        } else if (event.key === 'Enter' && active >= 0) {
          event.preventDefault()
          const place = matches[active]
          if (place) pick(place)
        } else if (event.key === 'Escape') {
          close()
        }
      }
      const onBlur = () => close()
      input.addEventListener('input', open)
      input.addEventListener('keydown', onKey)
      input.addEventListener('blur', onBlur)
      return () => {
        input.removeEventListener('input', open)
        input.removeEventListener('keydown', onKey)
        input.removeEventListener('blur', onBlur)
        for (const name of ['role', 'aria-autocomplete', 'aria-expanded', 'aria-controls'])
          input.removeAttribute(name)
        input.removeAttribute('aria-activedescendant')
        list.remove()
      }
    },
  }
}
