import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
} from 'react'
import { useTranslation } from 'react-i18next'
import type { Locale } from '../../src/domain/types'
import { hasSearchState } from '../../src/domain/search-state'
import { getBus } from '../../src/bus/bus'
import { useBusEvent } from '../../src/bus/use-bus'
import { getStore } from '../../src/store/shared-store'
import type { ModalHandle } from '../../src/ui/modal/Modal'
import { usePage } from '../../src/page/use-page'
import { whenIdle } from '../../src/page/when-idle'
import { afterNextPaint } from '../../src/ui/after-paint/after-next-paint'
import type * as PanelCode from './SearchPanel'
import { sendFirstSearch, sendFirstSearchAtPress } from './first-search'
import { pageModal, useModalOwnership } from './page-modal'
import { useFocusHandOver } from './use-focus-hand-over'

export type Mode = 'search' | 'sommelier'

// The panel (InstantSearch and the search client) is its own chunk: the header button costs
// little on every page, the search code loads on the first hover, focus or opening. Kept once
// loaded, as the browser keeps the module (the document's, not a page's).
let panelCode: typeof PanelCode | null = null
export const loadPanel = () => import('./SearchPanel').then((code) => (panelCode = code))
const preload = () => void loadPanel().catch(() => {})

/** Hides `element` by hand, out of React's render; the returned function shows it again. */
function hideUntilUndone(element: HTMLElement | null) {
  if (!element) return () => {}
  element.hidden = true
  return () => {
    element.hidden = false
  }
}

/**
 * The search modal's state, as the `Search` view draws it: which mode is open, the panel asked
 * for, rendered and shown in place of the preview, the early showing (the tap paints the kept
 * dialog before React renders it open), the opening from the bus, the query string and Back,
 * and the closing. One instance per page owns the modal (`page-modal.ts`); the others only open
 * it through the bus.
 */
