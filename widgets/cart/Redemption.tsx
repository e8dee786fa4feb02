import { useId, useState } from 'react'
import { formatNegativeMoney } from '../../src/domain/money'
import { MAX_POINTS_LENGTH } from '../../src/domain/quantity'
import {
  MIN_REDEEM_POINTS,
  canRedeem,
  clampRedeemDetailed,
  maxRedeemablePoints,
  type RedeemAdjustment,
} from '../../src/domain/redemption'
import { useLocale } from '../../src/i18n/locale-context'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../src/session/use-session'
import { useCartTotals, useCheckoutLocked } from '../../src/store/cart-actions'
import { formatNumber } from '../../src/ui/number/format-number'
import { redeemDroplets } from './checkout-actions'
import styles from './Checkout.module.css'

/**
 * Droplets redemption: shown when the balance reaches 100. The typed number is
 * clamped on change to the allowed maximum (balance, and what covers the subtotal); it is
 * redeemed when the input is left, so the discount (a negative euro amount, here, in the order
 * summary and on the Pay button) shows only then, everywhere at once.
 */
export function Redemption() {
  const { t } = useTranslation('checkout')
  const locale = useLocale()
  const id = useId()
  const session = useSession()
  const { cart, totals } = useCartTotals()
  const locked = useCheckoutLocked()
  const balance = session.points
  const [draft, setDraft] = useState<string | null>(null)
  const [adjustment, setAdjustment] = useState<RedeemAdjustment>(null)
  const [left, setLeft] = useState(true)
  /** The clamped number typed since the input was entered; redeemed when it is left. */
  const [pending, setPending] = useState<number | null>(null)
  if (!session.isLoggedIn || !canRedeem(balance)) return null

  const max = maxRedeemablePoints(balance, totals.subTotal)
  const number = (n: number) => formatNumber(n, locale)
  if (max === 0) return <p className={styles.hint}>{t('checkout.redeemNone')}</p>

  // While typing, the typed text; once left, what the cart holds (or the rejected text).
  const value =
    draft !== null && (!left || cart.redeemedPoints === 0)
      ? draft
      : cart.redeemedPoints > 0
        ? String(cart.redeemedPoints)
        : ''
  const hint =
    left && adjustment === 'below-minimum'
      ? t('checkout.redeemBelowMinimum', { min: number(MIN_REDEEM_POINTS) })
      : adjustment === 'above-maximum'
        ? t('checkout.redeemClamped', { max: number(max) })
        : t('checkout.redeemRange', { min: number(MIN_REDEEM_POINTS), max: number(max) })

  return (
    <div className={styles.redeem}>
      <label htmlFor={`${id}-redeem`}>{t('checkout.redeemLabel')}</label>
      <input
        id={`${id}-redeem`}
        type="text"
        inputMode="numeric"
        maxLength={MAX_POINTS_LENGTH}
        value={value}
        disabled={locked}
        aria-describedby={`${id}-redeem-hint`}
        onFocus={() => setLeft(false)}
        onChange={(e) => {
          const text = e.target.value.replace(/\D/g, '').slice(0, MAX_POINTS_LENGTH)
          const result = clampRedeemDetailed(text, balance, totals.subTotal)
          setAdjustment(result.adjustment)
          setDraft(result.adjustment === 'above-maximum' ? String(result.points) : text)
          setLeft(false)
          setPending(result.points)
        }}
        onBlur={() => {
          setLeft(true)
          if (pending !== null) redeemDroplets(pending, balance)
          setPending(null)
        }}
      />
      <p id={`${id}-redeem-hint`} className={styles.hint}>
        {hint}
      </p>
      {left && cart.redeemedPointsAmount > 0 && (
        <p className={styles.discount}>
          {t('checkout.redeemDiscount', {
            amount: formatNegativeMoney(cart.redeemedPointsAmount, locale),
          })}
        </p>
      )}
    </div>
  )
}
