import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { promotionQueryOptions, usePromotion, type WineVariant } from '../../src/api/catalogue'
import {
  addBoxQuantity,
  isOutOfStock,
  minusQuantity,
  plusQuantity,
  wineInputQuantity,
} from '../../src/domain/quantity'
import type { Promotion } from '../../src/domain/types'
import { useT } from '../../src/i18n/locale-context'
import { addToCart } from '../../src/store/cart-actions'
import { Money } from '../../src/ui/money/Money'
import { QuantityInput } from '../../src/ui/quantity-input/QuantityInput'
import styles from './WineTabs.module.css'

export interface AddToCartBoxProps {
  odooCode: string
  name: string
  vintage: string
  variant: WineVariant
}

type Status = { kind: 'added' | 'full'; count: number } | null

/**
 * The add-to-cart box of one vintage and volume (spec 2 and 5): price, minus/plus (+6, the first
 * step from 1 adds 5), a quantity field (at least 1, at most the stock, clamped between 0 and
 * the stock when left), the add button; an out-of-stock banner instead when nothing is left.
 */
export function AddToCartBox({ odooCode, name, vintage, variant }: AddToCartBoxProps) {
  const t = useT('wineTabs')
  const client = useQueryClient()
  const stock = Math.max(0, Math.floor(variant.qty_available))
  const soldOut = isOutOfStock(variant.qty_available)
  const request = { wineCode: odooCode, vintage, volume: variant.volume }
  const promotion = usePromotion(soldOut ? null : request)
  const [text, setText] = useState('1')
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<Status>(null)

  const quantity = addBoxQuantity(text, stock)
  const current = wineInputQuantity(text, stock)

  const add = async () => {
    if (busy || quantity < 1) return
    setBusy(true)
    // The lookup never fails (a failure means no promotion); usually it is already cached.
    const linePromotion = await client.ensureQueryData(promotionQueryOptions(request))
    const result = addToCart({
      id: String(variant.id),
      odooCode,
      odooId: variant.id,
      name,
      vintage,
      volume: variant.volume,
      quantity,
      price: variant.price,
      qty_available: variant.qty_available,
      free_qty: variant.free_qty,
      type: 'product',
      wines: [],
      free_shipping: false,
      promotion: linePromotion,
    })
    setBusy(false)
    setStatus({ kind: result.added ? 'added' : 'full', count: result.quantity })
  }

  return (
    <div className={styles.box}>
      <p className={styles.price}>
        <span className={styles.priceLabel}>{t('wineTabs.price')}</span>{' '}
        <Money amount={variant.price} className={styles.amount} />
      </p>
      {promotion.data && <PromotionBadge promotion={promotion.data} />}
      {soldOut ? (
        <p className={styles.outOfStock}>
          <strong>{t('wineTabs.outOfStock')}</strong> {t('wineTabs.outOfStockText')}
        </p>
      ) : (
        <form
          className={styles.order}
          onSubmit={(event) => {
            event.preventDefault()
            void add()
          }}
        >
          <QuantityInput
            value={text}
            onChange={(value) => {
              setText(value)
              setStatus(null)
            }}
            onBlur={() => setText(String(addBoxQuantity(text, stock)))}
            onMinus={() => setText(String(minusQuantity(current, 1)))}
            onPlus={() => setText(String(plusQuantity(current, stock)))}
            minusDisabled={current <= 1}
            plusDisabled={current >= stock}
            label={t('wineTabs.quantity')}
            minusLabel={t('wineTabs.minus')}
            plusLabel={t('wineTabs.plus')}
            hint={t('wineTabs.available', { count: stock })}
            showLabel
          />
          <button type="submit" className={styles.add} disabled={busy || quantity < 1}>
            {busy ? t('wineTabs.adding') : t('wineTabs.add')}
          </button>
        </form>
      )}
      <p className={styles.status} role="status">
        {status &&
          (status.kind === 'added'
            ? t('wineTabs.added', { count: status.count })
            : t('wineTabs.stockReached', { count: status.count }))}
      </p>
      <p className={styles.claim}>{t('wineTabs.moneyBack')}</p>
    </div>
  )
}

function PromotionBadge({ promotion }: { promotion: Promotion }) {
  const t = useT('wineTabs')
  if (promotion.type === 'points') {
    return (
      <p className={styles.promotion}>{t('wineTabs.promoPoints', { points: promotion.points })}</p>
    )
  }
  if (promotion.type === 'bogof' && promotion.bogof) {
    return <p className={styles.promotion}>{t('wineTabs.promoBogof', promotion.bogof)}</p>
  }
  return null
}
