import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { soldOutLines, type CartChange } from '../../src/domain/cart-freshness'
import { formatMoney } from '../../src/domain/money'
import type { CartLine, Locale, Promotion } from '../../src/domain/types'
import { useLocale } from '../../src/i18n/locale-context'
import { usePaymentStatus } from '../../src/payment/use-payment'
import { useCart } from '../../src/store/cart-actions'
import { checkOnOpen, useCatalogueChanges } from './catalogue-check'
import { useFailureText } from './payment-failure'
import styles from './CatalogueNotice.module.css'

/** "Falize Tradition 2021 · 75cl", "Belgian discovery box": a line as the notice names it. */
const lineName = (line: CartLine) =>
  line.type === 'bundle'
    ? line.name
    : [line.name, [line.vintage, line.volume].filter(Boolean).join(' · ')].filter(Boolean).join(' ')

function promotionText(t: TFunction, promotion: Promotion): string {
  if (promotion.type === 'bogof' && promotion.bogof) return t('cart.promoBogof', promotion.bogof)
  return t('cart.promoPoints', { points: promotion.points })
}

function changeText(t: TFunction, locale: Locale, change: CartChange): string {
  const name = lineName(change.line)
  switch (change.kind) {
    case 'price': {
      const [from, to] = [formatMoney(change.from, locale), formatMoney(change.to, locale)]
      return t('cart.changedPrice', { name, from, to })
    }
    case 'quantity':
      return t('cart.changedQuantity', { name, from: change.from, stock: change.to })
    case 'sold-out':
      return t('cart.changedSoldOut', { name })
    case 'back-in-stock':
      return t('cart.changedBackInStock', { name })
    case 'promotion':
      if (change.to.type === 'none')
        return t('cart.changedPromotionEnded', { name, promotion: promotionText(t, change.from) })
      if (change.from.type === 'none')
        return t('cart.changedPromotionBegan', { name, promotion: promotionText(t, change.to) })
      return t('cart.changedPromotionChanged', {
        name,
        from: promotionText(t, change.from),
        to: promotionText(t, change.to),
      })
  }
}

/**
 * Above the cart's lines: what the catalogue changed since the lines were added (read when the
 * page opens, and on Pay), each change named, and why Pay stopped when it did. A polite live
 * region that is always there, so what appears in it is announced; a refused Pay moves the focus
 * here. Changes of lines removed since are no longer named.
 */
export function CatalogueNotice() {
  const { t } = useTranslation('cart')
  const locale = useLocale()
  const client = useQueryClient()
  const cart = useCart()
  const changes = useCatalogueChanges()
  const status = usePaymentStatus()
  const failureText = useFailureText()
  const notice = useRef<HTMLDivElement>(null)
  useEffect(() => checkOnOpen(client, locale), [client, locale])

  const failure = status.state === 'idle' ? status.failure : null
  const refusal = failure?.kind === 'cart-changed' || failure?.kind === 'sold-out' ? failure : null
  useEffect(() => {
    if (refusal) notice.current?.focus()
  }, [refusal])
  // "Remove what is out of stock" is said while something is.
  const told = refusal?.kind === 'sold-out' && soldOutLines(cart).length === 0 ? null : refusal

  const inCart = new Set(cart.lines.map((l) => l.id))
  const shown = changes.filter((c) => inCart.has(c.line.id))
  return (
    <div aria-live="polite" className={styles.noticeRegion}>
      {(shown.length > 0 || told) && (
        <div ref={notice} tabIndex={-1} className={styles.catalogueNotice}>
          {shown.length > 0 && (
            <>
              <p className={styles.noticeTitle}>{t('cart.changedTitle')}</p>
              <ul className={styles.noticeList}>
                {shown.map((change) => (
                  <li key={`${change.line.id}-${change.kind}`}>{changeText(t, locale, change)}</li>
                ))}
              </ul>
            </>
          )}
          {told && <p className={styles.noticeAction}>{failureText(told)}</p>}
        </div>
      )}
    </div>
  )
}