export function useSearchModal(locale: Locale, trigger: RefObject<HTMLButtonElement | null>) {
  const { t } = useTranslation('search')
  const returnFocus = useRef<HTMLElement | null>(null)
  const modal = pageModal.of(usePage())
  const isOwner = useModalOwnership(modal)
  const [mode, setMode] = useState<Mode | null>(null)
  // The search panel stays mounted while the modal is open, so toggling to the sommelier and
  // back keeps the query and refinements.
  const [searchMounted, setSearchMounted] = useState(false)
  // The panel renders hidden behind the preview (or the loading note) and replaces it once its
  // whole tree is in: the dialog is never empty, and the focus goes straight to the panel's field.
  const [panelShown, setPanelShown] = useState(false)
  const showPanel = useCallback(() => setPanelShown(true), [])
  const modeBox = useRef<HTMLDivElement>(null)
  // The panel was asked for in this opening (its code, its first search).
  const panelAsked = useRef(false)
  const modeRef = useRef<Mode | null>(null)
  const handOver = useFocusHandOver({ mode, modeNow: modeRef, panelShown, showPanel, modeBox })
  const { reset: resetHandOver } = handOver
  // Closed, the dialog and its loading note are kept laid out once the page is idle (not during
  // its load): the tap that opens it paints them instead of styling them under the baseline.
  const [prepared, setPrepared] = useState(false)
  useEffect(() => (isOwner ? whenIdle(() => setPrepared(true)) : undefined), [isOwner])
  const dialog = useRef<ModalHandle>(null)
  // Search mode shown by the tap itself (the kept dialog, `showNow`), its render after the paint:
  // what cancels that render and what hides the dialog again.
  const shownEarly = useRef<{ cancelRender: () => void; hide: () => void } | null>(null)
  // Gone before that render (a Turbo page swap): nothing is left to render (the modal undoes the
  // showing itself).
  useEffect(() => () => shownEarly.current?.cancelRender(), [])

  const switchTo = useCallback(
    (next: Mode) => {
      // A render planned by an early showing: this one replaces it, and the modal takes over.
      shownEarly.current?.cancelRender()
      shownEarly.current = null
      modeRef.current = next
      setMode(next)
      if (next !== 'search' || panelAsked.current) return
      panelAsked.current = true
      resetHandOver()
      // The panel's first search leaves now, while the panel's code loads (a failed import
      // shows where the panel renders).
      sendFirstSearch(locale, () => loadPanel().then((code) => code.cardKit))
      if (!panelCode) loadPanel().catch(() => {})
      // The dialog paints first (a loading note, then the first search's wines); the panel, a
      // large tree, renders after it in a transition, in slices that leave the next tap a free
      // thread.
      startTransition(() => setSearchMounted(true))
    },
    [locale, resetHandOver],
  )

  const dialogLabel = useCallback(
    (of: Mode | null) => (of === 'sommelier' ? t('search.sommelierDialog') : t('search.dialog')),
    [t],
  )

  // The tap paints the kept dialog and React renders the open state after that paint: search
  // mode as the dialog keeps it (its loading note); sommelier mode with the search mode hidden
  // and the dialog named for the sommelier, its chat coming with that render.
  const showKept = useCallback(
    (next: Mode) => {
      const showSearchMode = next === 'sommelier' ? hideUntilUndone(modeBox.current) : () => {}
      const hide = dialog.current?.showNow(dialogLabel(next)) ?? null
      if (!hide) {
        showSearchMode()
        return null
      }
      return () => {
        hide()
        showSearchMode()
      }
    },
    [dialogLabel],
  )

  const open = useCallback(
    (next: Mode) => {
      if (modeRef.current === null) {
        // Opened from another widget (the sommelier button): focus goes back to what had it.
        const active = document.activeElement
        const opener = active instanceof HTMLElement && active !== document.body ? active : null
        const last = modal.takeLastTrigger()
        returnFocus.current = last?.isConnected ? last : (opener ?? trigger.current)
        const hide = showKept(next)
        if (hide) {
          modeRef.current = next
          shownEarly.current = { cancelRender: afterNextPaint(() => switchTo(next)), hide }
          return
        }
      }
      switchTo(next)
    },
    [modal, showKept, switchTo, trigger],
  )

  const close = useCallback((notify = true) => {
    if (modeRef.current === null) return
    if (shownEarly.current) {
      shownEarly.current.cancelRender()
      shownEarly.current.hide()
      shownEarly.current = null
    }
    modeRef.current = null
    setMode(null)
    setSearchMounted(false)
    setPanelShown(false)
    panelAsked.current = false
    getStore().update((d) => {
      d.conversation = []
    })
    if (notify) getBus().emit('modal:close', {})
  }, [])

  useBusEvent('modal:open', ({ mode: next }) => {
    if (isOwner) open(next)
  })
  // Another widget (the sommelier chat's own close button) may ask the modal to close.
  useBusEvent('modal:close', () => {
    if (isOwner) close(false)
  })

  // A page that loads with a search in its query string, or back/forward to one, opens it.
  useEffect(() => {
    if (!isOwner) return
    if (modeRef.current === null && hasSearchState(window.location.search)) open('search')
    const onPopState = () => {
      if (modeRef.current === null && hasSearchState(window.location.search)) open('search')
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [isOwner, open])

  /** The magnifier button's handlers: the opening, and the code and first search ahead of it. */
  const triggerHandlers = {
    onClick() {
      modal.pressed(trigger.current)
      getBus().emit('modal:open', { mode: 'search' })
    },
    // A finger's pointerenter comes with its tap: the panel's code would then be evaluated
    // between the tap's events, delaying the dialog. A mouse hovers long enough before its click.
    onPointerEnter(event: PointerEvent<HTMLButtonElement>) {
      if (event.pointerType !== 'touch') preload()
    },
    // The primary button or a finger going down on the trigger: the click that opens follows.
    onPointerDown(event: PointerEvent<HTMLButtonElement>) {
      if (event.isPrimary && event.button === 0) sendFirstSearchAtPress(locale)
    },
    onFocus: preload,
  }

  const toSommelier = useCallback(() => switchTo('sommelier'), [switchTo])
  const toSearch = useCallback(() => switchTo('search'), [switchTo])
  return {
    ...handOver,
    isOwner,
    mode,
    searchMounted,
    panelShown,
    prepared,
    dialog,
    modeBox,
    returnFocus,
    dialogLabel,
    close,
    toSommelier,
    toSearch,
    triggerHandlers,
  }
}
