import { useRef, useState } from 'react'
import { useEmitOnce } from '../../src/bus/use-bus'
import { usePromotion, type WineVariant } from '../../src/api/products'
import {
  addBoxQuantity,
  isOutOfStock,
  minusQuantity,
  plusQuantity,
  wineInputQuantity,
} from '../../src/domain/quantity'
import { cartPath } from '../../src/domain/cart-page'
import { tabHash } from '../../src/domain/tab-memory'
import type { Promotion } from '../../src/domain/types'
import { useLocale } from '../../src/i18n/locale-context'
import { useTranslation } from 'react-i18next'
import type { AddResult } from '../../src/store/cart-actions'
import { useAddWine } from '../../src/features/add-wine/use-add-wine'
import { AddedToCart, type AddedNotice } from '../../src/ui/added-to-cart/AddedToCart'
import { Money } from '../../src/ui/money/Money'
import { QuantityInput } from '../../src/ui/quantity-input/QuantityInput'
import { usePaintFirst } from '../../src/ui/after-paint/use-paint-first'
import { AddButton } from '../../src/ui/buy-box/AddButton'
import styles from './WineTabs.module.css'

export interface AddToCartBoxProps {
  odooCode: string
  name: string
  vintage: string
  variant: WineVariant
  /** The wine's label image, kept on the cart line for its thumbnail. */
  image?: string
}

/**
 * The add-to-cart box of one vintage and volume: price, minus/plus (+6, the first
 * step from 1 adds 5), a quantity field (at least 1, at most the stock, clamped between 0 and
 * the stock when left), the add button; an out-of-stock banner instead when nothing is left.
 */
export function AddToCartBox({ odooCode, name, vintage, variant, image }: AddToCartBoxProps) {
  const { t } = useTranslation('wineTabs')
  const locale = useLocale()
  const stock = Math.max(0, Math.floor(variant.qty_available))
  const soldOut = isOutOfStock(variant.qty_available)
  const request = { wineCode: odooCode, vintage, volume: variant.volume }
  const promotion = usePromotion(soldOut ? null : request)
  const [text, setText] = useState('1')
  // Stock reached shows under the box; an addition shows in the confirmation panel.
  const [full, setFull] = useState<number | null>(null)
  const [notice, setNotice] = useState<AddedNotice | null>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  useEmitOnce('item:viewed', String(variant.id), () => ({
    item: {
      odooCode,
      name,
      vintage,
      volume: variant.volume,
      price: variant.price,
      quantity: 1,
      type: 'product',
    },
  }))

  const quantity = addBoxQuantity(text, stock)
  const current = wineInputQuantity(text, stock)

  const showResult = (result: AddResult) => {
    if (result.added) {
      setFull(null)
      setNotice({
        message: t('wineTabs.added', { count: result.quantity }),
        item: [name, vintage, variant.volume].join(' · '),
      })
    } else {
      setFull(result.quantity)
    }
  }
  const { add, busy } = useAddWine(
    {
      odooCode,
      name,
      vintage,
      variant,
      // Back to this page, on this vintage and volume's tab.
      url: `${window.location.pathname}${tabHash({ vintage, volume: variant.volume })}`,
      ...(image && { image }),
    },
    showResult,
    'wine-tabs',
  )
  // The tap's own paint shows "Adding…"; the cart (minicart, badges, saved state) and the
  // confirmation follow it, so the tap is answered before that work.
  const [adding, startAdding] = usePaintFirst(add)
  const waiting = busy || adding !== null

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
            if (!waiting && quantity >= 1) startAdding(quantity)
          }}
        >
          <QuantityInput
            value={text}
            onChange={(value) => {
              setText(value)
              setFull(null)
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
          <AddButton
            ref={addButton}
            disabled={quantity < 1}
            adding={waiting}
            label={t('wineTabs.add')}
            addingLabel={t('wineTabs.adding')}
          />
        </form>
      )}
      <p className={styles.status} role="status">
        {full !== null && t('wineTabs.stockReached', { count: full })}
      </p>
      <AddedToCart
        notice={notice}
        cartHref={cartPath(locale)}
        cartLabel={t('wineTabs.toCart')}
        closeLabel={t('wineTabs.closeNotice')}
        returnFocus={addButton}
      />
      <p className={styles.claim}>{t('wineTabs.moneyBack')}</p>
    </div>
  )
}

function PromotionBadge({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('wineTabs')
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
