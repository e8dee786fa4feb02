import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { DecorativeSvg } from '../decorative-svg/DecorativeSvg'
import styles from './AddedToCart.module.css'

/** How long the confirmation stays when the shopper does not touch it. */
export const ADDED_TO_CART_MS = 8_000

/** Focus inside the closing panel would drop to the body: it goes back to the add button. */
function keepFocus(
  panel: RefObject<HTMLElement | null>,
  target: RefObject<HTMLElement | null> | undefined,
) {
  if (panel.current?.contains(document.activeElement)) target?.current?.focus()
}

/** What was just added: the announced message and the line it concerns. */
export interface AddedNotice {
  /** Announced and shown, e.g. "Added. You now have 6 in your cart." */
  message: string
  /** The wine or box, e.g. "Pauillac Grand Vin · 2019 · 75cl". */
  item: string
}

export interface AddedToCartProps {
  /** The latest addition; null shows nothing. A new object shows it again. */
  notice: AddedNotice | null
  /** The localized cart page (`cartPath(locale)`). */
  cartHref: string
  /** Text of the link to the cart, e.g. "View the cart". */
  cartLabel: string
  /** Accessible name of the close button. */
  closeLabel: string
  /** Where focus goes when the panel closes while it had focus (the add button). */
  returnFocus?: RefObject<HTMLElement | null>
}

/**
 * The confirmation after "Add to cart" (as a shop theme's cart notification): a small panel on
 * top of the page with the message, the line and a link to the cart. The message is announced
 * through a polite live region that is on the page from the start (a region inserted with its
 * text is not reliably read). Focus stays on the add button; the panel closes with its button,
 * Escape, or by itself after a few seconds unless the pointer or focus is inside it.
 */
export function AddedToCart({
  notice,
  cartHref,
  cartLabel,
  closeLabel,
  returnFocus,
}: AddedToCartProps) {
  const [shown, setShown] = useState<AddedNotice | null>(null)
  const [held, setHeld] = useState(false)
  const panel = useRef<HTMLDivElement>(null)
  const link = useRef<HTMLAnchorElement>(null)

  // Each new notice shows the panel again (state follows the prop, as React advises).
  const [previous, setPrevious] = useState<AddedNotice | null>(null)
  if (notice !== previous) {
    setPrevious(notice)
    setShown(notice)
  }

  // The add button turned disabled (nothing left to add) would drop the keyboard focus: the
  // link to the cart, the next useful step, takes it.
  useEffect(() => {
    if (shown && returnFocus?.current?.matches(':disabled')) link.current?.focus()
  }, [shown, returnFocus])

  useEffect(() => {
    if (!shown || held) return
    const timer = setTimeout(() => setShown(null), ADDED_TO_CART_MS)
    return () => clearTimeout(timer)
  }, [shown, held])

  const close = useCallback(() => {
    keepFocus(panel, returnFocus)
    setShown(null)
    setHeld(false)
  }, [returnFocus])

  useEffect(() => {
    if (!shown) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [shown, close])

  return (
    // A hold-open zone (pointer or focus inside keeps it shown): the controls inside act.
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
    <div
      ref={panel}
      className={shown ? styles.panel : styles.closed}
      data-added-to-cart={shown ? 'open' : 'closed'}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false)
      }}
    >
      <p role="status" className={styles.message}>
        {shown && (
          <>
            <DecorativeSvg className={styles.check} viewBox="0 0 24 24">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </DecorativeSvg>
            {shown.message}
          </>
        )}
      </p>
      {shown && (
        <>
          <p className={styles.item}>{shown.item}</p>
          <a ref={link} className={styles.link} href={cartHref}>
            {cartLabel}
          </a>
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={close}>
            <DecorativeSvg viewBox="0 0 24 24">
              <path d="M6 6l12 12M18 6L6 18" />
            </DecorativeSvg>
          </button>
        </>
      )}
    </div>
  )
}
