import { formatMoney, formatNegativeMoney } from '../../domain/money'
import { useLocale } from '../../i18n/locale-context'

export interface MoneyProps {
  /** Amount in EUR. */
  amount: number
  /** Show as a discount ("-2,00 €"). @default false */
  negative?: boolean
  className?: string
}

/** An amount in EUR with 2 decimals in the root's locale, e.g. "12,50 €" in fr. */
export function Money({ amount, negative = false, className }: MoneyProps) {
  const locale = useLocale()
  const text = negative ? formatNegativeMoney(amount, locale) : formatMoney(amount, locale)
  return (
    <span className={className} data-amount={amount}>
      {text}
    </span>
  )
}
