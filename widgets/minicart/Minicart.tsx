import { memo, useEffect, useId, useRef, type FocusEvent } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import type { CartLine, Locale } from '../../src/domain/types'
import { lineTotal } from '../../src/domain/cart'
import { cartPath } from '../../src/domain/cart-page'
import { useTranslation } from 'react-i18next'
import { useCartTotals } from '../../src/store/cart-actions'
import { LineDetails } from '../../src/ui/cart-line/LineDetails'
import { Money } from '../../src/ui/money/Money'
import styles from './Minicart.module.css'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'
import { usePopover } from '../../src/ui/popover/use-popover'

/** A short delay before closing on mouse leave, so moving to the panel does not close it. */
const CLOSE_DELAY_MS = 200
const AUTO_OPEN_GRACE_MS = 500

interface PanelContentsProps {
  lines: readonly CartLine[]
  subTotal: number
  locale: Locale
}

/**
 * What the panel lists. Memoised: opening and closing re-render the button and the panel's
 * `hidden` only, not every line's texts and amounts, in the tap that opens it.
 */
const PanelContents = memo(function PanelContents({ lines, subTotal, locale }: PanelContentsProps) {
  const { t } = useTranslation('minicart')
  return (
    <>
      <h2 className={styles.title}>{t('minicart.title')}</h2>
      {lines.length === 0 ? (
        <p className={styles.empty}>{t('minicart.empty')}</p>
      ) : (
        <>
          <ul className={styles.lines}>
            {lines.map((line) => (
              <li key={line.id} className={styles.line}>
                <span className={styles.name}>{line.name}</span>
                <LineDetails
                  line={line}
                  bundleLabel={t('minicart.bundle')}
                  className={styles.details}
                />
                <span className={styles.quantity}>
                  {t('minicart.quantity', { count: line.quantity })}
                </span>
                <Money amount={lineTotal(line)} className={styles.total} />
              </li>
            ))}
          </ul>
          <p className={styles.subtotal}>
            <span>
              {t('minicart.subtotal')}{' '}
              <span className={styles.note}>({t('minicart.withoutShipping')})</span>
            </span>
            <Money amount={subTotal} className={styles.subtotalAmount} />
          </p>
        </>
      )}
      <a className={styles.link} href={cartPath(locale)}>
        {t('minicart.toCart')}
      </a>
    </>
  )
})

/**
 * Header minicart: a count badge on a disclosure button; the list opens on hover, on
 * keyboard focus and on click, and closes on Escape, when focus or the pointer leaves.
 */
export default function Minicart({ locale }: WidgetComponentProps) {
  const { t } = useTranslation('minicart')
  const id = useId()
  const { cart, totals } = useCartTotals()
  const { open, setOpen, button, onKeyDown } = usePopover()
  const root = useRef<HTMLDivElement>(null)
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  // When hover or focus just opened the list, the click that follows must not close it again.
  const autoOpenedAt = useRef(0)

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current)
    closeTimer.current = null
  }
  useEffect(() => cancelClose, [])

  const show = () => {
    cancelClose()
    setOpen(true)
  }
  const showAuto = () => {
    if (!open) autoOpenedAt.current = Date.now()
    show()
  }
  const toggle = () => {
    if (open && Date.now() - autoOpenedAt.current > AUTO_OPEN_GRACE_MS) setOpen(false)
    else show()
  }
  const hideSoon = () => {
    cancelClose()
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS)
  }
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!root.current?.contains(event.relatedTarget)) setOpen(false)
  }

  const panelId = `${id}-panel`
  return (
    // Opens while pointed at or focused within; its button is the control.
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
    <div
      ref={root}
      className={styles.minicart}
      onMouseEnter={showAuto}
      onMouseLeave={hideSoon}
      onFocus={showAuto}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('minicart.button', { count: totals.itemsCount })}
        onClick={toggle}
      >
        <DecorativeSvg className={styles.icon} viewBox="0 0 24 24">
          <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
          <circle cx="9" cy="19" r="1.5" />
          <circle cx="17" cy="19" r="1.5" />
        </DecorativeSvg>
        {/* An empty cart shows no badge: a "0" is noise (the name still says 0). */}
        {totals.itemsCount > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {totals.itemsCount}
          </span>
        )}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <PanelContents lines={cart.lines} subTotal={totals.subTotal} locale={locale} />
      </div>
    </div>
  )
}
