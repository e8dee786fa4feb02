import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { findByFocusKey, focusKey } from './focus-counterpart'
import type { SearchField } from './SearchBox'
import type { Mode } from './use-search-modal'

interface HandOverOptions {
  /** The mode shown (state) and the mode as the latest call set it (ahead of a render). */
  mode: Mode | null
  modeNow: RefObject<Mode | null>
  /** The panel replaced the preview (its whole tree is in). */
  panelShown: boolean
  /** Replaces the preview with the panel. */
  showPanel: () => void
  /** The search mode's box, where the preview and the panel are. */
  modeBox: RefObject<HTMLElement | null>
}

/**
 * The preview's focus and text handed over to the panel that replaces it: the panel's field
 * takes what was typed in the preview's, and the focus, unless the shopper had moved it to a
 * button or a wine of the preview (a key, a tap): then that one's counterpart in the panel has
 * it (`focus-counterpart.ts`).
 */
export function useFocusHandOver({
  mode,
  modeNow,
  panelShown,
  showPanel,
  modeBox,
}: HandOverOptions) {
  // The shopper moved in the preview (a key, a tap): where the focus is then is their choice.
  const movedInPreview = useRef(false)
  /** The panel's box, where the counterpart is looked for. */
  const slot = useRef<HTMLDivElement>(null)
  // What had the focus in the preview, for its counterpart in the panel (null: the field).
  const focusAfter = useRef<string | null>(null)
  const field = useRef<SearchField>(null)
  // What was typed in the preview's field (no render: the panel's field reads it when it shows).
  const typedEarly = useRef('')

  const onPanelRendered = useCallback(() => {
    const active = document.activeElement
    focusAfter.current =
      movedInPreview.current && modeBox.current?.contains(active) ? focusKey(active) : null
    showPanel()
  }, [modeBox, showPanel])

  // The preview, and the focus it had, went in this commit.
  useLayoutEffect(() => {
    if (!panelShown || modeNow.current !== 'search') return
    const key = focusAfter.current
    focusAfter.current = null
    const counterpart = key && slot.current ? findByFocusKey(slot.current, key) : null
    field.current?.takeOver(typedEarly.current, counterpart === null)
    counterpart?.focus()
  }, [panelShown, modeNow])
  useEffect(() => {
    if (panelShown || mode !== 'search') return
    const moved = (event: Event) => {
      if (event.target instanceof Node && modeBox.current?.contains(event.target))
        movedInPreview.current = true
    }
    document.addEventListener('keydown', moved, true)
    document.addEventListener('pointerdown', moved, true)
    return () => {
      document.removeEventListener('keydown', moved, true)
      document.removeEventListener('pointerdown', moved, true)
    }
  }, [panelShown, mode, modeBox])

  const onType = useCallback((text: string) => {
    typedEarly.current = text
  }, [])
  /** A new opening asks for the panel: nothing of the last one's preview is handed over. */
  const reset = useCallback(() => {
    typedEarly.current = ''
    movedInPreview.current = false
  }, [])
  return { slot, field, onPanelRendered, onType, reset }
}
