import { useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  promotionQueryOptions,
  wineVariantsQueryOptions,
  type WineVariant,
} from '../../src/api/products'
import { defaultVariant } from '../../src/domain/default-variant'
import { quantityInCart } from '../../src/domain/cart'
import { cartPath } from '../../src/domain/cart-page'
import { isOutOfStock } from '../../src/domain/quantity'
import type { CartLine, Locale, Promotion } from '../../src/domain/types'
import type { WineHit } from '../../src/domain/wine-hit'
import { reportError } from '../../src/report/report'
import { addToCart, type AddResult } from '../../src/store/cart-actions'
import { useStore } from '../../src/store/shared-store'
import { AddedToCart, type AddedNotice } from '../../src/ui/added-to-cart/AddedToCart'
import { usePaintFirst } from '../../src/ui/after-paint/use-paint-first'
import { AddButton } from '../../src/ui/buy-box/AddButton'
import answers from './Answers.module.css'

/** The name the wine page and its cart lines use: the estate, then the cuvée. */
export const wineName = (hit: WineHit): string => [hit.e, hit.title].filter(Boolean).join(' ')

interface Chosen {
  vintage: string
  variant: WineVariant
}

/**
 * "Add to cart" of one sommelier suggestion: reads the wine's vintages (the wine page's query,
 * so the cache is shared) and adds one bottle of the default variant (`defaultVariant`) at the
 * catalogue's price, with its promotion, as the wine page's box does; out of stock it says so
 * and offers nothing. Once the cart holds that bottle the card says so.
 */
export function SuggestionBuy({ hit, locale }: { hit: WineHit; locale: Locale }) {
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
      chosen={chosen}
      odooCode={odooCode}
      name={name}
      url={hit.url}
      image={hit.label[0]}
      locale={locale}
    />
  )
}

interface ChosenProps {
  chosen: Chosen
  odooCode: string
  name: string
  url: string
  image: string | undefined
  locale: Locale
}

function BuyChosen({ chosen, odooCode, name, url, image, locale }: ChosenProps) {
  const { t } = useTranslation('sommelier')
  const client = useQueryClient()
  const { vintage, variant } = chosen
  const id = String(variant.id)
  const inCart = useStore((state) => quantityInCart(state.cart, id))
  const [notice, setNotice] = useState<AddedNotice | null>(null)
  const [full, setFull] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const request = { wineCode: odooCode, vintage, volume: variant.volume }

  const lineFor = (promotion: Promotion): CartLine => ({
    id,
    odooCode,
    odooId: variant.id,
    name,
    vintage,
    volume: variant.volume,
    quantity: 1,
    // The catalogue's price, as getwinevariants gives it; never a figure of the model's text.
    price: variant.price,
    qty_available: variant.qty_available,
    free_qty: variant.free_qty,
    type: 'product',
    wines: [],
    free_shipping: false,
    promotion,
    ...(url && { url }),
    ...(image && { image }),
  })
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
  // As the wine page: the line carries its promotion (a lookup that never fails), cached nearly
  // always; otherwise the button says "Adding…" while it comes.
  const add = () => {
    const options = promotionQueryOptions(request)
    const cached = client.getQueryData(options.queryKey)
    if (cached !== undefined) {
      showResult(addToCart(lineFor(cached)))
      return
    }
    setBusy(true)
    client
      .query({ ...options, staleTime: 'static' })
      .then((promotion) => showResult(addToCart(lineFor(promotion))))
      .finally(() => setBusy(false))
      .catch((error: unknown) =>
        reportError({
          widget: 'sommelier',
          area: 'widget',
          message: 'could not add to the cart',
          error,
        }),
      )
  }
  const [adding, startAdding] = usePaintFirst<true>(add)
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
          if (!waiting) startAdding(true)
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
