import type { AnyWidgetDefinition } from '../src/props/schema'
import { quotes } from '../widgets/quotes/index'
import { consent } from '../widgets/consent/index'
import { giftbox } from '../widgets/giftbox/index'
import { login } from '../widgets/login/index'
import { userMenu } from '../widgets/user-menu/index'
import { wineTabs } from '../widgets/wine-tabs/index'
import { bundle } from '../widgets/bundle/index'
import { minicart } from '../widgets/minicart/index'
import { cart } from '../widgets/cart/index'
import { account } from '../widgets/account/index'
import { invoices } from '../widgets/invoices/index'
import { resetPassword } from '../widgets/reset-password/index'
import { search } from '../widgets/search/index'
import { sommelier } from '../widgets/sommelier/index'
import { carousel } from '../widgets/carousel/index'
import { slider } from '../widgets/slider/index'
import { decouvrir } from '../widgets/decouvrir/index'
import { index } from '../widgets/index/index'
import { faq } from '../widgets/faq/index'
import { freeDelivery } from '../widgets/free-delivery/index'

/**
 * The one list of widgets. Only widgets that really exist are registered; the catalogue page and
 * docs/widgets.md are generated from these definitions.
 */
export const registry: readonly AnyWidgetDefinition[] = [
  quotes,
  consent,
  giftbox,
  login,
  userMenu,
  wineTabs,
  bundle,
  minicart,
  cart,
  account,
  invoices,
  resetPassword,
  search,
  sommelier,
  carousel,
  slider,
  decouvrir,
  index,
  faq,
  freeDelivery,
]
