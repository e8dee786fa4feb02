import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react'
import { riseIn } from '../motion/entrance'
import { afterNextPaint } from '../after-paint/after-next-paint'
import { PlacedBox } from '../placed/PlacedBox'
import styles from './Modal.module.css'

export interface ModalProps {
  open: boolean
  /** Called on Escape; the content's own close button calls it too. */
  onClose: () => void
  /** The dialog's accessible name. */
  label: string
  children: ReactNode
  /** Focused when the modal opens; default: the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null>
  /** Focus goes back here when the element that had focus before opening is gone. */
  returnFocus?: RefObject<HTMLElement | null>
  className?: string
  /**
   * Closed, the dialog stays in the page with its content, invisible and out of reach (`hidden`),
   * but styled and laid out: opening it is then mostly a paint. For a modal opened on a tap whose
   * content costs a style pass under the widgets' baseline (`all: revert` on every element).
   */
  keepLaidOut?: boolean
  ref?: Ref<ModalHandle>
}

export interface ModalHandle {
  /**
   * Shows the kept dialog now, from the tap's handler, before the owner renders it open: the tap
   * paints the dialog without a render of React. The owner then renders it open after that paint
   * and the modal takes over what this did; or it calls the returned function, which hides the
   * dialog again and gives the page back its scroll and focus. Null when there is nothing to show
   * this way: not kept laid out, already open or shown. `label` names the dialog meanwhile: the
   * name the owner will render it open with, when not the closed one's.
   */
  showNow(label?: string): (() => void) | null
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',')

/** Tabbable elements in document order, skipping hidden and inert ones. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]') && shown(el),
  )
}

// Not shown by a stylesheet (a phone-only button on a large screen): it cannot take the focus,
// so wrapping to it would let the focus out. jsdom has no checkVisibility and lays nothing out.
const shown = (el: HTMLElement) =>
  typeof el.checkVisibility === 'function' ? el.checkVisibility() : true

// Body scroll lock, counted so nested or successive modals restore the page's own values.
// Module-level on purpose: there is one <body> per document, whatever page context runs.
let locks = 0
// The body is kept with its values: a host that swapped the body meanwhile (PJAX, Turbo) has a
// new one, which the lock never touched and must not get the old one's values.
let saved: { html: string; body: string; padding: string; locked: HTMLElement } | null = null

/** The page's vertical scrollbar, in px (0 with overlay scrollbars, as on phones). */
const pageScrollbar = () => window.innerWidth - document.documentElement.clientWidth

