/**
 * Our own address suggestions under the street input: an ARIA combobox (WAI-ARIA APG "list
 * autocomplete") over any source of suggestions: Google's Places API (New) in production, the
 * demo's fake in tests. The input stays ours (label, validation, styles, the shopper's typing);
 * only the list is added. ArrowDown/ArrowUp move, Enter picks, Escape closes, a click picks.
 * Answers to an older query are dropped, so fast typing never shows stale suggestions.
 */
import type { PlaceAddress } from './types'
import { reportError } from '../../report/report'
import { place } from '../../ui/placed/placed'

export interface Suggestion {
  /** What the shopper reads, e.g. "Rue de la Loi 16, 1000 Bruxelles, Belgium". */
  label: string
  /** The chosen place's address; null when it has none usable (the typed text then stays). */
  address(): Promise<PlaceAddress | null>
}

export interface SuggestionSource {
  find(query: string): Promise<Suggestion[]>
}

/** Wait after the last keystroke before asking (each request is billed by Google). */
export const SUGGEST_DEBOUNCE_MS = 150
/** Fewer characters than this ask nothing. */
export const SUGGEST_MIN_CHARS = 3

// Module-level on purpose: list ids must be unique in the document, not only in one page context.
let lists = 0

export function attachSuggestions(
  input: HTMLInputElement,
  source: SuggestionSource,
  onSelect: (address: PlaceAddress) => void,
  onError: (error: unknown) => void = (error) =>
    reportError({ area: 'checkout', message: 'Address suggestions failed', error }),
): () => void {
  lists += 1
  const listId = `wine-places-${lists}`
  const list = document.createElement('ul')
  list.id = listId
  list.setAttribute('role', 'listbox')
  list.hidden = true
  list.style.cssText =
    'position:absolute;z-index:1000;margin:0;padding:0;list-style:none;background:#fff;color:#222;' +
    'border:1px solid #8a7a80;border-radius:0.375rem;box-shadow:0 4px 12px rgb(0 0 0 / 15%)'
  // At the end of the body, out of the form's boxes; survives a host's body swap (src/ui/placed).
  const placed = place(list)
  input.setAttribute('role', 'combobox')
  input.setAttribute('aria-autocomplete', 'list')
  input.setAttribute('aria-expanded', 'false')
  input.setAttribute('aria-controls', listId)
  input.setAttribute('autocomplete', 'off')

  let shown: Suggestion[] = []
  let active = -1
  let asked = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const close = () => {
    list.hidden = true
    list.replaceChildren()
    shown = []
    active = -1
    input.setAttribute('aria-expanded', 'false')
    input.removeAttribute('aria-activedescendant')
  }
  const pick = (suggestion: Suggestion) => {
    close()
    asked += 1
    suggestion.address().then(
      (address) => {
        if (address) onSelect(address)
      },
      (error: unknown) => onError(error),
    )
  }
  const highlight = (index: number) => {
    active = index
    list.querySelectorAll<HTMLElement>('[role="option"]').forEach((option, i) => {
      option.setAttribute('aria-selected', String(i === index))
      option.style.background = i === index ? '#f3e8ec' : ''
    })
    if (index >= 0) input.setAttribute('aria-activedescendant', `${listId}-${index}`)
    else input.removeAttribute('aria-activedescendant')
  }
  const show = (suggestions: Suggestion[]) => {
    if (suggestions.length === 0) {
      close()
      return
    }
    shown = suggestions
    list.replaceChildren(
      ...suggestions.map((suggestion, i) => {
        const option = document.createElement('li')
        option.id = `${listId}-${i}`
        option.setAttribute('role', 'option')
        option.setAttribute('aria-selected', 'false')
        option.textContent = suggestion.label
        option.style.cssText = 'padding:0.5rem 0.75rem;cursor:pointer'
        // Keep the focus in the input while clicking.
        option.addEventListener('mousedown', (e) => e.preventDefault())
        option.addEventListener('click', () => pick(suggestion))
        return option
      }),
    )
    const box = input.getBoundingClientRect()
    list.style.left = `${box.left + window.scrollX}px`
    list.style.top = `${box.bottom + window.scrollY}px`
    list.style.width = `${box.width}px`
    placed.ensure()
    list.hidden = false
    active = -1
    input.setAttribute('aria-expanded', 'true')
  }
  const ask = () => {
    clearTimeout(timer)
    const query = input.value.trim()
    const ticket = ++asked
    if (query.length < SUGGEST_MIN_CHARS) {
      close()
      return
    }
    timer = setTimeout(() => {
      source.find(query).then(
        (suggestions) => {
          if (ticket === asked && document.activeElement === input) show(suggestions)
        },
        (error: unknown) => {
          if (ticket === asked) close()
          onError(error)
        },
      )
    }, SUGGEST_DEBOUNCE_MS)
  }
  const onKey = (event: KeyboardEvent) => {
    if (list.hidden) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      highlight((active + step + shown.length) % shown.length)
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault()
      const suggestion = shown[active]
      if (suggestion) pick(suggestion)
    } else if (event.key === 'Escape') {
      close()
    }
  }
  const onBlur = () => {
    asked += 1
    close()
  }
  input.addEventListener('input', ask)
  input.addEventListener('keydown', onKey)
  input.addEventListener('blur', onBlur)
  return () => {
    clearTimeout(timer)
    asked += 1
    input.removeEventListener('input', ask)
    input.removeEventListener('keydown', onKey)
    input.removeEventListener('blur', onBlur)
    for (const name of ['role', 'aria-autocomplete', 'aria-expanded', 'aria-controls'])
      input.removeAttribute(name)
    input.removeAttribute('aria-activedescendant')
    placed.remove()
  }
}
