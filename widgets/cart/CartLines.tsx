import { useState } from 'react'
import { useEmitOnce } from '../../src/bus/use-bus'
import { lineTotal } from '../../src/domain/cart'
import { clampQuantity, isOutOfStock, minusQuantity, plusQuantity } from '../../src/domain/quantity'
import type { CartLine } from '../../src/domain/types'
import { safeUrl } from '../../src/domain/safe-url'
import { useTranslation } from 'react-i18next'
import {
  currentQuantity,
  removeFromCart,
  updateCartQuantity,
  useCheckoutLocked,
} from '../../src/store/cart-actions'
import { usePaymentElsewhere } from '../../src/store/checkout-hold'
import { LineDetails } from '../../src/ui/cart-line/LineDetails'
import { Money } from '../../src/ui/money/Money'
import { QuantityInput } from '../../src/ui/quantity-input/QuantityInput'
import styles from './CartLines.module.css'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'
import { usePaintFirst } from '../../src/ui/after-paint/use-paint-first'

/** The cart's lines: change a quantity within the stock, or remove the line. */
export function CartLines({ lines }: { lines: readonly CartLine[] }) {
  const { t } = useTranslation('cart')
  const [removed, setRemoved] = useState<string | null>(null)
  // The tabs share one cart: while another pays it, this one shows why its lines are read-only.
  const payingElsewhere = usePaymentElsewhere()
  // The cart page showed its lines (here, not in CartPage: this effect runs before the
  // checkout's begin_checkout, its later sibling, so the events keep the shopper's order).
  useEmitOnce('cart:viewed', lines.length > 0 ? 'lines' : null, () => ({ items: [...lines] }))
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
        {payingElsewhere
          ? t('cart.payingElsewhere')
          : removed
            ? t('cart.removed', { name: removed })
            : ''}
      </p>
    </>
  )
}

/** A bottle (wine) or a box (bundle): the thumbnail of a line without a label image. */
function LineDrawing({ type }: { type: CartLine['type'] }) {
  return (
    <DecorativeSvg viewBox="0 0 48 64" data-line-drawing={type}>
      {type === 'bundle' ? (
        <>
          <path d="M8 26h32v28H8zM8 26l4-8h24l4 8M24 18v36" />
          <path d="M17 18v-6M31 18v-6" />
        </>
      ) : (
        <path d="M20 6h8v12c0 3 6 6 6 14v24a2 2 0 0 1-2 2H16a2 2 0 0 1-2-2V32c0-8 6-11 6-14Z" />
      )}
    </DecorativeSvg>
  )
}

/**
 * The line's label image, or a drawing. Decorative (`alt=""`): the name next to it says what it
 * is. The saved cart is read back from storage, so its addresses go through `safeUrl`.
 */
function LineThumbnail({ line }: { line: CartLine }) {
  const image = safeUrl(line.image)
  return (
    <span className={styles.thumb}>
      {image ? (
        <img src={image} alt="" width={48} height={64} loading="lazy" decoding="async" />
      ) : (
        <LineDrawing type={line.type} />
      )}
    </span>
  )
}

function CartLineRow({ line, onRemove }: { line: CartLine; onRemove: () => void }) {
  const { t } = useTranslation('cart')
  const locked = useCheckoutLocked()
  // Text being typed; null shows the cart's quantity.
  const [draft, setDraft] = useState<string | null>(null)
  const stock = Math.max(1, Math.floor(line.qty_available))
  // Kept in the cart, marked, not payable: the shopper removes it (its quantity cannot change).
  const soldOut = isOutOfStock(line.qty_available)
  // Plus and minus show the new quantity in the tap's own paint; the cart (its totals, shipping,
  // droplets and the header's minicart, all re-rendered by a store change) follows after it.
  const [stepped, step, dropStep] = usePaintFirst((quantity: number) =>
    updateCartQuantity(line.id, quantity),
  )
  // A typed quantity replaces a step not yet in the cart.
  const commit = (quantity: number) => {
    dropStep()
    setDraft(null)
    updateCartQuantity(line.id, quantity)
  }
  const quantity = stepped ?? line.quantity
  // A second tap before the first is in the cart steps from the first.
  const base = () => stepped ?? currentQuantity(line.id) ?? line.quantity
  const { promotion } = line
  const href = safeUrl(line.url)
  return (
    <li className={styles.line}>
      <div className={styles.product}>
        <LineThumbnail line={line} />
        <div className={styles.productText}>
          {href ? (
            <a href={href} className={`${styles.name} ${styles.nameLink}`}>
              {line.name}
            </a>
          ) : (
            <span className={styles.name}>{line.name}</span>
          )}
          <LineDetails line={line} bundleLabel={t('cart.bundle')} className={styles.details} />
          {soldOut && <strong className={styles.soldOut}>{t('cart.outOfStock')}</strong>}
          {promotion.type === 'points' && promotion.points > 1 && (
            <span className={styles.promotion}>
              {t('cart.promoPoints', { points: promotion.points })}
            </span>
          )}
          {promotion.type === 'bogof' && promotion.bogof && (
            <span className={styles.promotion}>{t('cart.promoBogof', promotion.bogof)}</span>
          )}
        </div>
      </div>
      <div className={styles.unit}>
        <span className={styles.cellLabel}>{t('cart.unitPrice')}</span>
        <Money amount={line.price} />
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (draft !== null) commit(clampQuantity(draft, 1, stock))
        }}
      >
        <QuantityInput
          value={draft ?? String(quantity)}
          onChange={setDraft}
          onBlur={() => {
            if (draft !== null) commit(clampQuantity(draft, 1, stock))
          }}
          onMinus={() => step(minusQuantity(base(), 1))}
          onPlus={() => step(plusQuantity(base(), stock))}
          minusDisabled={quantity <= 1}
          plusDisabled={quantity >= stock}
          label={t('cart.quantityOf', { name: line.name })}
          minusLabel={t('cart.minus', { name: line.name })}
          plusLabel={t('cart.plus', { name: line.name })}
          hint={soldOut ? undefined : t('cart.stock', { count: stock })}
          disabled={locked || soldOut}
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
        disabled={locked}
        aria-label={t('cart.removeLine', { name: line.name })}
      >
        {t('cart.remove')}
      </button>
    </li>
  )
}