/** Locks the page's scroll; its scrollbar is measured with the dialog shown (fixed, no width). */
function lockScroll() {
  if (locks++ > 0) return
  const { documentElement: html, body } = document
  const scrollbar = pageScrollbar()
  saved = {
    html: html.style.overflow,
    body: body.style.overflow,
    padding: body.style.paddingRight,
    locked: body,
  }
  // Keep the page from shifting sideways when its scrollbar disappears.
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`
  html.style.overflow = 'hidden'
  body.style.overflow = 'hidden'
}

function unlockScroll() {
  if (--locks > 0 || !saved) return
  document.documentElement.style.overflow = saved.html
  saved.locked.style.overflow = saved.body
  saved.locked.style.paddingRight = saved.padding
  saved = null
}

interface OpenOptions {
  initialFocus?: RefObject<HTMLElement | null>
  returnFocus?: RefObject<HTMLElement | null>
  onClose: RefObject<() => void>
}

/**
 * What opening a dialog does to the page: the scroll lock, the focus moved inside, the entrance,
 * Escape and the focus kept inside. Returns what undoes it, the focus given back included.
 * The scroll lock waits for the next paint and measures the page's scrollbar then: in the tap's
 * frame, the lock's `overflow` would relayout the whole page and the measure would force a layout
 * of the new dialog (the backdrop, fixed, covers the page meanwhile and takes no width).
 */
function openDialog(
  root: HTMLElement | null,
  { initialFocus, returnFocus, onClose }: OpenOptions,
): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
  // Read when closing: the owner may set it while the modal is open.
  const fallback = returnFocus
  let locked = false
  const cancelLock = afterNextPaint(() => {
    lockScroll()
    locked = true
  })
  const target = initialFocus?.current ?? (root ? tabbables(root)[0] : undefined) ?? root
  target?.focus()
  if (root) riseIn(root)

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || !root) return
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose.current()
      return
    }
    if (event.key !== 'Tab') return
    const items = tabbables(root)
    if (items.length === 0) {
      event.preventDefault()
      root.focus()
      return
    }
    const first = items[0]
    const last = items.at(-1)
    const active = document.activeElement
    if (event.shiftKey && (active === first || !root.contains(active))) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && (active === last || !root.contains(active))) {
      event.preventDefault()
      first?.focus()
    }
  }
  const focusInside = () => root && (tabbables(root)[0] ?? root).focus()
  // Focus that lands outside (a click on the page behind, a script) is brought back.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Node && !root?.contains(event.target)) focusInside()
  }
  // Content swapped inside (a panel replacing its preview, a line removed) may take out the
  // element with the focus: the browser then puts it on the body, outside, with no event.
  const lost = new MutationObserver(() => {
    const active = document.activeElement
    if (!active || active === document.body) focusInside()
  })
  if (root) lost.observe(root, { childList: true, subtree: true })
  document.addEventListener('keydown', onKeyDown)
  document.addEventListener('focusin', onFocusIn)
  return () => {
    lost.disconnect()
    document.removeEventListener('keydown', onKeyDown)
    document.removeEventListener('focusin', onFocusIn)
    cancelLock()
    if (locked) unlockScroll()
    const back =
      opener && opener.isConnected && opener !== document.body ? opener : fallback?.current
    // A dialog kept laid out still holds the element that had the focus: React gives the focus
    // back to it at the end of this commit (it does so for any focused element still in the
    // page), so the opener takes it after that.
    if (root?.isConnected) queueMicrotask(() => back?.focus())
    else back?.focus()
  }
}

/**
 * An accessible full-screen modal: a labelled `role="dialog"` rendered at the end of the body,
 * focus kept inside (Tab and Shift+Tab wrap), Escape closes, the page behind does not scroll,
 * and focus returns to the element that opened it.
 */
export function Modal({
  open,
  onClose,
  label,
  children,
  initialFocus,
  returnFocus,
  className,
  keepLaidOut = false,
  ref,
}: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  // A kept dialog shown by `showNow`, before the owner renders it open: what undoes that showing.
  const early = useRef<(() => void) | null>(null)
  const show = () => openDialog(dialog.current, { initialFocus, returnFocus, onClose: onCloseRef })

  useImperativeHandle(ref, () => ({
    showNow(name) {
      const root = dialog.current
      const backdrop = root?.parentElement
      // A box the host took away with its body: the owner's render puts it back (src/ui/placed).
      if (open || !keepLaidOut || early.current || !root || !backdrop?.isConnected) return null
      if (name !== undefined) root.setAttribute('aria-label', name)
      backdrop.hidden = false
      const undo = show()
      early.current = undo
      return () => {
        if (early.current !== undo) return
        early.current = null
        backdrop.hidden = true
        root.setAttribute('aria-label', label)
        undo()
      }
    },
  }))

  // Layout effect: the opener is read before anything inside takes focus. A dialog already shown
  // by `showNow` is taken over as it is.
  useLayoutEffect(() => {
    if (!open) return
    const undo = early.current ?? show()
    early.current = null
    return undo
    // The refs are read once per opening on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])
  // Unmounted while shown early (the owner went before its render): the page gets its scroll and
  // its focus back.
  useEffect(() => () => early.current?.(), [])

  if (!open && !keepLaidOut) return null
  return (
    // Outside the widget's tag, through the box that survives a host's body swap (src/ui/placed).
    <PlacedBox
      className={keepLaidOut ? `${styles.backdrop} ${styles.keptLaidOut}` : styles.backdrop}
      hidden={!open}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={className ? `${styles.dialog} ${className}` : styles.dialog}
      >
        {children}
      </div>
    </PlacedBox>
  )
}
