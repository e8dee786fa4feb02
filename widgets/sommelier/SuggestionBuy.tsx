import { useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { wineVariantsQueryOptions } from '../../src/api/products'
import { defaultVariant } from '../../src/domain/default-variant'
import { quantityInCart } from '../../src/domain/cart'
import { cartPath } from '../../src/domain/cart-page'
import { isOutOfStock } from '../../src/domain/quantity'
import type { Locale } from '../../src/domain/types'
import type { WineHit } from '../../src/domain/wine-hit'
import type { AddResult } from '../../src/store/cart-actions'
import { useAddWine, type WineChoice } from '../../src/features/add-wine/use-add-wine'
import { useStore } from '../../src/store/shared-store'
import { AddedToCart, type AddedNotice } from '../../src/ui/added-to-cart/AddedToCart'
import { usePaintFirst } from '../../src/ui/after-paint/use-paint-first'
import { AddButton } from '../../src/ui/buy-box/AddButton'
import answers from './Answers.module.css'

/** The name the wine page and its cart lines use: the estate, then the cuvée. */
export const wineName = (hit: WineHit): string => [hit.e, hit.title].filter(Boolean).join(' ')

/**
 * "Add to cart" of one sommelier suggestion: reads the wine's vintages (the wine page's query,
 * so the cache is shared) and adds one bottle of the default variant (`defaultVariant`) at the
 * catalogue's price, with its promotion, as the wine page's box does; out of stock it says so
 * and offers nothing. Once the cart holds that bottle the card says so.
 */
export default function SuggestionBuy({ hit, locale }: { hit: WineHit; locale: Locale }) {
  const { t } = useTranslation('sommelier')
  const { odooCode } = hit
  const name = wineName(hit)
  const vintages = useQuery(wineVariantsQueryOptions({ odooCode, locale, name }))
  const chosen = vintages.data ? defaultVariant(vintages.data) : null
  if (vintages.isError || (vintages.data && !chosen)) {
    // Nothing to add from here: the title's link leads to the wine page.
    return <div className={answers.buy} />
  }
  if (!chosen) {
    return (
      <div className={answers.buy}>
        <p className={answers.buyWait}>{t('sommelier.buyLoading')}</p>
      </div>
    )
  }
  return (
    <BuyChosen
      key={chosen.variant.id}
      choice={{
        ...chosen,
        odooCode,
        name,
        url: hit.url,
        ...(hit.label[0] && { image: hit.label[0] }),
      }}
      locale={locale}
    />
  )
}

function BuyChosen({ choice, locale }: { choice: WineChoice; locale: Locale }) {
  const { t } = useTranslation('sommelier')
  const { name, vintage, variant } = choice
  const id = String(variant.id)
  const inCart = useStore((state) => quantityInCart(state.cart, id))
  const [notice, setNotice] = useState<AddedNotice | null>(null)
  const [full, setFull] = useState<number | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const showResult = (result: AddResult) => {
    if (result.added) {
      setFull(null)
      setNotice({
        message: t('sommelier.added', { count: result.quantity }),
        item: [name, vintage, variant.volume].join(' · '),
      })
    } else {
      setFull(result.quantity)
    }
  }
  // One bottle at the catalogue's price (getwinevariants'), never a figure of the model's text.
  const { add, busy } = useAddWine(choice, showResult, 'sommelier')
  const [adding, startAdding] = usePaintFirst<number>(add)
  const waiting = busy || adding !== null
  const item = `${vintage} · ${variant.volume}`

  if (isOutOfStock(variant.qty_available)) {
    return (
      <div className={answers.buy}>
        <p className={answers.buyItem}>{item}</p>
        <p className={answers.soldOut}>{t('sommelier.outOfStock')}</p>
      </div>
    )
  }
  return (
    <div className={answers.buy}>
      <p className={answers.buyItem}>{item}</p>
      <form
        className={answers.buyForm}
        onSubmit={(event) => {
          event.preventDefault()
          if (!waiting) startAdding(1)
        }}
      >
        <AddButton
          ref={button}
          disabled={false}
          adding={waiting}
          label={t('sommelier.add')}
          addingLabel={t('sommelier.adding')}
        />
      </form>
      {/* Not announced: the confirmation panel says what was added. Its line is kept laid out. */}
      <p className={answers.inCart}>{inCart > 0 && t('sommelier.inCart', { count: inCart })}</p>
      <p className={answers.buyStatus} role="status">
        {full !== null && t('sommelier.stockReached', { count: full })}
      </p>
      <AddedToCart
        notice={notice}
        cartHref={cartPath(locale)}
        cartLabel={t('sommelier.toCart')}
        closeLabel={t('sommelier.closeNotice')}
        returnFocus={button}
      />
    </div>
  )
}
