import { useEffect, useId, useRef, type ReactNode } from 'react'
import { formatMoney } from '../../src/domain/money'
import { MIN_REDEEM_POINTS, REDEMPTION_TIERS } from '../../src/domain/redemption'
import type { SessionState } from '../../src/domain/types'
import { useLocale } from '../../src/i18n/locale-context'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../src/ui/number/format-number'
import { usePopover } from '../../src/ui/popover/use-popover'
import cartStyles from './Cart.module.css'
import styles from './Droplets.module.css'
import { CartBox } from './TitledSection'

export interface DropletsProps {
  /** Points earned by this order. */
  earned: number
  session: SessionState
  /** The checkout issue's redemption input (logged-in users). */
  redemption?: ReactNode
}

/**
 * Droplets section: the points this order earns; visitors are told to log in; logged-in
 * users see their balance and the rules (a tooltip, a popup on small screens).
 */
export function Droplets({ earned, session, redemption }: DropletsProps) {
  const { t } = useTranslation('droplets')
  const locale = useLocale()
  const number = (n: number) => formatNumber(n, locale)
  return (
    <CartBox title={t('droplets.title')}>
      <p className={styles.earned}>{t('droplets.earned', { count: number(earned) })}</p>
      {session.isLoggedIn ? (
        <>
          <p className={styles.balance}>
            {t('droplets.balance', { count: number(session.points) })}
          </p>
          <DropletsRules />
          {redemption}
        </>
      ) : (
        <p className={cartStyles.muted}>{t('droplets.loggedOut')}</p>
      )}
    </CartBox>
  )
}

/** The rules, generated from the redemption tiers so the text cannot drift from the rules. */
function DropletsRules() {
  const { t } = useTranslation('droplets')
  const locale = useLocale()
  const number = (n: number) => formatNumber(n, locale)
  const id = useId()
  const { open, setOpen, button, close, onKeyDown } = usePopover()
  const panel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (open) panel.current?.focus()
  }, [open])

  return (
    <div className={styles.rules}>
      <button
        ref={button}
        type="button"
        className={styles.help}
        aria-expanded={open}
        aria-controls={`${id}-rules`}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true" className={styles.helpIcon}>
          ?
        </span>
        {t('droplets.rulesButton')}
      </button>
      {open && <div className={styles.backdrop} onClick={close} aria-hidden="true" />}
      {/* Escape and focus leaving close the non-modal tooltip dialog. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions */}
      <div
        ref={panel}
        id={`${id}-rules`}
        role="dialog"
        aria-modal="false"
        aria-labelledby={`${id}-rules-title`}
        className={styles.tooltip}
        hidden={!open}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h4 id={`${id}-rules-title`} className={styles.tooltipTitle}>
          {t('droplets.rulesTitle')}
        </h4>
        <p>{t('droplets.rulesEarn')}</p>
        <p>{t('droplets.rulesMinimum', { min: number(MIN_REDEEM_POINTS) })}</p>
        <ul>
          {REDEMPTION_TIERS.map((tier) => (
            <li key={tier.minPoints}>
              {t('droplets.rulesTier', {
                min: number(tier.minPoints),
                value: formatMoney(tier.euroPerPoint, locale),
              })}
            </li>
          ))}
        </ul>
        <button type="button" className={styles.close} onClick={close}>
          {t('droplets.close')}
        </button>
      </div>
    </div>
  )
}
