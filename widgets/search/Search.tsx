import {
  Suspense,
  lazy,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
} from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import type { Locale } from '../../src/domain/types'
import { hasSearchState } from '../../src/domain/search-state'
import { getBus } from '../../src/bus/bus'
import { useBusEvent } from '../../src/bus/use-bus'
import { getStore } from '../../src/store/shared-store'
import { useTranslation } from 'react-i18next'
import { ErrorBoundary } from '../../src/ui/ErrorBoundary'
import { Modal, type ModalHandle } from '../../src/ui/modal/Modal'
import { CloseIcon, MagnifierIcon } from './icons'
import styles from './Search.module.css'
import type * as PanelCode from './SearchPanel'
import { sendFirstSearch, sendFirstSearchAtPress } from './first-search'
import { PanelPreview } from './PanelPreview'
import { findByFocusKey, focusKey } from './focus-counterpart'
import type { SearchField } from './SearchBox'
// The panel's stylesheets load with the button, in the site chunk's stylesheet: opening the
// panel waits for its script alone, not for a stylesheet too.
import './SearchBox.module.css'
import './SearchPanel.module.css'
import './RefinementList.module.css'
import { WidgetTag, useWidgetAvailable } from '../../src/ui/widget-tag/WidgetTag'
import { IconButton } from '../../src/ui/icon-button/IconButton'
import { pageModal, useModalOwnership } from './page-modal'
import { usePage } from '../../src/page/use-page'
import { whenIdle } from '../../src/page/when-idle'
import { afterNextPaint } from '../../src/ui/after-paint/after-next-paint'

type Mode = 'search' | 'sommelier'

// The panel (InstantSearch and the search client) is its own chunk: the header button costs
// little on every page, the search code loads on the first hover, focus or opening.
let panelCode: typeof PanelCode | null = null
const loadPanel = () => import('./SearchPanel').then((code) => (panelCode = code))
// Memo: the panel re-renders for its own props only, not when the preview goes.
const SearchPanel = memo(lazy(loadPanel))

/** Hides `element` by hand, out of React's render; the returned function shows it again. */
function hideUntilUndone(element: HTMLElement | null) {
  if (!element) return () => {}
  element.hidden = true
  return () => {
    element.hidden = false
  }
}

interface TopBarProps {
  onClose: () => void
}

function CloseButton({ onClose }: TopBarProps) {
  const { t } = useTranslation('search')
  return (
    <IconButton className={styles.iconButton} label={t('search.close')} onClick={() => onClose()}>
      <CloseIcon />
    </IconButton>
  )
}

interface PanelMessageProps {
  onClose: () => void
  /** `status` while the panel's code loads, `alert` when it cannot work. */
  role: 'status' | 'alert'
  text: string
}

/** Shown while the panel's code loads, and when it cannot work: the modal can always be closed. */
function PanelMessage({ onClose, role, text }: PanelMessageProps) {
  return (
    <div className={styles.message}>
      <div className={styles.messageBar}>
        <CloseButton onClose={onClose} />
      </div>
      <p role={role} className={styles.note}>
        {text}
      </p>
    </div>
  )
}

interface SommelierModeProps {
  locale: Locale
  onBack: () => void
  onClose: () => void
}

/**
 * Sommelier mode: the chat is the `sommelier` widget, mounted by the runtime from the tag below
 * (a widget never imports another). Until that widget is registered, a short note shows instead.
 */
function SommelierMode({ locale, onBack, onClose }: SommelierModeProps) {
  const { t } = useTranslation('search')
  const back = useRef<HTMLButtonElement>(null)
  const available = useWidgetAvailable('sommelier')
  // Focus moves with the mode (the button that switched it is hidden now); the chat, when there,
  // brings its own header with close and back-to-search buttons and takes focus itself.
  useEffect(() => {
    if (!available) back.current?.focus()
  }, [available])
  if (available)
    return (
      <div data-sommelier-slot="" className={`${styles.sommelier} ${styles.slot}`}>
        <WidgetTag widget="sommelier" attributes={{ mode: 'chat', locale }} />
      </div>
    )
  return (
    <div className={styles.sommelier}>
      <div className={styles.topBar}>
        <button ref={back} type="button" className={styles.textButton} onClick={onBack}>
          <MagnifierIcon />
          <span>{t('search.backToSearch')}</span>
        </button>
        <span className={styles.spacer} />
        <CloseButton onClose={onClose} />
      </div>
      <div data-sommelier-slot="" className={styles.slot}>
        <p className={styles.note}>{t('search.sommelierSoon')}</p>
      </div>
    </div>
  )
}

/**
 * The `search` widget: a magnifier button for the header and the page's full-screen modal with
 * its two modes, search and sommelier. Any widget opens it with the bus event
 * `modal:open` `{ mode }`; closing emits `modal:close` and clears the sommelier conversation.
 * A page that loads with a search in its query string opens it in search mode.
 */
