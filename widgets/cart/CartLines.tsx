import { useState } from 'react'
import { lineTotal } from '../../src/domain/cart'
import { clampQuantity, minusQuantity, plusQuantity } from '../../src/domain/quantity'
import type { CartLine } from '../../src/domain/types'
import { useT } from '../../src/i18n/locale-context'
import { removeFromCart, updateCartQuantity } from '../../src/store/cart-actions'
import { Money } from '../../src/ui/money/Money'
import { QuantityInput } from '../../src/ui/quantity-input/QuantityInput'
import styles from './Cart.module.css'

/** The cart's lines: change a quantity within the stock, or remove the line (spec 2 and 4). */
export function CartLines({ lines }: { lines: readonly CartLine[] }) {
  const t = useT('cart')
  const [removed, setRemoved] = useState<string | null>(null)
  return (
    <>
      <ul className={styles.lines} aria-label={t('cart.lines')}>
        {lines.map((line) => (
          <CartLineRow
            key={line.id}
            line={line}
            onRemove={() => {
              if (removeFromCart(line.id)) setRemoved(line.name)
            }}
          />
        ))}
      </ul>
      <p className={styles.status} role="status">
        {removed ? t('cart.removed', { name: removed }) : ''}
      </p>
    </>
  )
}

function CartLineRow({ line, onRemove }: { line: CartLine; onRemove: () => void }) {
  const t = useT('cart')
  // Text being typed; null shows the cart's quantity.
  const [draft, setDraft] = useState<string | null>(null)
  const stock = Math.max(1, Math.floor(line.qty_available))
  const commit = (quantity: number) => {
    setDraft(null)
    updateCartQuantity(line.id, quantity)
  }
  const details =
    line.type === 'bundle'
      ? t('cart.bundle')
      : [line.vintage, line.volume].filter(Boolean).join(' · ')
  const { promotion } = line
  return (
    <li className={styles.line}>
      <div className={styles.product}>
        <span className={styles.name}>{line.name}</span>
        <span className={styles.details}>{details}</span>
        {promotion.type === 'points' && promotion.points > 1 && (
          <span className={styles.promotion}>
            {t('cart.promoPoints', { points: promotion.points })}
          </span>
        )}
        {promotion.type === 'bogof' && promotion.bogof && (
          <span className={styles.promotion}>{t('cart.promoBogof', promotion.bogof)}</span>
        )}
      </div>
      <div className={styles.unit}>
        <span className={styles.cellLabel}>{t('cart.unitPrice')}</span>
        <Money amount={line.price} />
      </div>
      <form
        className={styles.lineQuantity}
        onSubmit={(event) => {
          event.preventDefault()
          if (draft !== null) commit(clampQuantity(draft, 1, stock))
        }}
      >
        <QuantityInput
          value={draft ?? String(line.quantity)}
          onChange={setDraft}
          onBlur={() => {
            if (draft !== null) commit(clampQuantity(draft, 1, stock))
          }}
          onMinus={() => commit(minusQuantity(line.quantity, 1))}
          onPlus={() => commit(plusQuantity(line.quantity, stock))}
          minusDisabled={line.quantity <= 1}
          plusDisabled={line.quantity >= stock}
          label={t('cart.quantityOf', { name: line.name })}
          minusLabel={t('cart.minus', { name: line.name })}
          plusLabel={t('cart.plus', { name: line.name })}
          hint={t('cart.stock', { count: stock })}
        />
      </form>
      <div className={styles.lineTotal}>
        <span className={styles.cellLabel}>{t('cart.lineTotal')}</span>
        <Money amount={lineTotal(line)} className={styles.strong} />
      </div>
      <button
        type="button"
        className={styles.remove}
        onClick={onRemove}
        aria-label={t('cart.removeLine', { name: line.name })}
      >
        {t('cart.remove')}
      </button>
    </li>
  )
}
