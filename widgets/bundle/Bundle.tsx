import { useRef, useState } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useBundle, type BundleAnswer } from '../../src/api/products'
import { useEmitOnce } from '../../src/bus/use-bus'
import {
  bundleBlurQuantity,
  bundleMaxQuantity,
  clampQuantity,
  isOutOfStock,
  minusQuantity,
  plusQuantity,
} from '../../src/domain/quantity'
import { cartPath } from '../../src/domain/cart-page'
import { NO_PROMOTION } from '../../src/domain/points'
import { useLocale } from '../../src/i18n/locale-context'
import { useTranslation } from 'react-i18next'
import { addToCart, useQuantityInCart } from '../../src/store/cart-actions'
import { AddedToCart, type AddedNotice } from '../../src/ui/added-to-cart/AddedToCart'
import { Money } from '../../src/ui/money/Money'
import { QuantityInput } from '../../src/ui/quantity-input/QuantityInput'
import type { BundleProps } from './props'
import buyBox from '../../src/ui/buy-box/BuyBox.module.css'
import styles from './Bundle.module.css'
import { usePaintFirst } from '../../src/ui/after-paint/use-paint-first'
import { AddButton } from '../../src/ui/buy-box/AddButton'
import { useReportError } from '../../src/report/use-report-error'

/** Bundle page: loading skeleton, then available or out of stock. */
export default function Bundle({ props, locale, element }: WidgetComponentProps<BundleProps>) {
  const { t } = useTranslation('bundle')
  const query = useBundle({ odooCode: props.odooCode, locale })

  // A bundle load failure is only reported; the page stays empty.
  useReportError(query.error, {
    widget: 'bundle',
    area: 'data',
    message: `bundle: the bundle ${props.odooCode} could not be loaded`,
    element,
  })

  if (query.isPending) {
    return (
      <div className={styles.skeleton} role="status" aria-busy="true">
        <span className={styles.skeletonPrice} aria-hidden="true" />
        <span className={styles.skeletonLine} aria-hidden="true" />
        <span className={styles.visuallyHidden}>{t('bundle.loading')}</span>
      </div>
    )
  }
  if (query.isError) return null
  return <BundleBox answer={query.data} />
}

function BundleBox({ answer }: { answer: BundleAnswer }) {
  const { t } = useTranslation('bundle')
  const { bundle, wines } = answer
  const inCart = useQuantityInCart(bundle.odooCode)
  const stock = Math.max(0, Math.floor(bundle.qty_available))
  const max = bundleMaxQuantity(stock, inCart)
  const [text, setText] = useState(() => (max > 0 ? '1' : '0'))
  const [added, setAdded] = useState<number | null>(null)
  const locale = useLocale()
  const [notice, setNotice] = useState<AddedNotice | null>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  useEmitOnce('item:viewed', bundle.odooCode, () => ({
    item: {
      odooCode: bundle.odooCode,
      name: bundle.name,
      vintage: null,
      volume: null,
      price: bundle.price,
      quantity: 1,
      type: 'bundle',
    },
  }))

  const current = clampQuantity(text, 0, max)
  const soldOut = isOutOfStock(bundle.qty_available)

  const add = (quantity: number) => {
    const result = addToCart({
      id: bundle.odooCode,
      odooCode: bundle.odooCode,
      odooId: bundle.id,
      name: bundle.name,
      vintage: null,
      volume: null,
      quantity,
      price: bundle.price,
      qty_available: bundle.qty_available,
      free_qty: bundle.qty_available,
      type: 'bundle',
      wines: wines.map((w) => ({ id: w.id, name: w.name, quantity: w.quantity })),
      free_shipping: bundle.free_shipping,
      promotion: NO_PROMOTION,
      url: window.location.pathname,
    })
    setAdded(result.quantity)
    setNotice({ message: t('bundle.added', { count: result.quantity }), item: bundle.name })
    // What is left to add after this: start again from 1 (or 0 when nothing is left).
    setText(bundleMaxQuantity(stock, result.quantity) > 0 ? '1' : '0')
  }
  // The tap's own paint shows "Adding…"; the cart and the confirmation follow it.
  const [adding, startAdding] = usePaintFirst(add)

  return (
    <div className={styles.bundle}>
      {soldOut ? (
        <p className={styles.badge}>
          <strong>{t('bundle.outOfStock')}</strong>
          <span>{t('bundle.outOfStockText')}</span>
        </p>
      ) : (
        <div className={buyBox.box}>
          <p className={buyBox.price}>
            <span className={buyBox.priceLabel}>{t('bundle.price')}</span>{' '}
            <Money amount={bundle.price} className={buyBox.amount} />
          </p>
          <form
            className={buyBox.order}
            onSubmit={(event) => {
              event.preventDefault()
              const quantity = bundleBlurQuantity(text, stock, inCart)
              if (adding === null && quantity >= 1) startAdding(quantity)
            }}
          >
            <QuantityInput
              value={text}
              onChange={(value) => {
                setText(value)
                setAdded(null)
              }}
              onBlur={() => setText(String(bundleBlurQuantity(text, stock, inCart)))}
              onMinus={() => setText(String(Math.min(minusQuantity(current, 1), max)))}
              onPlus={() => setText(String(plusQuantity(current, max)))}
              minusDisabled={current <= 1}
              plusDisabled={current >= max}
              disabled={max < 1}
              label={t('bundle.quantity')}
              minusLabel={t('bundle.minus')}
              plusLabel={t('bundle.plus')}
              hint={
                // "N more available" only once some are in the cart; before that it is noise.
                max < 1
                  ? t('bundle.maxReached')
                  : inCart > 0
                    ? t('bundle.available', { count: max })
                    : undefined
              }
              showLabel
            />
            <AddButton
              ref={addButton}
              disabled={current < 1}
              adding={adding !== null}
              label={t('bundle.add')}
              addingLabel={t('bundle.adding')}
            />
          </form>
          <p className={buyBox.status} role="status">
            {/* Right after adding, the confirmation panel says it (announced once). */}
            {added === null && inCart > 0 ? t('bundle.inCart', { count: inCart }) : ''}
          </p>
          <AddedToCart
            notice={notice}
            cartHref={cartPath(locale)}
            cartLabel={t('bundle.toCart')}
            closeLabel={t('bundle.closeNotice')}
            returnFocus={addButton}
          />
        </div>
      )}
      {wines.length > 0 && (
        <section className={styles.contents}>
          <h2 className={styles.contentsTitle}>{t('bundle.contents')}</h2>
          <ul>
            {wines.map((w) => (
              <li key={w.id}>
                {w.quantity} × {w.url ? <a href={w.url}>{w.name}</a> : w.name}
                {w.vintage && ` ${w.vintage}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className={styles.reassurance}>
        {bundle.free_shipping ? t('bundle.freeShipping') : t('bundle.moneyBack')}
      </p>
    </div>
  )
}