export default function Search({ locale }: WidgetComponentProps) {
  const { t } = useTranslation('search')
  const trigger = useRef<HTMLButtonElement>(null)
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
  // The shopper moved in the preview (a key, a tap): where the focus is then is their choice.
  const movedInPreview = useRef(false)
  const modeBox = useRef<HTMLDivElement>(null)
  const slot = useRef<HTMLDivElement>(null)
  // What had the focus in the preview, for its counterpart in the panel (null: the field).
  const focusAfter = useRef<string | null>(null)
  const onPanelRendered = useCallback(() => {
    const active = document.activeElement
    focusAfter.current =
      movedInPreview.current && modeBox.current?.contains(active) ? focusKey(active) : null
    setPanelShown(true)
  }, [])
  const field = useRef<SearchField>(null)
  // What was typed in the preview's field (no render: the panel's field reads it when it shows).
  const typedEarly = useRef('')
  // The panel was asked for in this opening (its code, its first search).
  const panelAsked = useRef(false)
  const modeRef = useRef<Mode | null>(null)
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
      typedEarly.current = ''
      movedInPreview.current = false
      // The panel's first search leaves now, while the panel's code loads (a failed import
      // shows where the panel renders).
      sendFirstSearch(locale, () => loadPanel().then((code) => code.cardKit))
      if (!panelCode) loadPanel().catch(() => {})
      // The dialog paints first (a loading note, then the first search's wines); the panel, a
      // large tree, renders after it in a transition, in slices that leave the next tap a free
      // thread.
      startTransition(() => setSearchMounted(true))
    },
    [locale],
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
    [modal, showKept, switchTo],
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

  // The preview, and the focus it had, went in this commit: the panel's field takes what was
  // typed in the preview's, and the focus, unless the shopper had moved it to a button or a wine
  // of the preview: then that one's counterpart in the panel has it.
  useLayoutEffect(() => {
    if (!panelShown || modeRef.current !== 'search') return
    const key = focusAfter.current
    focusAfter.current = null
    const counterpart = key && slot.current ? findByFocusKey(slot.current, key) : null
    field.current?.takeOver(typedEarly.current, counterpart === null)
    counterpart?.focus()
  }, [panelShown])
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
  }, [panelShown, mode])

  const onTrigger = () => {
    modal.pressed(trigger.current)
    getBus().emit('modal:open', { mode: 'search' })
  }
  const preload = () => void loadPanel().catch(() => {})
  // A finger's pointerenter comes with its tap: the panel's code would then be evaluated between
  // the tap's events, delaying the dialog. A mouse hovers long enough before its click.
  const preloadOnHover = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType !== 'touch') preload()
  }
  // The primary button or a finger going down on the trigger: the click that opens follows.
  const onPress = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.isPrimary && event.button === 0) sendFirstSearchAtPress(locale)
  }
  const toSommelier = useCallback(() => switchTo('sommelier'), [switchTo])
  const loading = (
    <PanelPreview
      locale={locale}
      onSommelier={toSommelier}
      onClose={close}
      onType={(text) => (typedEarly.current = text)}
      loading={<PanelMessage onClose={close} role="status" text={t('search.stalled')} />}
    />
  )

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={t('search.open')}
        title={t('search.open')}
        aria-haspopup="dialog"
        onClick={onTrigger}
        onPointerEnter={preloadOnHover}
        onPointerDown={onPress}
        onFocus={preload}
      >
        <MagnifierIcon />
      </button>
      {isOwner && (
        <Modal
          ref={dialog}
          open={mode !== null}
          onClose={close}
          label={dialogLabel(mode)}
          returnFocus={returnFocus}
          keepLaidOut={prepared}
        >
          {/* Closed, the search mode is what the dialog keeps: most openings are searches. */}
          {(searchMounted || mode !== 'sommelier') && (
            <div ref={modeBox} className={styles.mode} hidden={mode === 'sommelier'}>
              <ErrorBoundary
                name="search"
                fallback={() => (
                  <PanelMessage onClose={close} role="alert" text={t('search.error')} />
                )}
              >
                {!panelShown && loading}
                {searchMounted && (
                  <Suspense fallback={null}>
                    <div ref={slot} className={styles.slot} hidden={!panelShown}>
                      <SearchPanel
                        locale={locale}
                        active={mode === 'search'}
                        onClose={close}
                        onSommelier={toSommelier}
                        onRendered={onPanelRendered}
                        fieldRef={field}
                      />
                    </div>
                  </Suspense>
                )}
              </ErrorBoundary>
            </div>
          )}
          {mode === 'sommelier' && (
            <SommelierMode locale={locale} onBack={() => switchTo('search')} onClose={close} />
          )}
        </Modal>
      )}
    </>
  )
}
